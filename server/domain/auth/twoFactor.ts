// Two-factor sign-in (TOTP): enrolling an authenticator app (a QR code and the secret as text,
// confirmed by a first code), ten one-time recovery codes kept hashed, the codes checked within a
// 30-second step either side and never taken twice, the admin setting that makes it required, the
// short-lived ticket between the password and the code, and an admin's reset (the user is mailed).
import { and, count, eq, isNull, or, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import {
  emailTemplates,
  roles,
  suppliers,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  userRoles,
  users,
} from "../../../db/schema.ts";
import { type DbOrTx, transaction } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { conflict, fieldError, notFound } from "../errors.ts";
import { sha256Hex } from "../shared/hashing.ts";
import { getSetting } from "../settings/service.ts";
import { supplierAddresses, writeEmail } from "../email/outbox.ts";
import { StaticRoles } from "./permissions.ts";

const TWO_FACTOR = {
  /** Seconds per code. */
  periodSeconds: 30,
  /** Steps either side of now a code may come from (a clock a little off still signs in). */
  window: 1,
  /** Recovery codes given at enrolment. */
  recoveryCodes: 10,
  /** How long the ticket between the password and the code (or the enrolment) lasts. */
  ticketMinutes: 10,
  issuer: "QMO",
};

/** What a sign-in still needs after the password: a code, or enrolling first (required, not done). */
type SecondStep = "code" | "enrol";

type User = Pick<typeof users.$inferSelect, "id" | "kind" | "userName">;

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / TWO_FACTOR.periodSeconds);

/** The user's authenticator, confirmed or still being enrolled; undefined when none. */
const secretOf = (db: DbOrTx, userId: number) =>
  db.query.twoFactorSecrets.findFirst({ where: eq(twoFactorSecrets.userId, userId) });

async function isAdministrator(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.name, StaticRoles.Admin)));
  return row.n > 0;
}

/** Whether the admin setting requires a second factor of this user. */
export async function twoFactorRequired(deps: Deps, user: Pick<User, "id" | "kind">) {
  const rule = await getSetting(deps, "twoFactorRequired");
  if (user.kind === "supplier") return rule.suppliers;
  return rule.staff || (rule.administrators && await isAdministrator(deps.db, user.id));
}

/** What a sign-in with a right password still needs of this user, if anything. */
export async function secondStepOf(deps: Deps, user: User): Promise<SecondStep | undefined> {
  if ((await secretOf(deps.db, user.id))?.confirmedAt) return "code";
  return await twoFactorRequired(deps, user) ? "enrol" : undefined;
}

const ticketKey = (deps: Deps) => new TextEncoder().encode(`${deps.config.jwtSecret}:two-factor`);
const TICKET_AUDIENCE = "qmo:two-factor";

/** The ticket a sign-in answers after a right password when a second step remains. */
export async function challengeFor(deps: Deps, user: User, step: SecondStep) {
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  const expireInSeconds = TWO_FACTOR.ticketMinutes * 60;
  const challenge = await new SignJWT({ step })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setAudience(TICKET_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + expireInSeconds)
    .sign(ticketKey(deps));
  return { twoFactor: step, challenge, expireInSeconds, userId: user.id };
}

/** The active user a ticket was given for, at this step; 400 naming the ticket when it does not hold. */
export async function userOfChallenge(deps: Deps, challenge: string, step: SecondStep) {
  let sub: string | undefined;
  try {
    const { payload } = await jwtVerify(challenge, ticketKey(deps), {
      algorithms: ["HS256"],
      audience: TICKET_AUDIENCE,
      currentDate: deps.clock.now(),
    });
    if (payload.step === step) sub = payload.sub;
  } catch { /* answered below */ }
  const user = sub
    ? await deps.db.query.users.findFirst({ where: eq(users.id, Number(sub)) })
    : undefined;
  if (!user?.isActive) throw fieldError("challenge", "twoFactor.challengeExpired");
  return user;
}

/** A code as typed: spaces and dashes dropped, lower case. */
const normalized = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

/**
 * Takes a code of the user's confirmed authenticator (six digits within the window, from a step
 * after the last one taken) or one of their unused recovery codes; answers whether it was taken.
 * Each is taken in one statement, so two requests with the same code never both pass.
 */
export async function takeCode(deps: Deps, userId: number, code: string): Promise<boolean> {
  const typed = normalized(code);
  const row = await secretOf(deps.db, userId);
  if (!row?.confirmedAt) return false;
  if (/^\d{6}$/.test(typed)) {
    const now = deps.clock.now();
    const delta = totpOf(row.secret, "").validate({
      token: typed,
      timestamp: now.getTime(),
      window: TWO_FACTOR.window,
    });
    if (delta === null) return false;
    const step = stepAt(now) + delta;
    const r = await deps.db.update(twoFactorSecrets).set({ lastStep: step }).where(and(
      eq(twoFactorSecrets.userId, userId),
      or(isNull(twoFactorSecrets.lastStep), sql`${twoFactorSecrets.lastStep} < ${step}`),
    ));
    return r.rowsAffected > 0;
  }
  if (!/^[a-z0-9]{10}$/.test(typed)) return false;
  const r = await deps.db.update(twoFactorRecoveryCodes).set({ usedAt: deps.clock.now() }).where(
    and(
      eq(twoFactorRecoveryCodes.userId, userId),
      eq(twoFactorRecoveryCodes.codeHash, sha256Hex(typed)),
      isNull(twoFactorRecoveryCodes.usedAt),
    ),
  );
  return r.rowsAffected > 0;
}

/** The signed-in user's second factor: whether it is on, required, and recovery codes left. */
export async function twoFactorStatus(deps: Deps, actor: Actor) {
  const row = await secretOf(deps.db, actor.id);
  const [left] = await deps.db.select({ n: count() }).from(twoFactorRecoveryCodes)
    .where(and(
      eq(twoFactorRecoveryCodes.userId, actor.id),
      isNull(twoFactorRecoveryCodes.usedAt),
    ));
  return {
    enrolled: !!row?.confirmedAt,
    required: await twoFactorRequired(deps, actor),
    recoveryCodesLeft: row?.confirmedAt ? left.n : 0,
  };
}

/**
 * Starts enrolling an authenticator: a new secret (replacing one not yet confirmed), answered as
 * text, as an otpauth:// link and as a QR code (an SVG data URL). 409 when one is already on.
 */
export async function beginEnrolment(deps: Deps, user: Pick<User, "id" | "userName">) {
  if ((await secretOf(deps.db, user.id))?.confirmedAt) {
    throw conflict("twoFactor.alreadyEnrolled");
  }
  const secret = new Secret({ size: 20 }).base32;
  const now = deps.clock.now();
  await deps.db.insert(twoFactorSecrets).values({ userId: user.id, secret, createdAt: now })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret, createdAt: now, confirmedAt: null, lastStep: null },
    });
  const uri = totpOf(secret, user.userName).toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return {
    secret: secret.replace(/(.{4})(?=.)/g, "$1 "),
    uri,
    qrCode: `data:image/svg+xml;base64,${btoa(svg)}`,
  };
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function recoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Confirms the authenticator being enrolled with a first code: from then on sign-in asks for a code.
 * Answers ten new recovery codes, shown this once (only their hashes are kept). 400 naming the code
 * when it is wrong or no enrolment was started.
 */
export async function confirmEnrolment(deps: Deps, userId: number, code: string) {
  const row = await secretOf(deps.db, userId);
  if (!row || row.confirmedAt) throw fieldError("code", "twoFactor.notStarted");
  const now = deps.clock.now();
  const typed = normalized(code);
  const delta = /^\d{6}$/.test(typed)
    ? totpOf(row.secret, "").validate({
      token: typed,
      timestamp: now.getTime(),
      window: TWO_FACTOR.window,
    })
    : null;
  if (delta === null) throw fieldError("code", "twoFactor.wrongCode");
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, recoveryCode);
  await transaction(deps.db, async (tx) => {
    const r = await tx.update(twoFactorSecrets)
      .set({ confirmedAt: now, lastStep: stepAt(now) + delta })
      .where(and(
        eq(twoFactorSecrets.userId, userId),
        eq(twoFactorSecrets.secret, row.secret),
        isNull(twoFactorSecrets.confirmedAt),
      ));
    if (!r.rowsAffected) throw fieldError("code", "twoFactor.notStarted");
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.insert(twoFactorRecoveryCodes).values(
      codes.map((c) => ({ userId, codeHash: sha256Hex(normalized(c)) })),
    );
  });
  return { recoveryCodes: codes };
}

/** Removes a user's authenticator and recovery codes; answers whether there was one on. */
export async function removeSecondFactor(db: DbOrTx, userId: number): Promise<boolean> {
  const row = await secretOf(db, userId);
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  return !!row?.confirmedAt;
}

/**
 * An admin's reset of a user's second factor (a lost phone): the authenticator and recovery codes
 * are removed, so the next sign-in needs the password only (or leads to enrolling again when it is
 * required), and the user is mailed (TWO_FACTOR_RESET, through the outbox). 409 when the user has
 * none. Answers the user, for the audit log.
 */
export async function resetSecondFactor(deps: Deps, userId: number, actor: Actor) {
  const user = await deps.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound("User", userId);
  await transaction(deps.db, async (tx) => {
    if (!await removeSecondFactor(tx, userId)) throw conflict("twoFactor.notEnrolled");
    const address = await addressOf(tx, user);
    if (!address) return;
    const templates = await tx.select().from(emailTemplates).where(and(
      eq(emailTemplates.mechanism, "twoFactorReset"),
      eq(emailTemplates.isActive, true),
    ));
    const at = deps.clock.now().getTime();
    for (const tpl of templates) {
      await writeEmail(tx, deps, `twoFactorReset:${userId}:${at}:${tpl.code}`, tpl, {
        address,
        name: user.name,
        language: user.language ?? "zh",
        supplierId: user.supplierId,
        userId: user.id,
      }, { recipientName: user.name, accountName: user.userName, resetBy: actor.name });
    }
  });
  return { id: user.id, userName: user.userName };
}

/** Where the user is mailed: their own address, else (a supplier's sign-in) its supplier's first. */
async function addressOf(db: DbOrTx, user: typeof users.$inferSelect) {
  const own = user.emailAddress?.trim();
  if (own?.includes("@")) return own;
  if (user.kind !== "supplier" || !user.supplierId) return undefined;
  const s = await db.query.suppliers.findFirst({ where: eq(suppliers.id, user.supplierId) });
  return s ? supplierAddresses(s)[0] : undefined;
}
