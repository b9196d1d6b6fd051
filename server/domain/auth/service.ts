// Sign-in, tokens and sessions: who is calling, with which roles and permissions.
import { and, desc, eq, gt, isNull, lte, ne, sql } from "drizzle-orm";
import { errors as joseErrors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import {
  loginFailures,
  rolePermissions,
  roles,
  sessions,
  userRoles,
  users,
} from "../../../db/schema.ts";
import { type DbOrTx, idIn, preparedQuery } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { tooMany, unauthorized } from "../errors.ts";
import { dummyPasswordHash } from "./password.ts";
import { passwordSignInAllowed } from "./localPasswords.ts";
import { hashPassword, needsRehash, verifyPassword } from "../shared/password.ts";
import type { Lang } from "../../i18n.ts";
import { challengeFor, secondStepOf } from "./twoFactor.ts";

/**
 * Failed sign-ins are counted over a sliding window, per account name and per client address; only
 * failures count, so correct passwords (many suppliers behind one office address at a deadline)
 * never lock anything. A name or address is refused (429) while it has this many failures within
 * the window, until enough of them have left it.
 */
export const LOCKOUT = {
  /** Failures on one account name within the window (whatever address they came from). */
  accountFailures: 5,
  /** Failures from one client address within the window (over any names). */
  ipFailures: 100,
  windowMs: 5 * 60 * 1000,
};

/** What a call says of its client: address, browser, and the language it asked in (Accept-Language). */
export type ClientMeta = { clientIp?: string; browserInfo?: string; language?: Lang };

export type AuthenticateInput = {
  userNameOrEmailAddress: string;
  password: string;
  rememberClient?: boolean;
};

export type AuthenticateResult = { accessToken: string; expireInSeconds: number; userId: number };
/** A right password of a user with a second step to go: a code, or enrolling (twoFactor.ts). */
export type TwoFactorChallenge = Awaited<ReturnType<typeof challengeFor>>;

export const normalizeUserName = (s: string) => s.trim().toLowerCase();

const secretKey = (secret: string) => new TextEncoder().encode(secret);

export async function authenticate(
  deps: Deps,
  input: AuthenticateInput,
  meta: ClientMeta = {},
): Promise<AuthenticateResult | TwoFactorChallenge> {
  const { db, clock } = deps;
  const now = clock.now();
  const typed = normalizeUserName(input.userNameOrEmailAddress);
  const user = await db.query.users.findFirst({ where: eq(users.normalizedUserName, typed) }) ??
    (typed.includes("@")
      ? await db.query.users.findFirst({
        where: eq(users.emailAddress, input.userNameOrEmailAddress.trim()),
      })
      : undefined);
  // Failures count against the account however it was named (user name or email); unknown names
  // are counted by the typed name, so the answers never tell whether an account exists.
  const who = { userName: user?.normalizedUserName ?? typed, clientIp: meta.clientIp ?? null };
  const stored = user?.passwordHash ?? await dummyPasswordHash();
  const step = user?.isActive ? await secondStepOf(deps, user) : undefined;
  // With a code still to come, a right password keeps the account's failures (the code counts on).
  const check = async () => await verifyPassword(input.password, stored) && !!user?.isActive;
  const ok = await countedCheck(db, who, check, now, step !== "code");
  if (!ok || !user) {
    // The same answer whether the account exists, is inactive, or the password is wrong.
    throw unauthorized("auth.invalidCredentials");
  }
  // Told only to whoever knows the password: staff sign in with the company account.
  if (!await passwordSignInAllowed(deps, user)) throw unauthorized("auth.passwordSignInOff");
  // A hash made with older parameters is replaced while the password is at hand.
  if (needsRehash(user.passwordHash)) {
    await db.update(users).set({ passwordHash: await hashPassword(input.password) })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }

  if (step) return await challengeFor(deps, user, step);
  return await startSession(deps, user, meta);
}

/**
 * A language to save as the user's unless they chose one: judged in the statement, so a choice made
 * meanwhile stays.
 */
const unlessChosen = (lang: Lang) =>
  sql<Lang>`CASE WHEN ${users.languageChosen} THEN ${users.language} ELSE ${lang} END`;

/**
 * Opens a session for a user who has proved who they are (a password, a reset link) and answers its
 * token. The language they signed in with becomes theirs, unless they chose one.
 */
export async function startSession(
  deps: Deps,
  user: Pick<typeof users.$inferSelect, "id" | "kind">,
  meta: ClientMeta = {},
): Promise<AuthenticateResult> {
  const { db } = deps;
  const now = deps.clock.now();
  const jti = crypto.randomUUID();
  const ttl = deps.config.tokenTtlSeconds;
  const expiresAt = new Date(now.getTime() + ttl * 1000);
  await db.insert(sessions).values({
    id: jti,
    userId: user.id,
    createdAt: now,
    expiresAt,
    clientIp: meta.clientIp ?? null,
    browserInfo: meta.browserInfo?.slice(0, 512) ?? null,
  });
  const language = meta.language ? { language: unlessChosen(meta.language) } : {};
  await db.update(users).set({ lastLoginAt: now, ...language }).where(eq(users.id, user.id));
  const accessToken = await new SignJWT({ kind: user.kind })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setJti(jti)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secretKey(deps.config.jwtSecret));
  return { accessToken, expireInSeconds: ttl, userId: user.id };
}

/** Who an attempt counts against: an account name and the address (no name: the address only). */
type Who = { userName: string | null; clientIp: string | null };
type Named = Who & { userName: string };

/**
 * Checks a password against a stored hash, counted: a locked name or address is refused (429)
 * before any password is checked; a wrong one (or any, when the account is not `usable`) is recorded
 * only while under both limits, in one statement, and past them the answer is 429 whatever the
 * password was, so guesses sent all at once (to one instance or several) learn no more than guesses
 * sent one by one. A success forgets the account's failures (and with them their share of the
 * address's).
 */
function checkPasswordCounted(
  db: DbOrTx,
  who: Named,
  password: string,
  stored: string,
  usable: boolean,
  now: Date,
): Promise<boolean> {
  return countedCheck(db, who, async () => await verifyPassword(password, stored) && usable, now);
}

/**
 * A check counted as a sign-in's password is (checkPasswordCounted): a password, or a second
 * factor's code. `forget`: a success forgets the account's failures.
 */
export async function countedCheck(
  db: DbOrTx,
  who: Named,
  check: () => Promise<boolean>,
  now: Date,
  forget = true,
): Promise<boolean> {
  await refuseWhileLocked(db, who, now);
  if (!await check()) {
    if (!await recordFailure(db, who, now)) await refuseWhileLocked(db, who, now, true);
    return false;
  }
  // Failures recorded while this was checked count too (a burst of guesses).
  await refuseWhileLocked(db, who, now);
  if (forget) await forgetFailures(db, who.userName);
  return true;
}

/**
 * The signed-in user's current password, asked for by a password change: counted as a sign-in is,
 * so a session in the wrong hands cannot try passwords faster than the sign-in page allows.
 */
export function checkCurrentPassword(
  deps: Deps,
  user: { normalizedUserName: string; passwordHash: string },
  password: string,
  meta: ClientMeta = {},
): Promise<boolean> {
  const who = { userName: user.normalizedUserName, clientIp: meta.clientIp ?? null };
  return checkPasswordCounted(deps.db, who, password, user.passwordHash, true, deps.clock.now());
}

/**
 * Until when `column = value` stays locked: while it has `limit` failures within the window, that
 * is until the `limit`-th most recent of them leaves the window. Undefined when not locked.
 */
async function lockedUntil(
  db: DbOrTx,
  column: typeof loginFailures.userName | typeof loginFailures.clientIp,
  value: string,
  limit: number,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db.select({ at: loginFailures.at }).from(loginFailures)
    .where(and(eq(column, value), gt(loginFailures.at, new Date(now.getTime() - LOCKOUT.windowMs))))
    .orderBy(desc(loginFailures.at)).limit(1).offset(limit - 1);
  return row ? row.at.getTime() + LOCKOUT.windowMs : undefined;
}

/** Throws 429 with the minutes to wait while the name or the address is locked (`always`: even when neither is any more). */
async function refuseWhileLocked(db: DbOrTx, who: Who, now: Date, always = false) {
  const until = Math.max(
    who.userName !== null
      ? await lockedUntil(db, loginFailures.userName, who.userName, LOCKOUT.accountFailures, now) ??
        0
      : 0,
    who.clientIp
      ? await lockedUntil(db, loginFailures.clientIp, who.clientIp, LOCKOUT.ipFailures, now) ?? 0
      : 0,
  );
  if (until > now.getTime() || always) {
    const minutes = Math.max(1, Math.ceil((until - now.getTime()) / 60000));
    throw tooMany("auth.locked", { count: minutes });
  }
}

/**
 * Records one failure unless the name or the address already has its limit of failures within the
 * window, in a single statement (no lost counts between concurrent attempts, in this process or
 * another); answers whether it was recorded. Failures past the window are deleted.
 */
async function recordFailure(db: DbOrTx, who: Who, now: Date): Promise<boolean> {
  const at = now.getTime();
  const since = at - LOCKOUT.windowMs;
  const f = loginFailures;
  const result = await db.run(
    sql`INSERT INTO ${f} (${sql.identifier(f.userName.name)}, ${sql.identifier(f.clientIp.name)}, ${
      sql.identifier(f.at.name)
    })
    SELECT ${who.userName ?? ""}, ${who.clientIp}, ${at}
    WHERE (${who.userName} IS NULL OR (SELECT count(*) FROM ${f}
      WHERE ${f.userName} = ${who.userName} AND ${f.at} > ${since}) < ${LOCKOUT.accountFailures})
    AND (${who.clientIp} IS NULL OR (SELECT count(*) FROM ${f}
      WHERE ${f.clientIp} = ${who.clientIp} AND ${f.at} > ${since}) < ${LOCKOUT.ipFailures})`,
  );
  await db.delete(f).where(lte(f.at, new Date(since)));
  return result.rowsAffected > 0;
}

/**
 * A request for a password-reset link, counted as a failed sign-in against the client address only,
 * whether or not the account exists (so the count tells nothing of it) and never against an account
 * name (so requests made in someone's name never lock them out): 429 while the address is locked.
 */
export async function countResetRequest(deps: Deps, meta: ClientMeta): Promise<void> {
  if (!meta.clientIp) return;
  const who = { userName: null, clientIp: meta.clientIp };
  const now = deps.clock.now();
  await refuseWhileLocked(deps.db, who, now);
  if (!await recordFailure(deps.db, who, now)) await refuseWhileLocked(deps.db, who, now, true);
}

/**
 * Forgets the failed sign-ins of an account, once its owner has proved who they are another way (a
 * password-reset link): their new password is not locked out by guesses at the old one.
 */
export async function forgetFailures(db: DbOrTx, normalizedUserName: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.userName, normalizedUserName));
}

/** Ends every open session of a user (password reset, deactivation), or every other one (`except`: own password change). */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: number,
  now: Date,
  except?: string,
): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(
    and(
      eq(sessions.userId, userId),
      isNull(sessions.revokedAt),
      except === undefined ? undefined : ne(sessions.id, except),
    ),
  );
}

/**
 * Tokens whose signature has been checked, per signing secret. A token's signature never changes, so
 * each is checked once per process (HMAC through WebCrypto was a tenth of every call's CPU); its
 * expiry is still judged on every call, and its session (sign-out, reset) checked (keptActorRows).
 * Emptied when full.
 */
const verifiedTokens = new Map<string, Map<string, JWTPayload>>();
const VERIFIED_TOKENS_MAX = 10_000;

async function verifiedClaims(secret: string, token: string, now: Date): Promise<JWTPayload> {
  let bySecret = verifiedTokens.get(secret);
  if (!bySecret) verifiedTokens.set(secret, bySecret = new Map());
  let claims = bySecret.get(token);
  if (!claims) {
    try {
      ({ payload: claims } = await jwtVerify(token, secretKey(secret), {
        algorithms: ["HS256"],
        currentDate: now,
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized("auth.tokenExpired");
      throw unauthorized("auth.tokenInvalid");
    }
    if (bySecret.size >= VERIFIED_TOKENS_MAX) bySecret.clear();
    bySecret.set(token, claims);
  }
  // As jose judges it: expired from the second `exp` names.
  if (claims.exp !== undefined && claims.exp * 1000 <= now.getTime()) {
    throw unauthorized("auth.tokenExpired");
  }
  return claims;
}

/** Verifies a bearer token's signature, expiry and session; answers the acting user or throws 401. */
export async function resolveToken(deps: Deps, token: string): Promise<Actor> {
  const payload = await verifiedClaims(deps.config.jwtSecret, token, deps.clock.now());
  const userId = Number(payload.sub);
  if (!payload.jti || !Number.isSafeInteger(userId)) throw unauthorized("auth.tokenRevoked");
  const row = await actorRow(deps.db, userId, payload.jti);
  const actor = row && sessionHolds(row, deps.clock.now()) ? toActor(row) : undefined;
  if (!actor) throw unauthorized("auth.tokenRevoked");
  return { ...actor, sessionId: payload.jti };
}

/** Whether a session row still holds at `now`: not signed out or revoked, not past its expiry. */
const sessionHolds = (row: Pick<ActorRow, "revokedAt" | "expiresAt">, now: Date) =>
  row.revokedAt == null && row.expiresAt != null && row.expiresAt > now.getTime();

/**
 * The acting users of these sessions, by session id, for those that still hold with an active user:
 * the check resolveToken makes on every call, for many sessions in one statement (an open event
 * stream asks it again every moment). A session missing from the answer has ended.
 */
export async function sessionActors(
  deps: Deps,
  sessionIds: readonly string[],
): Promise<Map<string, Actor>> {
  const out = new Map<string, Actor>();
  if (!sessionIds.length) return out;
  const now = deps.clock.now();
  for (const row of await actorsOfSessions(deps.db).all({ ids: JSON.stringify(sessionIds) })) {
    const actor = sessionHolds(row, now) ? toActor(row) : undefined;
    if (actor) out.set(row.sessionId, { ...actor, sessionId: row.sessionId });
  }
  return out;
}

type ActorRow = {
  id: number;
  userName: string;
  name: string;
  kind: "staff" | "supplier";
  supplierId: number | null;
  isActive: number;
  roleNames: string | null;
  permissions: string | null;
  revokedAt: number | null;
  expiresAt: number | null;
};

const SEP = sql`char(31)`;
/** The user's columns an actor needs, their role names and the union of their roles' permissions. */
const actorColumns = {
  id: users.id,
  userName: users.userName,
  name: users.name,
  kind: users.kind,
  supplierId: users.supplierId,
  isActive: sql<number>`${users.isActive}`,
  roleNames: sql<string | null>`(select group_concat(name, ${SEP}) from (select r.name
    from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = ${users.id}
    order by r.name))`,
  permissions: sql<string | null>`(select group_concat(permission, ${SEP}) from (select distinct
    rp.permission from ${userRoles} ur join ${rolePermissions} rp on rp.role_id = ur.role_id
    where ur.user_id = ${users.id}))`,
};

/** Every API call asks this with the token's session: built once, then only bound. */
const actorWithSession = preparedQuery((db) =>
  db.select({
    ...actorColumns,
    revokedAt: sql<number | null>`${sessions.revokedAt}`,
    expiresAt: sql<number | null>`${sessions.expiresAt}`,
  }).from(users)
    .innerJoin(
      sessions,
      and(eq(sessions.userId, users.id), eq(sessions.id, sql.placeholder("sessionId"))),
    )
    .where(eq(users.id, sql.placeholder("userId"))).prepare()
);
const actorsOfSessions = preparedQuery((db) =>
  db.select({
    ...actorColumns,
    sessionId: sessions.id,
    revokedAt: sql<number | null>`${sessions.revokedAt}`,
    expiresAt: sql<number | null>`${sessions.expiresAt}`,
  }).from(sessions).innerJoin(users, eq(users.id, sessions.userId))
    .where(idIn(sessions.id, "ids")).prepare()
);
const actorOnly = preparedQuery((db) =>
  db.select(actorColumns).from(users).where(eq(users.id, sql.placeholder("userId"))).prepare()
);

/**
 * The user, their role names and the union of their roles' permissions in one statement (and with
 * a session id, that session's state): every API call asks this, so it reads only what it needs.
 */
async function actorRow(
  db: DbOrTx,
  userId: number,
  sessionId?: string,
): Promise<ActorRow | undefined> {
  if (sessionId === undefined) {
    const row = await actorOnly(db).get({ userId });
    return row && { ...row, revokedAt: null, expiresAt: null };
  }
  return await actorWithSession(db).get({ userId, sessionId });
}

function toActor(row: ActorRow | undefined): Actor | undefined {
  if (!row || !row.isActive) return undefined;
  const list = (v: string | null) => (v ? v.split("\x1f") : []);
  return {
    id: Number(row.id),
    userName: row.userName,
    name: row.name,
    kind: row.kind,
    supplierId: row.supplierId == null ? null : Number(row.supplierId),
    roleNames: list(row.roleNames).sort(),
    permissions: new Set(list(row.permissions)),
  };
}

/** The user with role names and the union of their roles' permissions; undefined when missing or inactive. */
export async function loadActor(db: DbOrTx, userId: number): Promise<Actor | undefined> {
  return toActor(await actorRow(db, userId));
}

export async function logout(deps: Deps, actor: Actor): Promise<void> {
  if (!actor.sessionId) return;
  await deps.db.update(sessions).set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.id, actor.sessionId), eq(sessions.userId, actor.id)));
}
