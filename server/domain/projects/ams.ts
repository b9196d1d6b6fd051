// Open equipment demands from the asset system (AMS_URL), for new asset projects.
import { readCapped } from "../shared/responses.ts";
import { inArray } from "drizzle-orm";
import { offerProjects } from "../../../db/schema.ts";
import type { Deps } from "../context.ts";
import { DomainError } from "../errors.ts";
import { reachesMonthlyThreshold } from "./rules.ts";

/** The largest AMS answer read (MB): open demands are a few hundred rows. */
const AMS_MAX_MB = 8;

/**
 * GetDemandFromAMS: open equipment demands from the asset system (AMS_URL), each marked when a
 * project already uses its requirement number.
 */
export async function demandsFromAms(deps: Deps) {
  if (!deps.config.amsUrl) throw new DomainError("unavailable", "projects.amsNotConfigured");
  let body: unknown;
  try {
    const res = await fetch(deps.config.amsUrl, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`HTTP ${res.status}`);
    }
    const tooLarge = () => new Error(`more than ${AMS_MAX_MB} MB`);
    body = JSON.parse(
      new TextDecoder().decode(await readCapped(res, AMS_MAX_MB * 1024 * 1024, tooLarge)),
    );
  } catch (err) {
    throw new DomainError("unavailable", "projects.amsFailed", {
      detail: err instanceof Error ? err.message : String(err),
    });
  }
  const list = findList(body);
  const pick = (o: Record<string, unknown>, ...names: string[]) => {
    const key = Object.keys(o).find((k) => names.includes(k.toLowerCase()));
    const v = key ? o[key] : undefined;
    return v == null || v === "" ? null : String(v).trim();
  };
  const items = list.filter((x): x is Record<string, unknown> => !!x && typeof x === "object")
    .map((o) => ({
      demandCode: pick(o, "demandcode", "requirementnumber", "code"),
      equipmentName: pick(o, "equipmentname", "name"),
      estimatedAmount: pick(o, "estimatedamount", "amount"),
    }))
    .filter((d) => d.demandCode)
    .map((d) => ({
      ...d,
      estimatedAmount: d.estimatedAmount && /^\d{1,15}(\.\d{1,6})?$/.test(d.estimatedAmount)
        ? d.estimatedAmount
        : null,
      monthlyPurchase: reachesMonthlyThreshold(
        d.estimatedAmount && /^\d+(\.\d+)?$/.test(d.estimatedAmount) ? d.estimatedAmount : null,
      ),
    }));
  const used = items.length
    ? await deps.db.select({ demandCode: offerProjects.demandCode }).from(offerProjects)
      .where(inArray(offerProjects.demandCode, items.map((i) => i.demandCode!)))
    : [];
  return {
    items: items.map((i) => ({ ...i, used: used.some((u) => u.demandCode === i.demandCode) })),
    totalCount: items.length,
  };
}

function findList(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === "object") {
    const o = body as Record<string, unknown>;
    for (const k of ["items", "result", "data"]) {
      const v = Object.entries(o).find(([key]) => key.toLowerCase() === k)?.[1];
      if (v !== undefined) return findList(v);
    }
  }
  return [];
}
