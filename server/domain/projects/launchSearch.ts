// The launch page's supplier search (GetSupplierData): suppliers by code or name, each saying
// whether it may be invited to the project.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { suppliers } from "../../../db/schema.ts";
import { idIn, preparedQuery } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { orderBy } from "../paging.ts";
import { exactQuery, supplierMatches, supplierTextContains } from "../suppliers/search.ts";
import { invitability } from "../suppliers/service.ts";
import { supplierSummary } from "../suppliers/summary.ts";
import { type Lang, t } from "../../i18n.ts";
import { requiredCertificatesOf } from "../suppliers/certificates.ts";
import { type supplierSearchInput } from "./schemas.ts";
import { projectForActor } from "./access.ts";

const suppliersByIds = preparedQuery((db) =>
  db.select().from(suppliers).where(idIn(suppliers.id, "ids")).prepare()
);

/**
 * GetSupplierData: the launch page's supplier search. With the project (`offProId`), each supplier
 * says whether it may be invited to it and, when not, why (in the caller's language).
 */
export async function searchSuppliers(
  deps: Deps,
  input: z.infer<typeof supplierSearchInput>,
  actor?: Actor,
  lang: Lang = "zh",
) {
  return await searchAnswer(deps, input, input.offProId ? actor : undefined, lang);
}

async function searchAnswer(
  deps: Deps,
  input: z.infer<typeof supplierSearchInput>,
  actor: Actor | undefined,
  lang: Lang,
) {
  const where: SQL[] = [];
  if (input.code) where.push(supplierTextContains("code", input.code));
  if (input.fullName) where.push(supplierTextContains("fullName", input.fullName));
  if (input.abbrName) where.push(supplierTextContains("abbrName", input.abbrName));
  if (input.isInvalidFiltering) where.push(eq(suppliers.status, "effective"));
  const cond = where.length ? and(...where) : undefined;
  const order = orderBy(input.sorting, {
    code: suppliers.code,
    abbrName: suppliers.abbrName,
    fullName: suppliers.fullName,
  }, [suppliers.code]);
  // Words of two characters or more in code order: the trigram index alone answers them.
  const queries = ([
    ["code", input.code],
    ["fullName", input.fullName],
    ["abbrName", input.abbrName],
  ] as const).flatMap(([field, text]) => text ? [exactQuery(field, text)] : []);
  const exact = queries.length && !input.sorting && queries.every((q) => q !== undefined)
    ? { match: sql.join(queries, sql` || ' AND ' || `), effectiveOnly: input.isInvalidFiltering }
    : undefined;
  const matches = await supplierMatches(
    deps.db,
    JSON.stringify([
      input.code,
      input.fullName,
      input.abbrName,
      input.isInvalidFiltering,
      input.sorting?.trim().toLowerCase(),
    ]),
    cond,
    order,
    exact,
  );
  const page = [...matches.subarray(input.skipCount, input.skipCount + input.maxResultCount)]
    .map((id) => ({ id }));
  const total = matches.length;
  const found = page.length
    ? await suppliersByIds(deps.db).all({ ids: JSON.stringify(page.map((r) => r.id)) })
    : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = page.flatMap((r) => byId.get(r.id) ?? []);
  const project = input.offProId && actor
    ? await projectForActor(deps, actor, input.offProId)
    : undefined;
  const problems = await invitability(
    deps.db,
    rows,
    project ? await requiredCertificatesOf(deps.db, project) : [],
    deps.clock.now(),
  );
  return {
    items: rows.map((s) => {
      const problem = problems.get(s.id);
      return {
        ...supplierSummary(s),
        invitable: !problem,
        notInvitableReason: problem ? t(lang, problem.reason.key, problem.reason.params) : null,
      };
    }),
    totalCount: total,
  };
}
