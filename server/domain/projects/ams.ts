// Open equipment demands from the asset system (AMS_URL), for new asset projects.
import { readCapped } from "../shared/responses.ts";
import { instant } from "../shared/dates.ts";
import { dateInUtc8 } from "../shared/time.ts";
import { sql } from "drizzle-orm";
import { offerProjects } from "../../../db/schema.ts";
import type { Deps } from "../context.ts";
import { DomainError } from "../errors.ts";
import { reachesMonthlyThreshold } from "./rules.ts";

/** The largest AMS answer read (MB): open demands are a few hundred rows. */
const AMS_MAX_MB = 8;
/** How long the asset system may take to answer. */
const AMS_TIMEOUT_S = 15;

/** An open demand as the import list shows it. */
export type AmsDemand = {
  demandCode: string;
  equipmentName: string | null;
  /** Estimated untaxed amount in CNY, an exact decimal; null when the AMS gave none usable. */
  estimatedAmount: string | null;
  monthlyPurchase: boolean;
  requester: string | null;
  /** The demand's date, YYYY-MM-DD in UTC+8. */
  demandDate: string | null;
  /** Whether a project already uses this demand number, and which one (its project number). */
  used: boolean;
  usedBy: string | null;
};

const unavailable = (key: string, params?: Record<string, unknown>) =>
  new DomainError("unavailable", key, params);

/** The AMS answer's body, parsed; each way of failing has its own clear message. */
async function fetchAnswer(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(AMS_TIMEOUT_S * 1000),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "TimeoutError") {
      throw unavailable("projects.amsTimeout", { seconds: AMS_TIMEOUT_S });
    }
    throw unavailable("projects.amsUnreachable");
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw unavailable("projects.amsFailed", { detail: `HTTP ${res.status}` });
  }
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(
      res,
      AMS_MAX_MB * 1024 * 1024,
      () => unavailable("projects.amsTooLarge", { max: AMS_MAX_MB }),
    );
  } catch (err) {
    if (err instanceof DomainError) throw err;
    if (err instanceof DOMException && err.name === "TimeoutError") {
      throw unavailable("projects.amsTimeout", { seconds: AMS_TIMEOUT_S });
    }
    throw unavailable("projects.amsUnreachable");
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw unavailable("projects.amsBadAnswer");
  }
}

/** A field of an AMS record by any of its names (case ignored), as trimmed text. */
function pick(o: Record<string, unknown>, ...names: string[]): string | null {
  const key = Object.keys(o).find((k) => names.includes(k.toLowerCase()));
  const v = key ? o[key] : undefined;
  if (v == null || typeof v === "object") return null;
  const s = String(v).trim();
  return s === "" ? null : s;
}

const EXACT_AMOUNT = /^\d{1,15}(\.\d{1,6})?$/;

/** A demand's date as the AMS writes it (ISO date or instant, or epoch seconds), as YYYY-MM-DD. */
function dayOf(v: string | null): string | null {
  if (!v) return null;
  const parsed = instant.safeParse(/^\d{9,13}$/.test(v) ? Number(v) : v);
  return parsed.success ? dateInUtc8(parsed.data) : null;
}

/**
 * GetDemandFromAMS: open equipment demands from the asset system (AMS_URL), in the AMS's order,
 * each marked when a project already uses its demand number (and with that project's number).
 * Without AMS_URL the answer says so (`connected: false`, no demands): it is how the server is set
 * up, not a failure.
 */
export async function demandsFromAms(
  deps: Deps,
): Promise<{ connected: boolean; items: AmsDemand[]; totalCount: number }> {
  if (!deps.config.amsUrl) return { connected: false, items: [], totalCount: 0 };
  const list = findList(await fetchAnswer(deps.config.amsUrl));
  if (!list) throw unavailable("projects.amsBadAnswer");
  const records = list.filter((x): x is Record<string, unknown> =>
    !!x && typeof x === "object" && !Array.isArray(x)
  );
  const found = records.map((o) => {
    const amount = pick(o, "estimatedamount", "amount");
    const estimatedAmount = amount && EXACT_AMOUNT.test(amount) ? amount : null;
    return {
      demandCode: pick(o, "demandcode", "requirementnumber", "code"),
      equipmentName: pick(o, "equipmentname", "name"),
      estimatedAmount,
      monthlyPurchase: reachesMonthlyThreshold(estimatedAmount),
      requester: pick(o, "requester", "applicant", "requestedby"),
      demandDate: dayOf(pick(o, "demanddate", "requestdate", "date", "createdat")),
    };
  });
  // Records without a demand number are skipped; a list of nothing but such records is no answer.
  const items = found.filter((d): d is typeof d & { demandCode: string } => !!d.demandCode);
  if (list.length && !items.length) throw unavailable("projects.amsBadAnswer");
  const codes = [...new Set(items.map((i) => i.demandCode))];
  const used = codes.length
    ? await deps.db.select({ demandCode: offerProjects.demandCode, code: offerProjects.code })
      .from(offerProjects)
      .where(
        sql`${offerProjects.demandCode} in (select value from json_each(${JSON.stringify(codes)}))`,
      )
      .orderBy(offerProjects.id)
    : [];
  const usedBy = new Map<string, string>();
  for (const u of used) {
    if (u.demandCode && !usedBy.has(u.demandCode)) usedBy.set(u.demandCode, u.code);
  }
  return {
    connected: true,
    items: items.map((i) => ({
      ...i,
      used: usedBy.has(i.demandCode),
      usedBy: usedBy.get(i.demandCode) ?? null,
    })),
    totalCount: items.length,
  };
}

/** The list of records: the answer itself, or under items / result / data (ABP's envelope too). */
function findList(body: unknown): unknown[] | null {
  if (Array.isArray(body)) return body;
  if (body && typeof body === "object") {
    const o = body as Record<string, unknown>;
    for (const k of ["items", "result", "data"]) {
      const v = Object.entries(o).find(([key]) => key.toLowerCase() === k)?.[1];
      if (v !== undefined) return findList(v);
    }
  }
  return null;
}
