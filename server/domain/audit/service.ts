// The audit log: every API call with who, when, what, how long, from where, and the error if any.
import { and, count, desc, eq, gte, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { auditLogs } from "../../../db/schema.ts";
import { appendRows, type Db, preparedPerKey } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { notFound } from "../errors.ts";
import { containsBound, likePattern, orderBy } from "../paging.ts";
import type { Paged } from "../shared/paging.ts";
import type { listAuditLogsInput } from "./schemas.ts";

export type AuditEntry = typeof auditLogs.$inferInsert;
export type AuditLogDto = typeof auditLogs.$inferSelect;

const SECRET_KEY = /pass(word)?|pwd|token|secret|authorization/i;
const MAX_PARAMETERS = 4000;

/** Replaces secrets at any depth with "***" and trims long values, so the log never holds a password. */
function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6) return "…";
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskSecrets(v, depth + 1));
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map((
        [k, v],
      ) => [k, SECRET_KEY.test(k) ? "***" : maskSecrets(v, depth + 1)]),
    );
  }
  if (typeof value === "string" && value.length > 500) return value.slice(0, 500) + "…";
  return value;
}

export function serializeParameters(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const s = JSON.stringify(maskSecrets(value));
  return s.length > MAX_PARAMETERS ? s.slice(0, MAX_PARAMETERS) + "…" : s;
}

type Waiting = { entry: AuditEntry; done: (err?: unknown) => void };
const queues = new WeakMap<Db, { waiting: Waiting[]; flushing: boolean }>();
/** Rows per transaction of appendRows (each statement well under SQLite's parameter limit). */
const ROWS_PER_INSERT = 500;

/**
 * Writes one audit row; resolves once it is committed. Rows wait for the next turn of the event
 * loop, so the rows of every call that finishes meanwhile are written together in one transaction
 * (appendRows: through the connection the reads use, so that they keep their page cache): a busy
 * server pays for one commit per batch instead of one per call.
 */
export function writeAuditLog(db: Db, entry: AuditEntry): Promise<void> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, queue = { waiting: [], flushing: false });
  const q = queue;
  const written = new Promise<void>((resolve, reject) =>
    q.waiting.push({ entry, done: (err) => err === undefined ? resolve() : reject(err) })
  );
  if (!q.flushing) {
    q.flushing = true;
    setTimeout(async () => {
      try {
        while (q.waiting.length) {
          const batch = q.waiting.splice(0, ROWS_PER_INSERT);
          try {
            await appendRows(db, auditLogs, batch.map((w) => w.entry));
            for (const w of batch) w.done();
          } catch {
            // One bad row must not cost the others theirs: write them one by one.
            for (const w of batch) {
              await db.insert(auditLogs).values(w.entry).then(() => w.done(), (err) => w.done(err));
            }
          }
        }
      } finally {
        q.flushing = false;
      }
    }, 0);
  }
  return written;
}
type ListAuditLogsInput = z.infer<typeof listAuditLogsInput>;

/** The conditions the given filters make, each value a placeholder (bound from the input). */
function auditConditions(input: ListAuditLogsInput): SQL | undefined {
  const p = sql.placeholder;
  const where: SQL[] = [];
  if (input.userId) where.push(eq(auditLogs.userId, p("userId")));
  if (input.userName) where.push(containsBound(auditLogs.userName, "userName"));
  if (input.startTime) where.push(gte(auditLogs.executionTime, p("startTime")));
  if (input.endTime) where.push(lt(auditLogs.executionTime, p("endTime")));
  if (input.serviceName) where.push(containsBound(auditLogs.serviceName, "serviceName"));
  if (input.methodName) where.push(containsBound(auditLogs.methodName, "methodName"));
  if (input.httpStatus) where.push(eq(auditLogs.httpStatus, p("httpStatus")));
  if (input.hasException !== undefined) {
    where.push(input.hasException ? isNotNull(auditLogs.exception) : isNull(auditLogs.exception));
  }
  return where.length ? and(...where) : undefined;
}

/** Which filters are given, and the sort: one prepared statement each. */
const auditStatementKey = (input: ListAuditLogsInput) =>
  JSON.stringify([
    ["userId", "userName", "startTime", "endTime", "serviceName", "methodName", "httpStatus"]
      .filter((k) => input[k as keyof ListAuditLogsInput]),
    input.hasException,
    input.sorting,
  ]);

const auditCount = preparedPerKey(
  auditStatementKey,
  (db, input) =>
    db.select({ total: count() }).from(auditLogs).where(auditConditions(input)).prepare(),
);

const auditPage = preparedPerKey(
  auditStatementKey,
  (db, input) =>
    db.select().from(auditLogs).where(auditConditions(input))
      .orderBy(...orderBy(input.sorting, {
        executionTime: auditLogs.executionTime,
        executionDuration: auditLogs.executionDuration,
        userName: auditLogs.userName,
        serviceName: auditLogs.serviceName,
      }, [desc(auditLogs.executionTime), desc(auditLogs.id)]))
      .limit(sql.placeholder("limit")).offset(sql.placeholder("offset")).prepare(),
);

export async function listAuditLogs(
  deps: Deps,
  input: ListAuditLogsInput,
): Promise<Paged<AuditLogDto>> {
  const values = {
    userId: input.userId,
    userName: input.userName && likePattern(input.userName),
    startTime: input.startTime,
    endTime: input.endTime,
    serviceName: input.serviceName && likePattern(input.serviceName),
    methodName: input.methodName && likePattern(input.methodName),
    httpStatus: input.httpStatus,
    limit: input.maxResultCount,
    offset: input.skipCount,
  };
  const [{ total }] = await auditCount(deps.db, input).all(values);
  const items = await auditPage(deps.db, input).all(values);
  return { items, totalCount: total };
}

export async function getAuditLog(deps: Deps, id: number): Promise<AuditLogDto> {
  const row = await deps.db.query.auditLogs.findFirst({ where: eq(auditLogs.id, id) });
  if (!row) throw notFound("auditLog", id);
  return row;
}
