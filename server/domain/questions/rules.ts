// When suppliers may ask questions (clarifications), as pure functions of the stored project and
// the server's clock: only while the first quotation is open, and before the question deadline.
import { effectiveStatus, type ProjectTiming } from "../projects/rules.ts";
import { QUESTION_LEAD_MS } from "./schemas.ts";

export type QuestionTiming = ProjectTiming & { questionEndTime: Date | null };

/**
 * When questions close: the buyer's question deadline, else 24 hours before the quoting deadline;
 * never after the quoting deadline. Null when neither is set (a bargaining project without a
 * deadline): questions are then taken while quoting is open.
 */
export function questionsCloseAt(p: QuestionTiming): Date | null {
  const deadline = p.offerEndTime;
  const set = p.questionEndTime ??
    (deadline ? new Date(deadline.getTime() - QUESTION_LEAD_MS) : null);
  if (set && deadline && deadline.getTime() < set.getTime()) return deadline;
  return set;
}

export type QuestionRefusal =
  | "questions.notPublished"
  | "questions.closed"
  | "questions.quotingEnded"
  | "questions.deadlinePassed";

/**
 * Whether a question is taken now: the message key of the refusal, or null. The deadline instant
 * itself is too late, as for quotes.
 */
export function questionRefusal(p: QuestionTiming, now: Date): QuestionRefusal | null {
  if (p.status === "unpublished") return "questions.notPublished";
  if (p.status === "closed") return "questions.closed";
  if (effectiveStatus(p, now) !== "published") return "questions.quotingEnded";
  const closes = questionsCloseAt(p);
  return closes && now.getTime() >= closes.getTime() ? "questions.deadlinePassed" : null;
}
