// When suppliers may ask: the question deadline (24 hours before the quoting deadline unless the
// buyer set one; never after the quoting deadline) and the project's state, judged at an instant.
import assert from "node:assert/strict";
import { questionRefusal, questionsCloseAt } from "../../server/domain/questions/rules.ts";

const deadline = new Date("2026-11-30T09:00:00Z");
const project = (over: Record<string, unknown> = {}) => ({
  status: "published" as const,
  offerEndTime: deadline,
  allQuotedAt: null,
  questionEndTime: null,
  ...over,
});
const at = (iso: string) => new Date(iso);

Deno.test("questions close 24 hours before the deadline unless the buyer set their own deadline", () => {
  assert.equal(questionsCloseAt(project())?.toISOString(), "2026-11-29T09:00:00.000Z");
  const own = at("2026-11-27T02:00:00Z");
  assert.equal(questionsCloseAt(project({ questionEndTime: own }))?.getTime(), own.getTime());
  // A deadline moved before the question deadline brings it along: never after quoting closes.
  const late = at("2026-11-30T08:00:00Z");
  assert.equal(
    questionsCloseAt(project({ questionEndTime: late, offerEndTime: at("2026-11-30T06:00:00Z") }))
      ?.toISOString(),
    "2026-11-30T06:00:00.000Z",
  );
  assert.equal(questionsCloseAt(project({ offerEndTime: null })), null, "bargaining: no deadline");
});

Deno.test("a question is taken before its deadline only; the deadline instant itself is too late", () => {
  assert.equal(questionRefusal(project(), at("2026-11-29T08:59:59.999Z")), null);
  assert.equal(questionRefusal(project(), at("2026-11-29T09:00:00Z")), "questions.deadlinePassed");
  assert.equal(
    questionRefusal(
      project({ questionEndTime: at("2026-11-30T08:00:00Z") }),
      at("2026-11-30T07:00Z"),
    ),
    null,
  );
  assert.equal(
    questionRefusal(project({ offerEndTime: null }), at("2027-01-01T00:00:00Z")),
    null,
    "without any deadline, while quoting is open",
  );
});

Deno.test("no question before publishing, once quoting has ended or the project is closed", () => {
  const now = at("2026-11-24T02:00:00Z");
  assert.equal(questionRefusal(project({ status: "ended" }), now), "questions.quotingEnded");
  assert.equal(questionRefusal(project({ status: "closed" }), now), "questions.closed");
  assert.equal(questionRefusal(project({ status: "unpublished" }), now), "questions.notPublished");
  // Everyone quoted 30 minutes ago: quoting ended early, and so did the questions.
  const early = project({ allQuotedAt: at("2026-11-24T01:29:00Z") });
  assert.equal(questionRefusal(early, now), "questions.quotingEnded");
  assert.equal(questionRefusal(project(), at("2026-12-01T00:00:00Z")), "questions.quotingEnded");
});
