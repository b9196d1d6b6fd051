// Sign-in, tokens and sessions: who is calling, with which roles and permissions.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { errors as joseErrors, type JWTPayload, jwtVerify, SignJWT } from "jose";
import {
  loginAttempts,
  rolePermissions,
  roles,
  sessions,
  userRoles,
  users,
} from "../../../db/schema.ts";
import { type DbOrTx, preparedQuery } from "../../../db/client.ts";
import type { Actor, Deps } from "../context.ts";
import { changeStamp, keptResults } from "../kept.ts";
import { tooMany, unauthorized } from "../errors.ts";
import { dummyPasswordHash, verifyPassword } from "./password.ts";

export const LOCKOUT = {
  /** Failed attempts on one account name before it is locked. */
  accountFailures: 5,
  /** Failed attempts from one client address before it is locked (many names tried). */
  ipFailures: 30,
  lockMs: 5 * 60 * 1000,
};

export type ClientMeta = { clientIp?: string; browserInfo?: string };

export type AuthenticateInput = {
  userNameOrEmailAddress: string;
  password: string;
  rememberClient?: boolean;
};

export type AuthenticateResult = { accessToken: string; expireInSeconds: number; userId: number };

export const normalizeUserName = (s: string) => s.trim().toLowerCase();

const secretKey = (secret: string) => new TextEncoder().encode(secret);

export async function authenticate(
  deps: Deps,
  input: AuthenticateInput,
  meta: ClientMeta = {},
): Promise<AuthenticateResult> {
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
  const name = user?.normalizedUserName ?? typed;
  const userKey = `user:${name}`;
  const ipKey = meta.clientIp ? `ip:${meta.clientIp}` : undefined;
  // Counted before the password is checked, so a burst of guesses sent at once (to one instance or
  // several) gets no more tries than guesses sent one by one.
  await reserveAttempt(db, userKey, LOCKOUT.accountFailures, now);
  if (ipKey) await reserveAttempt(db, ipKey, LOCKOUT.ipFailures, now);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? await dummyPasswordHash());
  if (!user || !ok || !user.isActive) {
    // The same answer whether the account exists, is inactive, or the password is wrong.
    throw unauthorized("auth.invalidCredentials");
  }
  await db.delete(loginAttempts).where(eq(loginAttempts.key, userKey));
  if (ipKey) await releaseAttempt(db, ipKey, LOCKOUT.ipFailures);

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
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  const accessToken = await new SignJWT({ kind: user.kind })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setJti(jti)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secretKey(deps.config.jwtSecret));
  return { accessToken, expireInSeconds: ttl, userId: user.id };
}

/**
 * Counts one sign-in attempt on `key` in a single statement (no lost counts between concurrent
 * attempts, in this process or another): the `limit`-th attempt within a window still goes ahead and
 * starts the lock; any later one while the lock lasts is refused (429). An expired lock starts a
 * fresh count.
 */
async function reserveAttempt(db: DbOrTx, key: string, limit: number, now: Date) {
  const at = now.getTime();
  const lockUntil = at + LOCKOUT.lockMs;
  const expired =
    sql`(${loginAttempts.lockedUntil} IS NOT NULL AND ${loginAttempts.lockedUntil} <= ${at})`;
  const [row] = await db.insert(loginAttempts).values({
    key,
    failures: 1,
    lockedUntil: limit <= 1 ? new Date(lockUntil) : null,
    updatedAt: now,
  }).onConflictDoUpdate({
    target: loginAttempts.key,
    set: {
      failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginAttempts.failures} + 1 END`,
      lockedUntil: sql`CASE
        WHEN ${expired} THEN CASE WHEN 1 >= ${limit} THEN ${lockUntil} END
        WHEN ${loginAttempts.lockedUntil} IS NULL AND ${loginAttempts.failures} + 1 >= ${limit}
          THEN ${lockUntil}
        ELSE ${loginAttempts.lockedUntil} END`,
      updatedAt: now,
    },
  }).returning();
  const locked = row.lockedUntil && row.lockedUntil > now && row.failures !== limit;
  if (locked) {
    const minutes = Math.max(1, Math.ceil((row.lockedUntil!.getTime() - at) / 60000));
    throw tooMany("auth.locked", { minutes });
  }
}

/** A successful sign-in gives back the attempt it reserved on a client address. */
async function releaseAttempt(db: DbOrTx, key: string, limit: number) {
  await db.update(loginAttempts).set({
    failures: sql`${loginAttempts.failures} - 1`,
    // The lock this very attempt started, with nothing after it, is undone.
    lockedUntil:
      sql`CASE WHEN ${loginAttempts.failures} = ${limit} THEN NULL ELSE ${loginAttempts.lockedUntil} END`,
  }).where(and(eq(loginAttempts.key, key), gt(loginAttempts.failures, 0)));
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

/**
 * The user and session rows of recent calls' tokens, each kept while the actors' change counter
 * (migration 0016: users, roles, their permissions, sessions) stays as it was when read: a call
 * then reads one counter instead of the user, their roles and permissions. The session's expiry is
 * still judged at each call's time.
 */
const keptActorRows = keptResults<{ row: ActorRow; actor: Actor | undefined } | null>({
  entries: 10_000,
});

/** Verifies a bearer token's signature, expiry and session; answers the acting user or throws 401. */
export async function resolveToken(deps: Deps, token: string): Promise<Actor> {
  const payload = await verifiedClaims(deps.config.jwtSecret, token, deps.clock.now());
  const userId = Number(payload.sub);
  if (!payload.jti || !Number.isSafeInteger(userId)) throw unauthorized("auth.tokenRevoked");
  const kept = await keptActorRows(
    deps.db,
    `${userId}:${payload.jti}`,
    await changeStamp(deps.db, ["actors"]),
    async () => {
      const row = await actorRow(deps.db, userId, payload.jti);
      return row ? { row, actor: toActor(row) } : null;
    },
  );
  const now = deps.clock.now().getTime();
  const row = kept?.row;
  if (!row || row.revokedAt != null || row.expiresAt == null || row.expiresAt <= now) {
    throw unauthorized("auth.tokenRevoked");
  }
  if (!kept.actor) throw unauthorized("auth.tokenRevoked");
  // The kept actor's role names and permissions are shared by the calls of this token.
  return { ...kept.actor, sessionId: payload.jti };
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

/** Ends every open session of a user (password reset, deactivation). */
export async function revokeUserSessions(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(
    and(eq(sessions.userId, userId), isNull(sessions.revokedAt)),
  );
}
