// The auction's emails, through the outbox in the transaction of their event, each in the reader's
// language: the invitation with the times and rules when it is set up, the reminder 15 minutes
// before the start (a job), and to each bidder at the end its own final rank and nothing of others.
import { and, eq, gt, inArray, isNotNull, lte } from "drizzle-orm";
import {
  auctionParticipants,
  auctions,
  emailTemplates,
  offerProjects,
  suppliers,
  users,
} from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { type Lang, t } from "../../i18n.ts";
import { supplierAddresses, writeEmail } from "../email/outbox.ts";
import type { PlaceholderValues } from "../email/templates.ts";
import { formatUtc8 } from "../shared/time.ts";
import { loadStandings } from "./standings.ts";
import type { AuctionRow } from "./store.ts";
import { transaction } from "../../../db/client.ts";

type Mechanism = "auctionInvited" | "auctionReminder" | "auctionResult";
type MailDeps = Pick<Deps, "clock" | "config">;

/** How long before the start the reminder goes. */
const REMINDER_BEFORE_MS = 15 * 60_000;

/** Every address of the suppliers taking part, in each supplier's portal language. */
async function bidders(tx: DbOrTx, auctionId: number) {
  const rows = await tx.select({ s: suppliers }).from(auctionParticipants)
    .innerJoin(suppliers, eq(suppliers.id, auctionParticipants.supplierId))
    .where(eq(auctionParticipants.auctionId, auctionId));
  if (!rows.length) return [];
  const langs = await tx.select({ supplierId: users.supplierId, language: users.language })
    .from(users).where(and(
      inArray(users.supplierId, rows.map((r) => r.s.id)),
      isNotNull(users.language),
      eq(users.isActive, true),
    ));
  return rows.map(({ s }) => ({
    supplier: s,
    language: (langs.find((l) => l.supplierId === s.id)?.language ?? "zh") as Lang,
    addresses: supplierAddresses(s),
  }));
}

/** The rules in a sentence: what is bid, the least improvement, the largest drop, the extension. */
function rulesText(lang: Lang, a: AuctionRow): string {
  const step = a.stepKind === "amount"
    ? t(lang, "auctionMail.stepAmount", { step: a.step })
    : t(lang, "auctionMail.stepPercent", { step: a.step });
  const drop = a.maxDropKind === "amount"
    ? t(lang, "auctionMail.maxDropAmount", { limit: a.maxDrop })
    : t(lang, "auctionMail.maxDropPercent", { limit: a.maxDrop });
  const extension = a.extensionCapMinutes > 0
    ? t(lang, "auctionMail.extension", {
      minutes: a.extensionMinutes,
      cap: a.extensionCapMinutes,
    })
    : t(lang, "auctionMail.noExtension");
  return [t(lang, `auctionMail.basis.${a.basis}`), step, drop, extension].join(
    t(lang, "auctionMail.and"),
  );
}

async function mail(
  tx: DbOrTx,
  deps: MailDeps,
  mechanism: Mechanism,
  key: string,
  a: AuctionRow,
  values: (lang: Lang, supplierId: number) => PlaceholderValues,
) {
  const templates = await tx.select().from(emailTemplates)
    .where(and(eq(emailTemplates.mechanism, mechanism), eq(emailTemplates.isActive, true)));
  if (!templates.length) return;
  const p = await tx.query.offerProjects.findFirst({ where: eq(offerProjects.id, a.projectId) });
  if (!p) return;
  for (const b of await bidders(tx, a.id)) {
    for (const tpl of templates) {
      for (const address of b.addresses) {
        await writeEmail(
          tx,
          deps,
          `${key}:${tpl.code}`,
          tpl,
          {
            address,
            name: b.supplier.fullName,
            language: b.language,
            supplierId: b.supplier.id,
            userId: null,
          },
          {
            projectCode: p.code,
            projectName: p.name,
            supplierName: b.supplier.fullName,
            portalLink: `${deps.config.publicUrl}/portal/projects/${p.id}/auction`,
            auctionStart: formatUtc8(a.startAt),
            auctionEnd: formatUtc8(a.endedAt ?? a.closesAt),
            auctionRules: rulesText(b.language, a),
            ...values(b.language, b.supplier.id),
          },
          p.id,
        );
      }
    }
  }
}

/** The invitation to every bidder, when the auction is set up. */
export async function mailInvitations(tx: DbOrTx, deps: MailDeps, a: AuctionRow) {
  await mail(tx, deps, "auctionInvited", `auction-invitation:${a.id}`, a, () => ({}));
}

/** Each bidder's own final rank per line it bid on, with its final bid (and why it ended early). */
export async function mailResults(tx: DbOrTx, deps: MailDeps, a: AuctionRow) {
  const standings = await loadStandings(tx, a);
  await mail(tx, deps, "auctionResult", `auction-result:${a.id}`, a, (lang, supplierId) => ({
    reason: a.endReason ? t(lang, "auctionMail.endedEarly", { reason: a.endReason }) : "",
    auctionRank: standings.lineKeys().flatMap((itemId) => {
      const own = standings.standing(supplierId, itemId);
      if (!own) return [];
      const item = standings.items.find((i) => i.id === itemId);
      const rank = t(lang, "auctionMail.rank", {
        rank: standings.rankOf(supplierId, itemId),
        of: standings.ranking(itemId).length,
        amount: own.amount,
      });
      return [item ? `· ${item.itemName}: ${rank}` : `· ${rank}`];
    }).join("\n"),
  }));
}

/**
 * The job: reminds the bidders of each auction starting within 15 minutes, once per start time
 * (a start moved later earns a new reminder). An auction set up less than 15 minutes before its
 * start gets none: the invitation has just gone.
 */
export async function sendAuctionReminders(deps: Deps): Promise<number[]> {
  const now = deps.clock.now();
  const due = await deps.db.select().from(auctions).where(and(
    eq(auctions.status, "active"),
    gt(auctions.startAt, now),
    lte(auctions.startAt, new Date(now.getTime() + REMINDER_BEFORE_MS)),
  ));
  const out: number[] = [];
  for (const a of due) {
    if (a.startAt.getTime() - a.createdAt.getTime() <= REMINDER_BEFORE_MS) continue;
    await transaction(deps.db, (tx) =>
      mail(
        tx,
        deps,
        "auctionReminder",
        `auction-reminder:${a.id}:${a.startAt.getTime()}`,
        a,
        () => ({}),
      ));
    out.push(a.projectId);
  }
  return out;
}
