// Introducing suppliers from the ERP: read its supplier list (JSON over HTTP, or an .xlsx / .csv file
// in the same columns) and upsert by code, keeping what is maintained here (portal sign-ins,
// cooperation status, local edits the ERP has not touched since).
import { eq } from "drizzle-orm";
import { suppliers } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { DomainError, notFound, validation } from "../errors.ts";
import { type Lang, t } from "../../i18n.ts";
import { type ErpRecord, erpRecordSchema } from "./schemas.ts";
import { parseJsonList, readRecordsFromFile, type SourceRecord } from "./importRows.ts";
import { type FileSource, turns } from "../shared/fileBytes.ts";
import { readCapped } from "../shared/responses.ts";
import { controlCharacterFields } from "../shared/input.ts";
import { getSupplier, type SupplierDto } from "./service.ts";
import { transaction } from "../../../db/client.ts";

export type SyncOutcome = "created" | "updated" | "unchanged" | "rejected";

type SyncRow = {
  /** Position in the source: the sheet row for files (header = row 1), 1-based for JSON. */
  row: number;
  code: string | null;
  outcome: SyncOutcome;
  /** Why a row was rejected, in the requested language. */
  reason?: string;
};

export type SyncReport = {
  source: "erp" | "file";
  dryRun: boolean;
  since: Date | null;
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  rows: SyncRow[];
};

export type SyncOptions = {
  dryRun?: boolean;
  /** Only records the ERP edited at or after this instant. */
  since?: Date;
  lang?: Lang;
  /** Called after each record, e.g. for a progress bar. */
  onProgress?: (done: number, total: number) => void;
};

// ---------------------------------------------------------------------------------------------
// Sources
// ---------------------------------------------------------------------------------------------

const ERP_TIMEOUT_MS = 60_000;
/** The largest ERP answer read (MB): 100,000 suppliers (the demo's full size) take about 30. */
const ERP_MAX_MB = 64;

/** Whether an ERP supplier interface is set up (ERP_SUPPLIERS_URL): else the ERP is not asked. */
export const erpConnected = (deps: Pick<Deps, "config">) => Boolean(deps.config.erpSuppliersUrl);

/**
 * The ERP's supplier list: GET ERP_SUPPLIERS_URL (with `since` as an ISO instant when given, and
 * ERP_SUPPLIERS_TOKEN as a bearer token when set), answering a JSON array of records or
 * `{ "items": [...] }`: at most ERP_MAX_MB, within ERP_TIMEOUT_MS from the request to the last byte.
 */
async function fetchErpRecords(deps: Deps, since?: Date): Promise<SourceRecord[]> {
  const base = deps.config.erpSuppliersUrl;
  if (!base) throw new DomainError("unavailable", "sync.notConfigured");
  const url = new URL(base);
  if (since) url.searchParams.set("since", since.toISOString());
  let list: unknown[] | null;
  try {
    const res = await fetch(url, {
      headers: {
        accept: "application/json",
        ...(deps.config.erpSuppliersToken
          ? { authorization: `Bearer ${deps.config.erpSuppliersToken}` }
          : {}),
      },
      signal: AbortSignal.timeout(ERP_TIMEOUT_MS),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new DomainError("unavailable", "sync.erpFailed", { detail: `HTTP ${res.status}` });
    }
    const tooLarge = () => new DomainError("unavailable", "sync.erpTooLarge", { max: ERP_MAX_MB });
    const text = new TextDecoder().decode(
      await readCapped(res, ERP_MAX_MB * 1024 * 1024, tooLarge),
    );
    list = await parseJsonList(text);
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError("unavailable", "sync.erpFailed", {
      detail: err instanceof Error ? err.message : String(err),
    });
  }
  if (!list) throw new DomainError("unavailable", "sync.erpFailed", { detail: "not a list" });
  return list.map((data, i) => ({
    row: i + 1,
    data: data && typeof data === "object" ? data as Record<string, unknown> : {},
  }));
}

// ---------------------------------------------------------------------------------------------
// Upsert
// ---------------------------------------------------------------------------------------------

type RejectReason = { key: string; params?: Record<string, unknown> };

function rejectReason(issues: { path: PropertyKey[]; input?: unknown }[]): RejectReason {
  const issue = issues[0];
  const field = String(issue?.path[0] ?? "record");
  const missing = issue?.input === undefined || issue?.input === null || issue?.input === "";
  return { key: missing ? "sync.missingField" : "sync.invalidField", params: { field } };
}

/** The ERP-owned fields; everything else on a supplier is kept as maintained here. */
const erpFields = (r: ErpRecord) => ({
  abbrName: r.abbrName,
  fullName: r.fullName,
  contactPerson: r.contactPerson,
  contactNumber: r.contactNumber,
  email1: r.email1,
  email2: r.email2,
  email3: r.email3,
  status: r.status,
});

type Plan =
  & { row: number; code: string | null; outcome: SyncOutcome; reason?: RejectReason }
  & (
    | { action: "none" }
    | { action: "insert"; record: ErpRecord }
    | { action: "update"; id: number; record: ErpRecord }
  );

async function plan(db: DbOrTx, records: SourceRecord[], opts: SyncOptions): Promise<Plan[]> {
  const existing = new Map(
    (await db.select().from(suppliers)).map((s) => [s.code.toLowerCase(), s]),
  );
  const seen = new Set<string>();
  const plans: Plan[] = [];
  const pause = turns();
  for (const src of records) {
    await pause();
    const rawCode = src.data.code;
    const code = rawCode === null || rawCode === undefined ? null : String(rawCode).trim() || null;
    const parsed = erpRecordSchema.safeParse(src.data);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({
        path: i.path,
        input: (src.data as Record<string, unknown>)[String(i.path[0])],
      }));
      plans.push({
        row: src.row,
        code,
        outcome: "rejected",
        reason: rejectReason(issues),
        action: "none",
      });
      continue;
    }
    // Control characters are refused here as at the HTTP door: a name must not carry them into
    // the screens, exports and email headers.
    const [control] = controlCharacterFields(erpRecordSchema, src.data);
    if (control) {
      plans.push({
        row: src.row,
        code,
        outcome: "rejected",
        reason: { key: "sync.controlCharacter", params: { field: control[0] } },
        action: "none",
      });
      continue;
    }
    const r = parsed.data;
    if (opts.since && r.editDate.getTime() < opts.since.getTime()) continue;
    const key = r.code.toLowerCase();
    if (seen.has(key)) {
      plans.push({
        row: src.row,
        code: r.code,
        outcome: "rejected",
        reason: { key: "sync.duplicateCode", params: { code: r.code } },
        action: "none",
      });
      continue;
    }
    seen.add(key);
    const current = existing.get(key);
    if (!current) {
      plans.push({ row: src.row, code: r.code, outcome: "created", action: "insert", record: r });
      continue;
    }
    // The ERP has not edited this supplier since the last sync: local edits stay.
    const notNewer = current.erpEditDate && r.editDate.getTime() <= current.erpEditDate.getTime();
    const fields = erpFields(r);
    const same = (Object.keys(fields) as (keyof typeof fields)[])
      .every((k) => (current[k] ?? null) === (fields[k] ?? null));
    if (notNewer || same) {
      plans.push({
        row: src.row,
        code: current.code,
        outcome: "unchanged",
        ...(same && !notNewer
          ? { action: "update", id: current.id, record: r }
          : { action: "none" }),
      } as Plan);
      continue;
    }
    plans.push({
      row: src.row,
      code: current.code,
      outcome: "updated",
      action: "update",
      id: current.id,
      record: r,
    });
  }
  return plans;
}

/** Suppliers written with one statement; other calls get their turn between batches. */
const WRITE_BATCH = 200;

/**
 * Upserts the records by code in one transaction and reports each row. Running it again with the
 * same records changes nothing and reports every row unchanged.
 */
export async function syncSuppliers(
  deps: Deps,
  records: SourceRecord[],
  source: "erp" | "file",
  opts: SyncOptions = {},
): Promise<SyncReport> {
  const lang = opts.lang ?? "zh";
  const apply = async (db: DbOrTx) => {
    const plans = await plan(db, records, opts);
    const now = deps.clock.now();
    const pause = turns();
    for (let from = 0; from < plans.length; from += WRITE_BATCH) {
      const batch = plans.slice(from, from + WRITE_BATCH);
      const writes = opts.dryRun ? [] : batch;
      const inserts = writes.flatMap((p) => p.action === "insert" ? [p.record] : []);
      if (inserts.length) {
        await db.insert(suppliers).values(inserts.map((r) => ({
          code: r.code,
          ...erpFields(r),
          source: "erp" as const,
          erpEditDate: r.editDate,
          createdAt: now,
          updatedAt: now,
        })));
      }
      for (const p of writes) {
        if (p.action !== "update") continue;
        await db.update(suppliers).set(
          p.outcome === "updated"
            ? {
              ...erpFields(p.record),
              source: "erp",
              erpEditDate: p.record.editDate,
              updatedAt: now,
            }
            // Same content, newer ERP date: remember the date only.
            : { erpEditDate: p.record.editDate, source: "erp" },
        ).where(eq(suppliers.id, p.id));
      }
      opts.onProgress?.(from + batch.length, plans.length);
      await pause();
    }
    return plans;
  };
  const plans = opts.dryRun ? await apply(deps.db) : await transaction(deps.db, apply);
  const tally = (o: SyncOutcome) => plans.filter((p) => p.outcome === o).length;
  return {
    source,
    dryRun: !!opts.dryRun,
    since: opts.since ?? null,
    total: plans.length,
    created: tally("created"),
    updated: tally("updated"),
    unchanged: tally("unchanged"),
    rejected: tally("rejected"),
    rows: plans.map((p) => ({
      row: p.row,
      code: p.code,
      outcome: p.outcome,
      ...(p.reason ? { reason: t(lang, p.reason.key, p.reason.params) } : {}),
    })),
  };
}

/** Batch introduction from the ERP (AutoInductSupplierData, `suppliers sync`). */
export async function syncFromErp(deps: Deps, opts: SyncOptions = {}): Promise<SyncReport> {
  return syncSuppliers(deps, await fetchErpRecords(deps, opts.since), "erp", opts);
}

/** The same from an exported .xlsx or .csv file, for sites whose ERP has no endpoint. */
export async function syncFromFile(
  deps: Deps,
  file: FileSource,
  opts: SyncOptions = {},
): Promise<SyncReport> {
  return syncSuppliers(deps, await readRecordsFromFile(file), "file", opts);
}

/** Introduces (or refreshes) one supplier by its ERP code. */
export async function introduceSupplier(
  deps: Deps,
  code: string,
  lang: Lang = "zh",
): Promise<{ supplier: SupplierDto; outcome: SyncOutcome }> {
  const all = await fetchErpRecords(deps);
  const wanted = code.trim().toLowerCase();
  const match = all.filter((r) => String(r.data.code ?? "").trim().toLowerCase() === wanted);
  if (!match.length) throw notFound("erpSupplier", code);
  const report = await syncSuppliers(deps, match.slice(-1), "erp", { lang });
  const row = report.rows[0];
  if (row.outcome === "rejected") {
    throw validation("sync.rejectedRecord", { code, reason: row.reason ?? "" });
  }
  const saved = await deps.db.query.suppliers.findFirst({
    where: eq(suppliers.code, row.code ?? code),
  });
  return { supplier: await getSupplier(deps, saved!.id), outcome: row.outcome };
}

export type ChangedCode = {
  code: string;
  abbrName: string | null;
  fullName: string | null;
  editDate: Date | null;
  /** new: not here yet; changed: the ERP edited it after the last sync; same: nothing to do. */
  local: "new" | "changed" | "same";
};

/** GetSuppCodeByEditDate: the ERP's supplier codes edited at or after `since`. */
export async function erpCodesChangedSince(deps: Deps, since: Date): Promise<ChangedCode[]> {
  const records = await fetchErpRecords(deps, since);
  const existing = new Map(
    (await deps.db.select().from(suppliers)).map((s) => [s.code.toLowerCase(), s]),
  );
  const out: ChangedCode[] = [];
  for (const { data } of records) {
    const code = String(data.code ?? "").trim();
    if (!code) continue;
    const editDate = data.editDate ? new Date(String(data.editDate)) : null;
    const valid = editDate && !Number.isNaN(editDate.getTime()) ? editDate : null;
    if (valid && valid.getTime() < since.getTime()) continue;
    const current = existing.get(code.toLowerCase());
    out.push({
      code,
      abbrName: data.abbrName ? String(data.abbrName) : null,
      fullName: data.fullName ? String(data.fullName) : null,
      editDate: valid,
      local: !current
        ? "new"
        : !current.erpEditDate || (valid && valid > current.erpEditDate)
        ? "changed"
        : "same",
    });
  }
  return out.sort((a, b) => a.code.localeCompare(b.code));
}
