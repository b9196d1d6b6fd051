// The buyer's dashboard: open projects, quotes today, projects ending soon, suppliers to chase, and
// suppliers' questions waiting for an answer.
import { and, count, desc, eq, gte, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { offerProjects, projectQuestions, quotes, suppliers } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { forbidden } from "../errors.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { type ProjectKind, visibleKinds } from "./rules.ts";
import { selectProjects } from "./list.ts";
import {
  clockMovedIdsAt,
  clockMovedValues,
  closesAtSql,
  openCondition,
  quotedCurrentPackSql,
} from "./statusSql.ts";

/** How far ahead "ending soon" looks. */
const ENDING_SOON_MS = 48 * 3600_000;

/**
 * GetDashboard: what a buyer needs at a glance, over the kinds the actor may see — the projects
 * open for quoting (soonest deadline first, with the time left by the server's clock), quotes
 * received today (UTC+8), projects ending in the next 48 hours, invited suppliers yet to quote, and
 * the questions not answered yet on open projects.
 * Each count comes with the list filter that shows the same projects.
 */
export async function dashboardSummary(
  deps: Deps,
  actor: Actor,
  kind?: ProjectKind,
  limit = 8,
) {
  const now = deps.clock.now();
  const kinds = visibleKinds(actor.permissions).filter((k) => !kind || k === kind);
  if (!kinds.length) throw forbidden();
  const inKinds = inArray(offerProjects.kind, kinds);
  const open = and(inKinds, openCondition(clockMovedValues(await clockMovedIdsAt(deps.db, now))))!;
  const soonTo = new Date(now.getTime() + ENDING_SOON_MS);
  // Ending soon by when quoting really closes: a round's end, or early once everyone quoted.
  const soon = and(
    open,
    sql`${closesAtSql(now)} between ${now.getTime()} and ${soonTo.getTime()}`,
  )!;
  const dayStart = new Date(`${dateInUtc8(now)}T00:00:00+08:00`);
  const countOf = async (cond: SQL) =>
    (await deps.db.select({ n: count() }).from(offerProjects).where(cond))[0].n;

  const [{ quotesToday }] = await deps.db.select({ quotesToday: count() }).from(quotes)
    .innerJoin(offerProjects, eq(offerProjects.id, quotes.projectId))
    .where(and(inKinds, gte(quotes.submittedAt, dayStart)));
  // Suppliers yet to quote, and apart from them those that declined to quote.
  const [{ pending, declined }] = await deps.db.select({
    pending: sql<number>`coalesce(sum(s.declined_at is null), 0)`,
    declined: sql<number>`coalesce(sum(s.declined_at is not null), 0)`,
  }).from(sql`offer_project_suppliers s`)
    .innerJoin(offerProjects, sql`${offerProjects.id} = s.project_id`)
    .where(and(open, sql`not ${quotedCurrentPackSql}`));
  const projects = await selectProjects(
    deps.db,
    open,
    "offerEndTime asc",
    limit,
    0,
    now,
  );
  const questions = await newQuestions(deps, open, limit);
  return {
    now,
    kinds,
    inQuotation: {
      count: await countOf(open),
      filter: { open: "1" },
      items: projects.map((p) => {
        // Quoting closes at the open round's end, or early once everyone quoted.
        const closes = p.roundEndsAt ?? p.closesAt ?? p.offerEndTime;
        return { ...p, msLeft: closes ? Math.max(0, closes.getTime() - now.getTime()) : null };
      }),
    },
    quotesToday: {
      count: quotesToday,
      filter: { quotedFrom: dayStart.toISOString() },
    },
    endingSoon: {
      count: await countOf(soon),
      filter: {
        open: "1",
        closingFrom: now.toISOString(),
        closingTo: soonTo.toISOString(),
      },
    },
    suppliersPending: {
      count: Number(pending),
      filter: { awaitingQuotes: "1" },
    },
    /** Invited suppliers of the open projects that declined to quote (not counted as pending). */
    suppliersDeclined: { count: Number(declined) },
    questions,
  };
}

/** Questions not answered yet on the projects open for quoting: how many, and the latest ones. */
async function newQuestions(deps: Deps, open: SQL, limit: number) {
  const unanswered = and(open, isNull(projectQuestions.answeredAt));
  const [{ n }] = await deps.db.select({ n: count() }).from(projectQuestions)
    .innerJoin(offerProjects, eq(offerProjects.id, projectQuestions.projectId))
    .where(unanswered);
  const items = await deps.db.select({
    id: projectQuestions.id,
    projectId: offerProjects.id,
    projectCode: offerProjects.code,
    projectName: offerProjects.name,
    supplierName: suppliers.abbrName,
    askedAt: projectQuestions.askedAt,
    text: sql<string>`substr(${projectQuestions.text}, 1, 200)`,
  }).from(projectQuestions)
    .innerJoin(offerProjects, eq(offerProjects.id, projectQuestions.projectId))
    .innerJoin(suppliers, eq(suppliers.id, projectQuestions.supplierId))
    .where(unanswered)
    .orderBy(desc(projectQuestions.askedAt), desc(projectQuestions.id))
    .limit(limit);
  return { count: n, items };
}
