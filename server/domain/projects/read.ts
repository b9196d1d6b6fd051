// A project's detail and result pages: line items, attachments, invited suppliers and their quotes.
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  files,
  offerProjectItems,
  offerProjectSuppliers,
  quotes,
  suppliers,
  users,
} from "../../../db/schema.ts";
import { type DbOrTx, preparedQuery } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { requiredCertificatesOf } from "../suppliers/certificates.ts";
import { type SupplierSummary, supplierSummary } from "../suppliers/summary.ts";
import { quotesSealed } from "./rules.ts";
import { packVersions } from "./pack.ts";
import { assertMaySee, auctionNotOver, loadProject, projectForActor, roundsOf } from "./access.ts";
import { projectDtos, readProjects } from "./dto.ts";
import { type Decline, declineOf } from "../shared/quoted.ts";

const itemDto = (i: typeof offerProjectItems.$inferSelect) => ({
  id: i.id,
  sort: i.sort,
  materialCode: i.materialCode,
  itemName: i.itemName,
  description: i.description,
  unit: i.unit,
  estimateYearAmount: i.estimateYearAmount,
  useFactory: i.useFactory,
  needExplain: i.needExplain,
});

/** The line items in the request pack now (items a revision removed stay only for old quotes). */
const currentItems = preparedQuery((db) =>
  db.select().from(offerProjectItems)
    .where(and(
      eq(offerProjectItems.projectId, sql.placeholder("projectId")),
      isNull(offerProjectItems.removedAt),
    ))
    .orderBy(offerProjectItems.sort, offerProjectItems.id).prepare()
);

async function itemsOf(db: DbOrTx, projectId: number) {
  return (await currentItems(db).all({ projectId })).map(itemDto);
}

const projectAttachments = preparedQuery((db) =>
  db.select({ id: files.id, fileName: files.fileName, size: files.size }).from(files)
    .where(and(
      eq(files.projectId, sql.placeholder("projectId")),
      eq(files.purpose, "project"),
      isNull(files.deletedAt),
    )).orderBy(files.id).prepare()
);

async function attachmentsOf(db: DbOrTx, projectId: number) {
  return await projectAttachments(db).all({ projectId });
}

export type SupplierResult = SupplierSummary & {
  invitedTime: Date;
  agreedTime: Date | null;
  round1: boolean;
  round2: boolean;
  isOffer: boolean;
  /** Its decline to quote the first quotation, or null. */
  decline: Decline | null;
  offerTime: Date | null;
  attId: number | null;
  offerTime1: Date | null;
  attId1: number | null;
  offerTime2: Date | null;
  attId2: number | null;
  /** The request pack version each current quote answered (first quote, rounds 1 and 2). */
  packVersion: number | null;
  packVersion1: number | null;
  packVersion2: number | null;
};

const invitedSuppliers = preparedQuery((db) =>
  db.select({ s: suppliers, ps: offerProjectSuppliers })
    .from(offerProjectSuppliers)
    .innerJoin(suppliers, eq(suppliers.id, offerProjectSuppliers.supplierId))
    .where(eq(offerProjectSuppliers.projectId, sql.placeholder("projectId")))
    .orderBy(suppliers.code).prepare()
);
const projectQuotes = preparedQuery((db) =>
  db.select().from(quotes).where(eq(quotes.projectId, sql.placeholder("projectId")))
    .orderBy(quotes.submittedAt, quotes.id).prepare()
);

/**
 * The invited suppliers with the last quote of each round ("only the last quotation counts"). The
 * quote files (attId*) of a sealed round are left out: who quoted and when is all it shows.
 */
function supplierResults(
  { row: project, rounds, invited, quotes: qs }: ProjectReadAll,
  now: Date,
): SupplierResult[] {
  const last = new Map<string, typeof qs[number]>();
  for (const q of qs) last.set(`${q.supplierId}:${q.round}`, q);
  const sealed = [0, 1, 2].map((r) => quotesSealed(project, rounds, r, now));
  return invited.map(({ s, ps }) => {
    const q = (round: number) => last.get(`${s.id}:${round}`);
    const file = (round: number) => sealed[round] ? null : q(round)?.fileId ?? null;
    return {
      ...supplierSummary(s),
      invitedTime: ps.invitedAt,
      agreedTime: ps.agreedAt,
      round1: ps.round1,
      round2: ps.round2,
      isOffer: !!q(0),
      decline: declineOf(ps),
      offerTime: q(0)?.submittedAt ?? null,
      attId: file(0),
      offerTime1: q(1)?.submittedAt ?? null,
      attId1: file(1),
      offerTime2: q(2)?.submittedAt ?? null,
      attId2: file(2),
      packVersion: q(0)?.packVersion ?? null,
      packVersion1: q(1)?.packVersion ?? null,
      packVersion2: q(2)?.packVersion ?? null,
    };
  });
}

/** Everything the detail and result pages show of a project, as read. */
async function readProjectAll(db: DbOrTx, id: number) {
  const row = await loadProject(db, id);
  const rounds = await roundsOf(db, [id]);
  const [read] = await readProjects(db, [id], rounds);
  return {
    row,
    rounds,
    read,
    items: await itemsOf(db, id),
    attachments: await attachmentsOf(db, id),
    invited: await invitedSuppliers(db).all({ projectId: id }),
    quotes: await projectQuotes(db).all({ projectId: id }),
    packVersions: await packVersions(db, id),
  };
}
type ProjectReadAll = Awaited<ReturnType<typeof readProjectAll>>;

/** The project as read, if the actor may see its kind. */
async function projectAllForActor(deps: Deps, actor: Actor, id: number) {
  const all = await readProjectAll(deps.db, id);
  assertMaySee(actor, all.row.kind);
  return all;
}

/** GetOfferProjectManagerData: header, line items (opiList), attachments (attList), suppliers (supList). */
export async function getProjectData(deps: Deps, actor: Actor, id: number) {
  const all = await projectAllForActor(deps, actor, id);
  const now = deps.clock.now();
  return {
    ...projectDtos([all.read], now)[0],
    opiList: all.items,
    attList: all.attachments,
    supList: supplierResults(all, now).map((s) => ({
      id: s.id,
      code: s.code,
      abbrName: s.abbrName,
      fullName: s.fullName,
    })),
    /** Every certificate type an invited supplier must hold: the project's and its category's. */
    requiredCertificateTypes: await requiredCertificatesOf(deps.db, all.row),
    /** When suppliers' questions close, as the buyer set it (null: 24 hours before the deadline). */
    questionEndTime: all.row.questionEndTime,
  };
}

export async function getProjectItems(deps: Deps, actor: Actor, id: number) {
  return (await projectAllForActor(deps, actor, id)).items;
}

/** The invited suppliers and whether each has quoted (the result page's supplier table). */
export async function getProjectSuppliers(deps: Deps, actor: Actor, id: number) {
  return supplierResults(await projectAllForActor(deps, actor, id), deps.clock.now());
}

/**
 * GetSupplierOfferProjectManagerResult: everything the result page shows. While the project's
 * reverse auction is set up and not over (auctionNotOver), no optimisation round is offered
 * (lifecycle.ts refuses it) and no award can be recorded (award.ts refuses it). An auction is set up
 * only once quoting has ended, so only an ended project's is looked for.
 */
export async function getProjectResult(deps: Deps, actor: Actor, id: number) {
  const now = deps.clock.now();
  const result = projectResult(await projectAllForActor(deps, actor, id), now);
  const notOver = result.project.status === "ended" || result.project.actions.includes("openRound")
    ? await auctionNotOver(deps.db, id, now)
    : false;
  if (notOver) {
    result.project.actions = result.project.actions.filter((a) => a !== "openRound");
  }
  return { ...result, auctionNotOver: notOver };
}

function projectResult(all: Awaited<ReturnType<typeof projectAllForActor>>, now: Date) {
  const { row, rounds } = all;
  return {
    project: projectDtos([all.read], now)[0],
    opiList: all.items,
    attList: all.attachments,
    suppliers: supplierResults(all, now),
    rounds: rounds.map((r) => ({
      round: r.round,
      openTime: r.openedAt,
      endTime: r.endTime,
      isOpen: r.openedAt.getTime() <= now.getTime() && now.getTime() < r.endTime.getTime(),
      sealed: quotesSealed(row, rounds, r.round, now),
    })),
    /** Every published version of the request pack, oldest first. */
    packVersions: all.packVersions,
  };
}

export async function getCloseInfo(deps: Deps, actor: Actor, id: number) {
  const row = await projectForActor(deps, actor, id);
  const closer = row.closedBy
    ? await deps.db.query.users.findFirst({ where: eq(users.id, row.closedBy) })
    : undefined;
  return {
    offProId: row.id,
    code: row.code,
    isClosed: row.status === "closed",
    closeReason: row.closeReason,
    closeTime: row.closedAt,
    closedBy: row.closedBy,
    closedByName: closer?.name ?? null,
  };
}
