// The commercial codes a priced quote line uses (currencies, trade terms, payment methods), seeded
// into the data dictionary, and the exchange rates to CNY kept beside them with their dates.
import { and, asc, count, desc, eq, inArray, lte, ne, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { codes, codeTypes, exchangeRates } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { fieldError, notFound } from "../errors.ts";
import type { Paged } from "../shared/paging.ts";
import { cmp, dec, normalize } from "../shared/decimal.ts";
import { activeCodes } from "./service.ts";
import { isCalendarDate } from "../shared/dates.ts";
import { createRateInput, type listRatesInput, updateRateInput } from "./schemas.ts";
import { transaction } from "../../../db/client.ts";

export const CURRENCY = "Currency";
export const TRADE_TERMS = "TradeTerms";
export const PAYMENT_METHOD = "PaymentMethod";
/** Prices are compared in this currency; its rate is 1 on every date. */
export const BASE_CURRENCY = "CNY";

type SeedCode = { code: string; name: string; nameEn: string };
export type SeedType = { code: string; name: string; nameEn: string; codes: SeedCode[] };

const commercialCodeTypes: SeedType[] = [
  {
    code: CURRENCY,
    name: "币种",
    nameEn: "Currency",
    codes: [
      { code: "CNY", name: "人民币", nameEn: "Chinese yuan" },
      { code: "USD", name: "美元", nameEn: "US dollar" },
      { code: "EUR", name: "欧元", nameEn: "Euro" },
      { code: "JPY", name: "日元", nameEn: "Japanese yen" },
      { code: "HKD", name: "港币", nameEn: "Hong Kong dollar" },
    ],
  },
  {
    code: TRADE_TERMS,
    name: "贸易条款",
    nameEn: "Trade terms",
    codes: [
      { code: "EXW", name: "工厂交货 EXW", nameEn: "Ex works (EXW)" },
      { code: "FCA", name: "货交承运人 FCA", nameEn: "Free carrier (FCA)" },
      { code: "FOB", name: "船上交货 FOB", nameEn: "Free on board (FOB)" },
      { code: "CIF", name: "成本、保险加运费 CIF", nameEn: "Cost, insurance and freight (CIF)" },
      { code: "DAP", name: "目的地交货 DAP", nameEn: "Delivered at place (DAP)" },
      { code: "DDP", name: "完税后交货 DDP", nameEn: "Delivered duty paid (DDP)" },
    ],
  },
  {
    code: PAYMENT_METHOD,
    name: "付款方式",
    nameEn: "Payment method",
    codes: [
      { code: "TT", name: "电汇", nameEn: "Telegraphic transfer" },
      { code: "BANK_ACCEPTANCE", name: "银行承兑汇票", nameEn: "Bank acceptance bill" },
      { code: "COMMERCIAL_ACCEPTANCE", name: "商业承兑汇票", nameEn: "Commercial acceptance bill" },
      { code: "LC", name: "信用证", nameEn: "Letter of credit" },
    ],
  },
];

/** Creates the commercial code types with their codes the first time (on start-up). */
export const ensureCommercialCodes = (db: DbOrTx) => ensureSeededCodeTypes(db, commercialCodeTypes);

/**
 * Creates each code type with its codes the first time; once the type exists the admin's codes are
 * left alone, so a deleted code stays deleted.
 */
export async function ensureSeededCodeTypes(db: DbOrTx, types: SeedType[]): Promise<void> {
  for (const type of types) {
    const found = await db.query.codeTypes.findFirst({ where: eq(codeTypes.code, type.code) });
    if (found) continue;
    const [row] = await db.insert(codeTypes).values({
      code: type.code,
      name: type.name,
      nameEn: type.nameEn,
    }).onConflictDoNothing().returning();
    if (!row || !type.codes.length) continue;
    await db.insert(codes).values(
      type.codes.map((c, sort) => ({ ...c, typeId: row.id, sort })),
    ).onConflictDoNothing();
  }
}

/** Demo data: rates to CNY from the start of 2026, so foreign-currency demo quotes convert. */
export async function seedDemoRates(deps: Deps) {
  const rates = [["USD", "7.1"], ["EUR", "7.8"], ["JPY", "0.048"], ["HKD", "0.91"]];
  await deps.db.insert(exchangeRates).values(
    rates.map(([currency, rate]) => ({ currency, effectiveDate: "2026-01-01", rate })),
  ).onConflictDoNothing();
  return [];
}

export type CommercialOption = { code: string; name: string; nameEn: string | null };

/** The active codes of a commercial type, in the dictionary's order, for forms and checks. */
export async function commercialOptions(
  db: DbOrTx,
  typeCode: string,
): Promise<CommercialOption[]> {
  return await db.select({ code: codes.code, name: codes.name, nameEn: codes.nameEn })
    .from(codes).innerJoin(codeTypes, eq(codeTypes.id, codes.typeId))
    .where(and(eq(codeTypes.code, typeCode), eq(codes.isActive, true)))
    .orderBy(asc(codes.sort), asc(codes.code));
}

/** Every code of a commercial type with its names, retired ones too (older quotes still use them). */
export async function commercialNames(
  db: DbOrTx,
  typeCode: string,
): Promise<CommercialOption[]> {
  return await db.select({ code: codes.code, name: codes.name, nameEn: codes.nameEn })
    .from(codes).innerJoin(codeTypes, eq(codeTypes.id, codes.typeId))
    .where(eq(codeTypes.code, typeCode));
}

// ---------------------------------------------------------------------------------------------
// Exchange rates
// ---------------------------------------------------------------------------------------------

export type RateRow = { currency: string; effectiveDate: string; rate: string };

/**
 * The rate in force on `date` (YYYY-MM-DD, UTC+8): the one with the latest effective date on or
 * before it. CNY is always 1. Null when the currency has no rate yet on that date.
 */
export function rateOn(rates: RateRow[], currency: string, date: string): RateRow | null {
  if (currency === BASE_CURRENCY) return { currency, effectiveDate: date, rate: "1" };
  let best: RateRow | null = null;
  for (const r of rates) {
    if (r.currency !== currency || r.effectiveDate > date) continue;
    if (!best || r.effectiveDate > best.effectiveDate) best = r;
  }
  return best;
}

/** Every rate of the given currencies up to `until` (enough for rateOn at any date before it). */
export async function ratesOf(db: DbOrTx, currencies: string[], until: string) {
  if (!currencies.length) return [];
  return await db.select({
    currency: exchangeRates.currency,
    effectiveDate: exchangeRates.effectiveDate,
    rate: exchangeRates.rate,
  }).from(exchangeRates).where(and(
    inArray(exchangeRates.currency, currencies),
    lte(exchangeRates.effectiveDate, until),
  ));
}

const rateDto = (r: typeof exchangeRates.$inferSelect) => ({
  id: r.id,
  currency: r.currency,
  effectiveDate: r.effectiveDate,
  rate: r.rate,
  creationTime: r.createdAt,
  updateTime: r.updatedAt,
});
export type RateDto = ReturnType<typeof rateDto>;

export async function listRates(
  deps: Deps,
  input: z.infer<typeof listRatesInput>,
): Promise<Paged<RateDto>> {
  const where: SQL[] = [];
  if (input.currency) where.push(eq(exchangeRates.currency, input.currency.toUpperCase()));
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await deps.db.select({ total: count() }).from(exchangeRates).where(cond);
  const rows = await deps.db.select().from(exchangeRates).where(cond)
    .orderBy(asc(exchangeRates.currency), desc(exchangeRates.effectiveDate))
    .limit(input.maxResultCount).offset(input.skipCount);
  return { items: rows.map(rateDto), totalCount: total };
}

/** A rate is for a currency of the dictionary other than CNY, on a real date, and above zero. */
async function checkRate(db: DbOrTx, currency: string, effectiveDate: string, rate: string) {
  if (currency === BASE_CURRENCY) throw fieldError("currency", "rates.baseCurrency");
  const [known] = await activeCodes(db, CURRENCY, currency);
  if (!known) throw fieldError("currency", "rates.unknownCurrency", { code: currency });
  if (!isCalendarDate(effectiveDate)) throw fieldError("effectiveDate", "rates.badDate");
  if (cmp(dec(rate), dec("0")) <= 0) throw fieldError("rate", "rates.badRate");
}

async function assertRateFree(db: DbOrTx, currency: string, date: string, exceptId?: number) {
  const cond = and(eq(exchangeRates.currency, currency), eq(exchangeRates.effectiveDate, date));
  const clash = await db.query.exchangeRates.findFirst({
    where: exceptId ? and(cond, ne(exchangeRates.id, exceptId)) : cond,
  });
  if (clash) throw fieldError("effectiveDate", "rates.taken", { currency, date });
}

export async function createRate(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof createRateInput>,
): Promise<RateDto> {
  const input = createRateInput.parse(raw);
  return await transaction(deps.db, async (tx) => {
    await checkRate(tx, input.currency, input.effectiveDate, input.rate);
    await assertRateFree(tx, input.currency, input.effectiveDate);
    const now = deps.clock.now();
    const [row] = await tx.insert(exchangeRates).values({
      currency: input.currency,
      effectiveDate: input.effectiveDate,
      rate: normalize(dec(input.rate)),
      createdAt: now,
      updatedAt: now,
      updatedBy: actor.id,
    }).returning();
    return rateDto(row);
  });
}

export async function updateRate(
  deps: Deps,
  actor: Actor,
  raw: z.input<typeof updateRateInput>,
): Promise<RateDto> {
  const input = updateRateInput.parse(raw);
  return await transaction(deps.db, async (tx) => {
    const existing = await tx.query.exchangeRates.findFirst({
      where: eq(exchangeRates.id, input.id),
    });
    if (!existing) throw notFound("exchangeRate", input.id);
    await checkRate(tx, input.currency, input.effectiveDate, input.rate);
    await assertRateFree(tx, input.currency, input.effectiveDate, input.id);
    const [row] = await tx.update(exchangeRates).set({
      currency: input.currency,
      effectiveDate: input.effectiveDate,
      rate: normalize(dec(input.rate)),
      updatedAt: deps.clock.now(),
      updatedBy: actor.id,
    }).where(eq(exchangeRates.id, input.id)).returning();
    return rateDto(row);
  });
}

export async function deleteRate(deps: Deps, id: number): Promise<void> {
  const rows = await deps.db.delete(exchangeRates).where(eq(exchangeRates.id, id)).returning();
  if (!rows.length) throw notFound("exchangeRate", id);
}
