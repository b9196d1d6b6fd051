// The supplier's side of quoting: the projects published to it, the quote instructions and their
// agreement (submissions are in submit.ts). A supplier only ever reaches projects published to it;
// anything else is "not found".
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import {
  auctionParticipants,
  auctions,
  files,
  offerProjectItems,
  offerProjects,
  offerProjectSuppliers,
  offerProjectTypes,
  quotes,
} from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { forbidden, notFound } from "../errors.ts";
import type { Paged } from "../shared/paging.ts";
import {
  type DisplayStatus,
  displayStatus,
  firstQuotationClosesAt,
  openRound,
  type QuoteRefusal,
  quoteRefusal,
  type RoundTiming,
} from "../projects/rules.ts";
import { endedByHandAt } from "../shared/closing.ts";
import { roundsByProject, roundsOf } from "../projects/access.ts";
import { packVersions } from "../projects/pack.ts";
import { answersOlderPack } from "../shared/quoted.ts";
import { quoteInstruction, uploadLimitMb } from "../settings/service.ts";
import { awardsOfSupplier, type MyAward } from "./supplierAward.ts";
import type { Lang } from "../../i18n.ts";
import { type MyProjectsInput, myProjectsInput } from "./schemas.ts";
import { type Decline, declineOf } from "../shared/quoted.ts";

type SupplierQuoteStatus = "canOffer" | "quoted" | "notQuoted" | "declined";

export type ProjectRow = typeof offerProjects.$inferSelect;
export type InvitationRow = typeof offerProjectSuppliers.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;

/** The supplier a portal user acts for; staff have no supplier side. */
export function supplierIdOf(actor: Actor): number {
  if (actor.kind !== "supplier" || actor.supplierId == null) throw forbidden();
  return actor.supplierId;
}

const visibleStatuses = ["published", "ended", "closed"] as const;

/** The invitation and project, or 404 when the project does not exist or is not published to it. */
export async function invitationOf(db: DbOrTx, supplierId: number, projectId: number) {
  const [row] = await db.select({ inv: offerProjectSuppliers, project: offerProjects })
    .from(offerProjectSuppliers)
    .innerJoin(offerProjects, eq(offerProjects.id, offerProjectSuppliers.projectId))
    .where(and(
      eq(offerProjectSuppliers.projectId, projectId),
      eq(offerProjectSuppliers.supplierId, supplierId),
      inArray(offerProjects.status, [...visibleStatuses]),
    )).limit(1);
  if (!row) throw notFound("project", projectId);
  return row;
}

export const invitedTo = (inv: InvitationRow, round: number) =>
  round === 0 ? true : round === 1 ? inv.round1 : round === 2 ? inv.round2 : false;

type SupplierView = {
  /** The round this supplier would quote in now: 0, or an open optimisation round it is invited to. */
  round: number;
  status: SupplierQuoteStatus;
  canSubmit: boolean;
  /** Why a submission would be refused now (the server's message key), null while it is open. */
  refusal: QuoteRefusal | null;
  /** When quoting in that round stops (the deadline, the early-end instant or the round's end). */
  closesAt: Date | null;
  /**
   * When the first quotation closes or closed: the deadline, 30 minutes after the last invited
   * quote, or when the buyer ended it by hand.
   */
  firstClosesAt: Date | null;
  /** When the buyer ended the first quotation by hand; null when they did not. */
  endedByHandAt: Date | null;
  /** Seconds left by the server's clock; 0 once quoting is over. */
  secondsLeft: number;
  projectStatus: DisplayStatus;
};

/** A supplier's status for one project as of `now`; pure. */
function supplierView(
  project: ProjectRow,
  rounds: RoundTiming[],
  inv: InvitationRow,
  myRounds: number[],
  now: Date,
  anyQuotes: boolean,
): SupplierView {
  let round = 0;
  const firstClosesAt = firstQuotationClosesAt(project);
  let closesAt = firstClosesAt;
  const open = project.kind === "asset" ? openRound(rounds, now) : undefined;
  if (open && invitedTo(inv, open.round) && project.status !== "closed") {
    round = open.round;
    closesAt = open.endTime;
  }
  const refusal = quoteRefusal(project, rounds, round, invitedTo(inv, round), now);
  const canSubmit = refusal === null;
  const quoted = myRounds.includes(round);
  // A decline speaks to the first quotation; an optimisation round asks afresh.
  const declined = round === 0 && inv.declinedAt != null;
  return {
    round,
    status: quoted ? "quoted" : declined ? "declined" : canSubmit ? "canOffer" : "notQuoted",
    canSubmit,
    refusal,
    closesAt,
    firstClosesAt,
    endedByHandAt: endedByHandAt(project),
    secondsLeft: canSubmit && closesAt
      ? Math.max(0, Math.floor((closesAt.getTime() - now.getTime()) / 1000))
      : 0,
    projectStatus: displayStatus(project, now, anyQuotes),
  };
}

type MyQuote = { round: number; at: Date; packVersion: number | null };

/**
 * A supplier's own quotes on a project, summed up for its portal: when it last quoted, and whether
 * its latest first quote answered an older request pack than the one in force.
 */
function myQuotesSummary(my: MyQuote[], projectPackVersion: number | null) {
  const latest = (list: MyQuote[]) =>
    list.reduce<MyQuote | null>((a, q) => (!a || q.at >= a.at ? q : a), null);
  return {
    lastQuoteTime: latest(my)?.at ?? null,
    requestChanged: answersOlderPack(
      latest(my.filter((q) => q.round === 0))?.packVersion,
      projectPackVersion,
    ),
  };
}

export type MyProjectDto = {
  id: number;
  code: string;
  name: string;
  kind: "material" | "asset";
  typeName: string | null;
  pubDate: Date | null;
  offerEndTime: Date | null;
  agreed: boolean;
  lastQuoteTime: Date | null;
  /** The request changed after this supplier's current first quote: it answers an older version. */
  requestChanged: boolean;
  /** What the award in force gives this supplier (null: nothing, or no award yet). */
  award: MyAward | null;
  /** This supplier's decline to quote (first quotation), or null. */
  decline: Decline | null;
} & SupplierView;

/**
 * Orders what needs action first: open and not yet quoted (or quoted on a request that has changed
 * since), then open and quoted, then the rest.
 */
function urgency(v: SupplierView & { requestChanged?: boolean }): number {
  if (v.status === "declined") return 2;
  if (v.canSubmit && (v.status === "canOffer" || v.requestChanged)) return 0;
  if (v.canSubmit) return 1;
  return 2;
}

/** GetAll: the projects published to this supplier, with its status for each. */
export async function myProjects(
  deps: Deps,
  actor: Actor,
  raw: MyProjectsInput = {},
): Promise<Paged<MyProjectDto>> {
  const supplierId = supplierIdOf(actor);
  const input = myProjectsInput.parse(raw);
  const now = deps.clock.now();
  const rows = await deps.db.select({
    inv: offerProjectSuppliers,
    project: offerProjects,
    typeName: offerProjectTypes.name,
  }).from(offerProjectSuppliers)
    .innerJoin(offerProjects, eq(offerProjects.id, offerProjectSuppliers.projectId))
    .leftJoin(offerProjectTypes, eq(offerProjectTypes.id, offerProjects.typeId))
    .where(and(
      eq(offerProjectSuppliers.supplierId, supplierId),
      inArray(offerProjects.status, [...visibleStatuses]),
    ));
  const ids = rows.map((r) => r.project.id);
  const rounds = await roundsByProject(deps.db, ids);
  const awarded = await awardsOfSupplier(deps.db, supplierId, ids);
  const mine = ids.length
    ? await deps.db.select({
      projectId: quotes.projectId,
      round: quotes.round,
      at: quotes.submittedAt,
      packVersion: quotes.packVersion,
    })
      .from(quotes).where(and(eq(quotes.supplierId, supplierId), inArray(quotes.projectId, ids)))
    : [];
  const withQuotes = new Set(
    ids.length
      ? (await deps.db.selectDistinct({ projectId: quotes.projectId }).from(quotes)
        .where(inArray(quotes.projectId, ids))).map((r) => r.projectId)
      : [],
  );
  let items: MyProjectDto[] = rows.map(({ inv, project, typeName }) => {
    const my = mine.filter((q) => q.projectId === project.id);
    const view = supplierView(
      project,
      rounds.get(project.id) ?? [],
      inv,
      my.map((q) => q.round),
      now,
      withQuotes.has(project.id),
    );
    return {
      id: project.id,
      code: project.code,
      name: project.name,
      kind: project.kind,
      typeName: typeName ?? null,
      pubDate: project.pubDate,
      offerEndTime: project.offerEndTime,
      agreed: inv.agreedAt != null,
      ...myQuotesSummary(my, project.packVersion),
      award: awarded.get(project.id) ?? null,
      decline: declineOf(inv),
      ...view,
    };
  });
  if (input.keyword) {
    const k = input.keyword.toLowerCase();
    items = items.filter((p) =>
      p.name.toLowerCase().includes(k) || p.code.toLowerCase().includes(k)
    );
  }
  if (input.status) items = items.filter((p) => p.status === input.status);
  items.sort((a, b) => {
    const u = urgency(a) - urgency(b);
    if (u) return u;
    if (urgency(a) < 2) {
      const ta = a.closesAt?.getTime() ?? Infinity;
      const tb = b.closesAt?.getTime() ?? Infinity;
      if (ta !== tb) return ta - tb;
    }
    return (b.pubDate?.getTime() ?? 0) - (a.pubDate?.getTime() ?? 0) || b.id - a.id;
  });
  return {
    items: items.slice(input.skipCount, input.skipCount + input.maxResultCount),
    totalCount: items.length,
  };
}

export type MyProjectDetail = MyProjectDto & {
  demandCode: string | null;
  equipmentName: string | null;
  offerItemType: ProjectRow["offerItemType"];
  agreedAt: Date | null;
  invitedRounds: number[];
  rounds: { round: number; openedAt: Date; endTime: Date }[];
  /** The buyer's instructions for this project and the request pack version in force. */
  instructionText: string | null;
  packVersion: number | null;
  packVersions: { version: number; contentHash: string; publishedAt: Date }[];
  opiList: {
    id: number;
    materialCode: string | null;
    itemName: string;
    description: string | null;
    unit: string | null;
    estimateYearAmount: string | null;
    useFactory: string | null;
    needExplain: string | null;
  }[];
  attList: { id: number; fileName: string; size: number }[];
  /** Whether the project has a reverse auction this supplier takes part in (GetAuction answers it). */
  hasAuction: boolean;
};

/** Get: one project as this supplier may read it (header, line items, attachments). */
export async function myProject(
  deps: Deps,
  actor: Actor,
  projectId: number,
): Promise<MyProjectDetail> {
  const supplierId = supplierIdOf(actor);
  const { inv, project } = await invitationOf(deps.db, supplierId, projectId);
  const now = deps.clock.now();
  const rounds = await roundsOf(deps.db, [projectId]);
  const my = await deps.db.select({
    round: quotes.round,
    at: quotes.submittedAt,
    packVersion: quotes.packVersion,
  }).from(quotes)
    .where(and(eq(quotes.projectId, projectId), eq(quotes.supplierId, supplierId)));
  const [{ n }] = await deps.db.select({ n: count() }).from(quotes)
    .where(eq(quotes.projectId, projectId));
  const type = project.typeId
    ? await deps.db.query.offerProjectTypes.findFirst({
      where: eq(offerProjectTypes.id, project.typeId),
    })
    : undefined;
  const items = await deps.db.select().from(offerProjectItems)
    .where(and(eq(offerProjectItems.projectId, projectId), isNull(offerProjectItems.removedAt)))
    .orderBy(asc(offerProjectItems.sort), asc(offerProjectItems.id));
  const attachments = await deps.db.select().from(files).where(and(
    eq(files.projectId, projectId),
    eq(files.purpose, "project"),
    isNull(files.deletedAt),
  )).orderBy(asc(files.id));
  return {
    id: project.id,
    code: project.code,
    name: project.name,
    kind: project.kind,
    typeName: type?.name ?? null,
    pubDate: project.pubDate,
    offerEndTime: project.offerEndTime,
    agreed: inv.agreedAt != null,
    agreedAt: inv.agreedAt,
    ...myQuotesSummary(my, project.packVersion),
    award: (await awardsOfSupplier(deps.db, supplierId, [projectId])).get(projectId) ?? null,
    decline: declineOf(inv),
    ...supplierView(project, rounds, inv, my.map((q) => q.round), now, n > 0),
    demandCode: project.demandCode,
    equipmentName: project.equipmentName,
    offerItemType: project.offerItemType,
    invitedRounds: [0, 1, 2].filter((r) => invitedTo(inv, r)),
    // Only rounds this supplier is invited to: others are none of its business.
    rounds: rounds.filter((r) => invitedTo(inv, r.round))
      .map((r) => ({ round: r.round, openedAt: r.openedAt, endTime: r.endTime })),
    instructionText: project.instructionText,
    packVersion: project.packVersion,
    packVersions: (await packVersions(deps.db, projectId)).map((v) => ({
      version: v.version,
      contentHash: v.contentHash,
      publishedAt: v.publishedAt,
    })),
    opiList: items.map((i) => ({
      id: i.id,
      materialCode: i.materialCode,
      itemName: i.itemName,
      description: i.description,
      unit: i.unit,
      estimateYearAmount: i.estimateYearAmount,
      useFactory: i.useFactory,
      needExplain: i.needExplain,
    })),
    attList: attachments.map((f) => ({ id: f.id, fileName: f.fileName, size: f.size })),
    hasAuction: await bidsIn(deps.db, projectId, supplierId),
  };
}

/**
 * Whether the project has a reverse auction this supplier bids in (then the portal's GetAuction
 * answers and the project's page links to it).
 */
async function bidsIn(db: DbOrTx, projectId: number, supplierId: number): Promise<boolean> {
  const [row] = await db.select({ id: auctions.id }).from(auctions)
    .innerJoin(
      auctionParticipants,
      and(
        eq(auctionParticipants.auctionId, auctions.id),
        eq(auctionParticipants.supplierId, supplierId),
      ),
    )
    .where(eq(auctions.projectId, projectId)).limit(1);
  return row !== undefined;
}

/**
 * GetSupplierIsOfferProjectManager: whether the signed-in supplier is invited to a published
 * project. Answers false alike for projects that do not exist and those of others.
 */
export async function isInvited(deps: Deps, actor: Actor, projectId: number): Promise<boolean> {
  const supplierId = supplierIdOf(actor);
  try {
    await invitationOf(deps.db, supplierId, projectId);
    return true;
  } catch {
    return false;
  }
}

/** GetInstruction: the quote instructions in the caller's language (and, for a project, whether agreed). */
export async function instruction(
  deps: Deps,
  actor: Actor,
  lang: Lang,
  projectId?: number,
): Promise<
  {
    content: string;
    language: Lang;
    agreed: boolean | null;
    agreedAt: Date | null;
    /** The upload limit that applies now, so the portal can refuse a large file before sending it. */
    maxUploadMb: number;
  }
> {
  const supplierId = supplierIdOf(actor);
  const content = await quoteInstruction(deps, lang);
  const maxUploadMb = await uploadLimitMb(deps);
  if (projectId === undefined) {
    return { content, language: lang, agreed: null, agreedAt: null, maxUploadMb };
  }
  const { inv } = await invitationOf(deps.db, supplierId, projectId);
  return {
    content,
    language: lang,
    agreed: inv.agreedAt != null,
    agreedAt: inv.agreedAt,
    maxUploadMb,
  };
}

/** Agree: records the supplier's agreement to the instructions, once, with its time. */
export async function agree(
  deps: Deps,
  actor: Actor,
  projectId: number,
): Promise<{ offProId: number; agreedAt: Date }> {
  const supplierId = supplierIdOf(actor);
  const { inv } = await invitationOf(deps.db, supplierId, projectId);
  if (inv.agreedAt) return { offProId: projectId, agreedAt: inv.agreedAt };
  const now = deps.clock.now();
  await deps.db.update(offerProjectSuppliers).set({ agreedAt: now, agreedBy: actor.id })
    .where(and(eq(offerProjectSuppliers.id, inv.id), isNull(offerProjectSuppliers.agreedAt)));
  const after = await deps.db.query.offerProjectSuppliers.findFirst({
    where: eq(offerProjectSuppliers.id, inv.id),
  });
  return { offProId: projectId, agreedAt: after?.agreedAt ?? now };
}
