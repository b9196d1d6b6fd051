// Forgotten passwords: a one-time link to the account's email (through the outbox, valid 30
// minutes, usable once, only its hash kept), and setting a new password with it, which ends every
// other session of the user and signs them in.
import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { z } from "zod";
import { passwordResets, suppliers, users } from "../../../db/schema.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { Deps } from "../context.ts";
import { fieldError } from "../errors.ts";
import { type Lang, t } from "../../i18n.ts";
import { sha256Hex } from "../shared/hashing.ts";
import { hashPassword } from "../shared/password.ts";
import { supplierAddresses, writeRendered } from "../email/outbox.ts";
import type { resetLinkInput, resetWithLinkInput, sendResetLinkInput } from "./schemas.ts";
import { passwordSignInAllowed } from "./localPasswords.ts";
import {
  type AuthenticateResult,
  type ClientMeta,
  countResetRequest,
  forgetFailures,
  normalizeUserName,
  revokeUserSessions,
  startSession,
  type TwoFactorChallenge,
} from "./service.ts";
import { challengeFor, secondStepOf } from "./twoFactor.ts";
import { transaction } from "../../../db/client.ts";

export const PASSWORD_RESET = {
  /** How long a link works. */
  linkMinutes: 30,
  /**
   * Links sent to one account within `linkMinutes`, at most: a further request is answered the same
   * but sends nothing (no one fills a mailbox with requests made in its owner's name).
   */
  linksPerAccount: 3,
  /**
   * Every request is answered after at least this long, whether or not an email was written, so the
   * time taken does not tell whether the account exists.
   */
  answerMs: 250,
};

/** The outbox's name for the reset email (it has no template: its text is in the locales). */
const EMAIL_CODE = "PASSWORD_RESET";

type User = typeof users.$inferSelect;

/** The account a sign-in with this name would reach: its user name, else its email. */
async function accountNamed(db: DbOrTx, typed: string): Promise<User | undefined> {
  const name = normalizeUserName(typed);
  return await db.query.users.findFirst({ where: eq(users.normalizedUserName, name) }) ??
    (name.includes("@")
      ? await db.query.users.findFirst({ where: eq(users.emailAddress, typed.trim()) })
      : undefined);
}

/** Where the link goes: the account's email, else (a supplier's sign-in) its supplier's first. */
async function addressOf(db: DbOrTx, user: User): Promise<string | undefined> {
  const own = user.emailAddress?.trim();
  if (own?.includes("@")) return own;
  if (user.kind !== "supplier" || !user.supplierId) return undefined;
  const s = await db.query.suppliers.findFirst({ where: eq(suppliers.id, user.supplierId) });
  return s ? supplierAddresses(s)[0] : undefined;
}

const secretOf = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_")
    .replace(/=+$/, "");
};

/** The page that takes the link: the portal's for a supplier, the back-office's for staff. */
const linkFor = (deps: Pick<Deps, "config">, user: User, secret: string) => {
  const page = user.kind === "supplier" ? "/portal/reset-password" : "/reset-password";
  return `${deps.config.publicUrl}${page}?token=${secret}`;
};

/**
 * Sends a reset link to the account with this user name (or email), when it exists, is active and
 * has an address: written to the outbox in the language the user chose, else the one the request
 * was made in. The answer is the same either way and takes as long; the request counts against
 * the client's address as a failed sign-in does (429 past the limit). Answers the account, for the
 * audit log only.
 */
export async function sendResetLink(
  deps: Deps,
  input: z.infer<typeof sendResetLinkInput>,
  meta: ClientMeta = {},
): Promise<{ id: number; userName: string } | undefined> {
  const started = performance.now();
  await countResetRequest(deps, meta);
  const user = await accountNamed(deps.db, input.userNameOrEmailAddress);
  const address = user?.isActive ? await addressOf(deps.db, user) : undefined;
  if (user && address && await passwordSignInAllowed(deps, user)) {
    await writeLink(deps, user, address, meta);
  }
  const rest = PASSWORD_RESET.answerMs - (performance.now() - started);
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  return user && { id: user.id, userName: user.userName };
}

async function writeLink(deps: Deps, user: User, address: string, meta: ClientMeta) {
  const now = deps.clock.now();
  const windowStart = new Date(now.getTime() - PASSWORD_RESET.linkMinutes * 60_000);
  const secret = secretOf();
  const language: Lang = (user.languageChosen ? user.language : meta.language) ?? user.language ??
    "zh";
  await transaction(deps.db, async (tx) => {
    const [{ sent }] = await tx.select({ sent: count() }).from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, windowStart)));
    if (sent >= PASSWORD_RESET.linksPerAccount) return;
    const [row] = await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: sha256Hex(secret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET.linkMinutes * 60_000),
      clientIp: meta.clientIp ?? null,
    }).returning({ id: passwordResets.id });
    const values = {
      name: user.name,
      userName: user.userName,
      minutes: PASSWORD_RESET.linkMinutes,
      link: linkFor(deps, user, secret),
    };
    await writeRendered(tx, deps, {
      eventKey: `password-reset:${row.id}`,
      code: EMAIL_CODE,
      recipient: {
        address,
        name: user.name,
        language,
        supplierId: user.supplierId,
        userId: user.id,
      },
      subject: t(language, "passwordReset.emailSubject", values),
      body: t(language, "passwordReset.emailBody", values),
    });
  });
}

/** The open link with this secret and its active user; a 400 naming the link when there is none. */
async function openLink(db: DbOrTx, secret: string, now: Date) {
  const [row] = await db.select({ link: passwordResets, user: users }).from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(
      eq(passwordResets.tokenHash, sha256Hex(secret)),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, now),
      eq(users.isActive, true),
    ));
  if (!row) throw fieldError("token", "passwordReset.linkInvalid");
  return row;
}

/** Whether a link still works, and for which account (the page says whose password it sets). */
export async function checkResetLink(
  deps: Deps,
  input: z.infer<typeof resetLinkInput>,
): Promise<{ userName: string; kind: User["kind"] }> {
  const { user } = await openLink(deps.db, input.token, deps.clock.now());
  return { userName: user.userName, kind: user.kind };
}

/**
 * Sets a new password with a link, once: every open link of the user is used up, their sessions
 * end, their failed sign-ins are forgotten, and a new session is opened for the caller. Answers its
 * token as a sign-in does, with the account's user name (for the audit log); for a user with a
 * second factor (or required to enrol one), the ticket a sign-in answers instead: a link by email
 * is no way around the code.
 */
export async function resetWithLink(
  deps: Deps,
  input: z.infer<typeof resetWithLinkInput>,
  meta: ClientMeta = {},
): Promise<(AuthenticateResult | TwoFactorChallenge) & { userName: string }> {
  const { user: holder } = await openLink(deps.db, input.token, deps.clock.now());
  if (!await passwordSignInAllowed(deps, holder)) {
    throw fieldError("token", "passwordReset.linkInvalid");
  }
  // Hashed before the transaction, which then holds the write lock only for a moment.
  const passwordHash = await hashPassword(input.newPassword);
  const user = await transaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const { link, user } = await openLink(tx, input.token, now);
    const taken = await tx.update(passwordResets).set({ usedAt: now })
      .where(and(eq(passwordResets.id, link.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (!taken.length) throw fieldError("token", "passwordReset.linkInvalid");
    await tx.update(passwordResets).set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, now);
    await forgetFailures(tx, user.normalizedUserName);
    return user;
  });
  const step = await secondStepOf(deps, user);
  if (step) return { ...await challengeFor(deps, user, step), userName: user.userName };
  return { ...await startSession(deps, user, meta), userName: user.userName };
}
