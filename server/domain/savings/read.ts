// The savings as the screens, the export and the CLI read them: one project's (the result page's
// panel), the report over the projects whose savings date falls in a period (rows, roll-ups by
// category and in total), and the dashboard's last 12 months by month and by category. Only the
// kinds of project the actor may see; sealed projects show no figure and count in no sum.
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { offerProjects, offerProjectTypes } from "../../../db/schema.ts";
import type { Actor, Deps } from "../context.ts";
import { forbidden } from "../errors.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { type ProjectKind, visibleKinds } from "../projects/rules.ts";
import { assertPricesOpen } from "../quotes/sealed.ts";
import { projectForActor, roundsByProject } from "../projects/access.ts";
import {
  type Figures,
  figuresOf,
  type SavingsState,
  savingsState,
  unpricedFigures,
} from "./figures.ts";
import { type RollUp, rollUp } from "./rules.ts";
import type { SavingsReportInput } from "./schemas.ts";

type ProjectRow = typeof offerProjects.$inferSelect;

/**
 * When a project's savings are dated: its award in force's date; without one, when its first
 * quotation ended (recorded, else by the clock: the deadline or the early end; a project closed
 * before then, at its closing).
 */
const savingsDateSql = sql<number | null>`coalesce(
  (select a.awarded_at from awards a where a.project_id = offer_projects.id
    and a.superseded_at is null order by a.id desc limit 1),
  offer_projects.ended_at,
  case when offer_projects.status = 'closed' and (offer_projects.closes_at is null
    or offer_projects.closed_at < offer_projects.closes_at) then offer_projects.closed_at
    else offer_projects.closes_at end)`;

/** Whether any quote of the project has a priced line (else there is nothing to figure). */
const hasLinesSql = sql<number>`exists (select 1 from quotes q
  join quote_lines l on l.quote_id = q.id where q.project_id = offer_projects.id)`;

/** What a project's figures stand on, or why there are none (locales: savings.notes.*). */
type SavingsNote =
  | "notOver"
  | "sealed"
  | "sealedUntilEnded"
  | "noPrices"
  | "awardPartial"
  | "awardUnpriced"
  | "awarded"
  | "best"
  | "closedWithoutAward";

function noteOf(state: SavingsState, sealOpensAt: Date | null, f: Figures | null): SavingsNote {
  if (state === "sealed") return sealOpensAt ? "sealed" : "sealedUntilEnded";
  if (state === "notOver" || !f) return "notOver";
  if (!f.priced) return "noPrices";
  if (f.awardNote) return f.awardNote === "partial" ? "awardPartial" : "awardUnpriced";
  return f.basis ?? "closedWithoutAward";
}

export type ProjectSavings = {
  projectId: number;
  code: string;
  name: string;
  kind: ProjectKind;
  categoryId: number | null;
  categoryName: string | null;
  /** The savings date (see savingsDateSql); null before the first quotation is over. */
  date: Date | null;
  state: SavingsState;
  sealOpensAt: Date | null;
  /** The buyer's baselines show whatever the state: they are no quote's content. */
  budget: string | null;
  lastPurchasePrice: string | null;
  /** Null unless the state is "open". */
  figures: Figures | null;
  note: SavingsNote;
};

type Read = { p: ProjectRow; categoryName: string | null; date: number | null; hasLines: number };

async function savingsOf(deps: Deps, read: Read[]): Promise<ProjectSavings[]> {
  const now = deps.clock.now();
  const rounds = await roundsByProject(deps.db, read.map((r) => r.p.id));
  const out: ProjectSavings[] = [];
  for (const { p, categoryName, date, hasLines } of read) {
    const { state, sealOpensAt } = savingsState(p, rounds.get(p.id) ?? [], now);
    const figures = state !== "open"
      ? null
      : hasLines
      ? await figuresOf(deps.db, p)
      : unpricedFigures(p);
    out.push({
      projectId: p.id,
      code: p.code,
      name: p.name,
      kind: p.kind,
      categoryId: p.typeId,
      categoryName,
      date: state === "notOver" || date === null ? null : new Date(Number(date)),
      state,
      sealOpensAt,
      budget: p.budget,
      lastPurchasePrice: p.lastPurchasePrice,
      figures,
      note: noteOf(state, sealOpensAt, figures),
    });
  }
  return out;
}

const selectRead = (deps: Deps) =>
  deps.db.select({
    p: offerProjects,
    categoryName: offerProjectTypes.name,
    date: savingsDateSql,
    hasLines: hasLinesSql,
  }).from(offerProjects)
    .leftJoin(offerProjectTypes, eq(offerProjectTypes.id, offerProjects.typeId));

/** GetProjectSavings: the savings panel of a project the actor may see. */
export async function projectSavings(
  deps: Deps,
  actor: Actor,
  projectId: number,
): Promise<ProjectSavings> {
  const p = await projectForActor(deps, actor, projectId);
  assertPricesOpen(p);
  const read = await selectRead(deps).where(eq(offerProjects.id, p.id));
  return (await savingsOf(deps, read))[0];
}

/** Midnight UTC+8 starting a calendar day (YYYY-MM-DD), and the day after one. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** The projects whose first quotation is over, of the kinds given, dated in [from, to). */
async function projectsInPeriod(
  deps: Deps,
  kinds: ProjectKind[],
  filter: { from?: Date; to?: Date; category?: number },
): Promise<ProjectSavings[]> {
  const now = deps.clock.now().getTime();
  const where: SQL[] = [
    inArray(offerProjects.kind, kinds),
    sql`offer_projects.pub_date is not null`,
    sql`(offer_projects.status in ('ended', 'closed')
      or (offer_projects.status = 'published' and offer_projects.closes_at <= ${now}))`,
  ];
  if (filter.category) where.push(eq(offerProjects.typeId, filter.category));
  if (filter.from) where.push(gte(savingsDateSql, filter.from.getTime()));
  if (filter.to) where.push(lt(savingsDateSql, filter.to.getTime()));
  const read = await selectRead(deps).where(and(...where))
    .orderBy(desc(savingsDateSql), desc(offerProjects.id));
  return await savingsOf(deps, read);
}

function kindsOf(actor: Actor): ProjectKind[] {
  const kinds = actor.kind === "staff" ? visibleKinds(actor.permissions) : [];
  if (!kinds.length) throw forbidden();
  return kinds;
}

/** A group's roll-up: sealed projects are counted as such, and summed nowhere. */
export type Group = RollUp & { sealed: number };

function group(rows: ProjectSavings[]): Group {
  const shown = rows.flatMap((r) => (r.figures ? [r.figures] : []));
  return { ...rollUp(shown, rows.length), sealed: rows.filter((r) => r.state === "sealed").length };
}

function byKey<K>(rows: ProjectSavings[], key: (r: ProjectSavings) => K): Map<K, ProjectSavings[]> {
  const out = new Map<K, ProjectSavings[]>();
  for (const r of rows) out.set(key(r), [...out.get(key(r)) ?? [], r]);
  return out;
}

type CategoryGroup = Group & { categoryId: number | null; categoryName: string | null };

function byCategory(rows: ProjectSavings[]): CategoryGroup[] {
  return [...byKey(rows, (r) => r.categoryId)].map(([categoryId, list]) => ({
    categoryId,
    categoryName: list[0].categoryName,
    ...group(list),
  })).sort((a, b) =>
    a.categoryName === null
      ? 1
      : b.categoryName === null
      ? -1
      : a.categoryName.localeCompare(b.categoryName)
  );
}

export type SavingsReport = {
  from: string | null;
  to: string | null;
  category: number | null;
  rows: ProjectSavings[];
  categories: CategoryGroup[];
  total: Group;
};

/** GetSavingsReport: every project dated in the period (UTC+8 days, both included), rolled up. */
export async function savingsReport(
  deps: Deps,
  actor: Actor,
  input: SavingsReportInput,
): Promise<SavingsReport> {
  const rows = await projectsInPeriod(deps, kindsOf(actor), {
    from: input.from ? dayStart(input.from) : undefined,
    to: input.to ? dayAfter(input.to) : undefined,
    category: input.category,
  });
  return {
    from: input.from ?? null,
    to: input.to ?? null,
    category: input.category ?? null,
    rows,
    categories: byCategory(rows),
    total: group(rows),
  };
}

/** The 12 months (YYYY-MM, UTC+8) ending with the month of `now`, oldest first. */
function lastTwelveMonths(now: Date): string[] {
  const [y, m] = dateInUtc8(now).split("-").map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const k = y * 12 + (m - 1) - (11 - i);
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, "0")}`;
  });
}

export type SavingsSummary = {
  months: (Group & { month: string })[];
  categories: CategoryGroup[];
  total: Group;
};

/** GetSavingsSummary: the dashboard's last 12 months (UTC+8), by month and by category. */
export async function savingsSummary(deps: Deps, actor: Actor): Promise<SavingsSummary> {
  const months = lastTwelveMonths(deps.clock.now());
  const rows = await projectsInPeriod(deps, kindsOf(actor), { from: dayStart(`${months[0]}-01`) });
  const byMonth = byKey(rows, (r) => (r.date ? dateInUtc8(r.date).slice(0, 7) : ""));
  return {
    months: months.map((month) => ({ month, ...group(byMonth.get(month) ?? []) })),
    categories: byCategory(rows),
    total: group(rows),
  };
}
