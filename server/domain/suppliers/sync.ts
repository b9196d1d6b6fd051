// Introducing suppliers from the ERP: read its supplier list (JSON over HTTP, or an .xlsx / .csv file
// in the same columns) and upsert by code, keeping what is maintained here (portal sign-ins,
// cooperation status, local edits the ERP has not touched since).
import { eq } from "drizzle-orm";
import type ExcelJS from "exceljs";
import { suppliers } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { loadExcel } from "../exports/cells.ts";
import { DomainError, notFound, validation } from "../errors.ts";
import { type Lang, t } from "../../i18n.ts";
import { erpColumns, type ErpRecord, erpRecordSchema } from "./schemas.ts";
import { getSupplier, type SupplierDto } from "./service.ts";

export type SyncOutcome = "created" | "updated" | "unchanged" | "rejected";

export type SyncRow = {
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

export type SourceRecord = { row: number; data: Record<string, unknown> };

// ---------------------------------------------------------------------------------------------
// Sources
// ---------------------------------------------------------------------------------------------

const ERP_TIMEOUT_MS = 60_000;

/**
 * The ERP's supplier list: GET ERP_SUPPLIERS_URL (with `since` as an ISO instant when given, and
 * ERP_SUPPLIERS_TOKEN as a bearer token when set),
 * answering a JSON array of records or `{ "items": [...] }`.
 */
export async function fetchErpRecords(deps: Deps, since?: Date): Promise<SourceRecord[]> {
  const base = deps.config.erpSuppliersUrl;
  if (!base) throw new DomainError("unavailable", "sync.notConfigured");
  const url = new URL(base);
  if (since) url.searchParams.set("since", since.toISOString());
  let body: unknown;
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
    body = await res.json();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError("unavailable", "sync.erpFailed", {
      detail: err instanceof Error ? err.message : String(err),
    });
  }
  const list = Array.isArray(body)
    ? body
    : body && typeof body === "object" && Array.isArray((body as { items?: unknown }).items)
    ? (body as { items: unknown[] }).items
    : null;
  if (!list) throw new DomainError("unavailable", "sync.erpFailed", { detail: "not a list" });
  return list.map((data, i) => ({
    row: i + 1,
    data: data && typeof data === "object" ? data as Record<string, unknown> : {},
  }));
}

const columnByLower = new Map(erpColumns.map((c) => [c.toLowerCase(), c as string]));

function cellValue(v: ExcelJS.CellValue): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date || typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (typeof v === "object") {
    if ("text" in v && typeof v.text === "string") return v.text; // hyperlink
    if ("richText" in v) return v.richText.map((r) => r.text).join("");
    if ("result" in v) return cellValue(v.result as ExcelJS.CellValue); // formula
  }
  return String(v);
}

/** Splits CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function recordsFromTable(table: unknown[][]): SourceRecord[] {
  const header = (table[0] ?? []).map((h) =>
    columnByLower.get(String(h ?? "").trim().toLowerCase())
  );
  if (!header.includes("code")) throw validation("sync.noCodeColumn");
  const out: SourceRecord[] = [];
  table.slice(1).forEach((cells, i) => {
    if (cells.every((c) => c === null || c === undefined || String(c).trim() === "")) return;
    const data: Record<string, unknown> = {};
    header.forEach((name, col) => {
      if (name) data[name] = cells[col] ?? null;
    });
    out.push({ row: i + 2, data });
  });
  return out;
}

/** Reads supplier records from an .xlsx workbook (first sheet) or a UTF-8 .csv file. */
export async function readRecordsFromFile(bytes: Uint8Array): Promise<SourceRecord[]> {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (isZip) {
    const workbook = new (await loadExcel()).Workbook();
    try {
      // deno-lint-ignore no-explicit-any
      await workbook.xlsx.load(bytes as any);
    } catch {
      throw validation("sync.unreadableFile");
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) throw validation("sync.unreadableFile");
    const table: unknown[][] = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const cells: unknown[] = [];
      for (let c = 1; c <= Math.max(row.cellCount, erpColumns.length); c++) {
        cells.push(cellValue(row.getCell(c).value));
      }
      table.push(cells);
    }
    return recordsFromTable(table);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw validation("sync.unreadableFile");
  }
  return recordsFromTable(parseCsv(text.replace(/^\uFEFF/, "")));
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
  for (const src of records) {
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
    let done = 0;
    for (const p of plans) {
      if (!opts.dryRun && p.action === "insert") {
        await db.insert(suppliers).values({
          code: p.record.code,
          ...erpFields(p.record),
          source: "erp",
          erpEditDate: p.record.editDate,
          createdAt: now,
          updatedAt: now,
        });
      } else if (!opts.dryRun && p.action === "update") {
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
      opts.onProgress?.(++done, plans.length);
    }
    return plans;
  };
  const plans = opts.dryRun ? await apply(deps.db) : await deps.db.transaction(apply);
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
  bytes: Uint8Array,
  opts: SyncOptions = {},
): Promise<SyncReport> {
  return syncSuppliers(deps, await readRecordsFromFile(bytes), "file", opts);
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
