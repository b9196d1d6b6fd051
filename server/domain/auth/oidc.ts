// Company sign-in for staff through the company's OpenID Connect provider (OIDC_ISSUER …): the
// authorization code flow with PKCE, state and nonce (openid-client). The person the provider
// vouches for is matched to an active QMO staff user by user name, else by email; their roles stay
// in QMO, and the session is a normal QMO session (startSession).
import * as oidc from "openid-client";
import { and, eq, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { users } from "../../../db/schema.ts";
import type { OidcConfig } from "../../config.ts";
import type { Deps } from "../context.ts";
import { DomainError } from "../errors.ts";
import { z } from "zod";
import { getSetting } from "../settings/service.ts";
import { ADMIN_USER_NAME } from "./localPasswords.ts";
import { createUser } from "../users/service.ts";
import {
  type AuthenticateResult,
  type ClientMeta,
  normalizeUserName,
  startSession,
} from "./service.ts";

/** How long a started sign-in may take at the provider before its state is forgotten. */
const PENDING_MINUTES = 10;

/** Why a company sign-in was refused; each has its own localised page (companySignIn.refused.*). */
export type RefusalReason = "off" | "state" | "provider" | "unknown" | "inactive";

export class CompanySignInRefused extends Error {
  constructor(readonly reason: RefusalReason, readonly detail = "") {
    super(`company sign-in refused: ${reason}${detail ? ` (${detail})` : ""}`);
  }
}

/** The path QMO's provider sends people back to, below PUBLIC_URL. */
export const CALLBACK_PATH = "/auth/oidc/callback";

/** The provider's metadata, discovered once per issuer and client (again after a failure). */
const discovered = new Map<string, Promise<oidc.Configuration>>();

function providerOf(settings: OidcConfig): Promise<oidc.Configuration> {
  const key = `${settings.issuer}\n${settings.clientId}\n${settings.clientSecret}`;
  let found = discovered.get(key);
  if (!found) {
    // A plain-http issuer (a provider on the same host or in a test) is followed only because the
    // configuration names it so.
    const insecure = new URL(settings.issuer).protocol === "http:";
    found = oidc.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}

function settingsOf(deps: Deps): OidcConfig {
  if (!deps.config.oidc) throw new CompanySignInRefused("off");
  return deps.config.oidc;
}

/** Whether the sign-in page offers company sign-in. */
export const companySignInOn = (deps: Deps) => !!deps.config.oidc;

const pendingKey = (deps: Deps) =>
  new TextEncoder().encode(`${deps.config.jwtSecret}|oidc-pending`);
const PENDING_AUDIENCE = "qmo-company-sign-in";

type Pending = { state: string; verifier: string; nonce: string; redirect: string };

/**
 * Starts a sign-in: answers the provider's address to send the browser to, and the signed,
 * short-lived record of its state, PKCE verifier and nonce that the browser keeps (an httpOnly
 * cookie) until it comes back.
 */
export async function beginCompanySignIn(
  deps: Deps,
  redirect: string,
): Promise<{ url: URL; pending: string; maxAgeSeconds: number }> {
  const provider = await providerOf(settingsOf(deps)).catch((err) => {
    throw new CompanySignInRefused("provider", String(err?.message ?? err));
  });
  const record: Pending = {
    state: oidc.randomState(),
    verifier: oidc.randomPKCECodeVerifier(),
    nonce: oidc.randomNonce(),
    redirect,
  };
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: `${deps.config.publicUrl}${CALLBACK_PATH}`,
    scope: "openid profile email",
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(record.verifier),
    code_challenge_method: "S256",
    state: record.state,
    nonce: record.nonce,
  });
  const now = Math.floor(deps.clock.now().getTime() / 1000);
  const pending = await new SignJWT(record)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(PENDING_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + PENDING_MINUTES * 60)
    .sign(pendingKey(deps));
  return { url, pending, maxAgeSeconds: PENDING_MINUTES * 60 };
}

async function readPending(deps: Deps, token: string | undefined): Promise<Pending> {
  if (!token) throw new CompanySignInRefused("state", "no sign-in was started in this browser");
  try {
    const { payload } = await jwtVerify(token, pendingKey(deps), {
      algorithms: ["HS256"],
      audience: PENDING_AUDIENCE,
      currentDate: deps.clock.now(),
    });
    const { state, verifier, nonce, redirect } = payload as Partial<Pending>;
    if (
      typeof state === "string" && typeof verifier === "string" && typeof nonce === "string" &&
      typeof redirect === "string"
    ) return { state, verifier, nonce, redirect };
  } catch { /* refused below */ }
  throw new CompanySignInRefused("state", "the started sign-in is unreadable or too old");
}

/** openid-client's reason for refusing an answer, with its code and what it found, for the log. */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const { code, cause } = err as Error & { code?: string; cause?: unknown };
  let found = "";
  try {
    found = cause === undefined
      ? ""
      : JSON.stringify(cause instanceof Error ? cause.message : cause);
  } catch { /* not serialisable */ }
  return [err.message, code && `[${code}]`, found.slice(0, 500)].filter(Boolean).join(" ");
}

/** What the provider says of the person: the ID token's claims, completed by its userinfo. */
type Person = { userName?: string; email?: string; name?: string };

const text = (v: unknown) => typeof v === "string" && v.trim() ? v.trim() : undefined;

/**
 * Finishes a sign-in on the provider's return to `callbackUrl` (PUBLIC_URL + CALLBACK_PATH + the
 * query it came back with): checks the state, trades the code with the PKCE verifier, checks the
 * ID token (issuer, audience, nonce, signature), matches the person to a staff user and opens a
 * session. Answers the session and where the browser goes next.
 */
export async function finishCompanySignIn(
  deps: Deps,
  callbackUrl: URL,
  pendingToken: string | undefined,
  meta: ClientMeta = {},
): Promise<AuthenticateResult & { redirect: string; userName: string }> {
  const settings = settingsOf(deps);
  const pending = await readPending(deps, pendingToken);
  if (callbackUrl.searchParams.get("state") !== pending.state) {
    throw new CompanySignInRefused("state", "the state does not match the started sign-in");
  }
  let person: Person;
  try {
    const provider = await providerOf(settings);
    const tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims: Record<string, unknown> = { ...tokens.claims() };
    // Some providers put only `sub` in the ID token: the rest is asked of userinfo.
    const missing = claims[settings.userNameClaim] === undefined || claims.email === undefined;
    if (missing && provider.serverMetadata().userinfo_endpoint) {
      Object.assign(
        claims,
        await oidc.fetchUserInfo(provider, tokens.access_token, claims.sub as string),
      );
    }
    person = {
      userName: text(claims[settings.userNameClaim]),
      email: claims.email_verified === false ? undefined : text(claims.email),
      name: text(claims.name),
    };
  } catch (err) {
    if (err instanceof CompanySignInRefused) throw err;
    throw new CompanySignInRefused("provider", reasonOf(err));
  }
  const user = await staffUserFor(deps, person);
  return {
    ...await startSession(deps, user, meta),
    redirect: pending.redirect,
    userName: user.userName,
  };
}

type StaffUser = { id: number; userName: string; kind: "staff" | "supplier"; isActive: boolean };

/**
 * The active staff user the person is: by user name, else by email (when exactly one staff user
 * has it). A supplier's account is never signed in this way. Unknown: created with no roles when
 * the administrators chose so, else refused.
 */
async function staffUserFor(deps: Deps, person: Person): Promise<StaffUser> {
  const columns = {
    id: users.id,
    userName: users.userName,
    kind: users.kind,
    isActive: users.isActive,
  };
  const staff = eq(users.kind, "staff");
  let found: StaffUser | undefined;
  // The built-in `admin` signs in with its password only: the way back in, never the provider's.
  if (person.userName && normalizeUserName(person.userName) !== ADMIN_USER_NAME) {
    [found] = await deps.db.select(columns).from(users)
      .where(and(staff, eq(users.normalizedUserName, normalizeUserName(person.userName))));
  }
  if (!found && person.email) {
    const byEmail = await deps.db.select(columns).from(users)
      .where(and(staff, eq(sql`lower(${users.emailAddress})`, person.email.toLowerCase())))
      .limit(2);
    if (byEmail.length === 1 && byEmail[0].userName.toLowerCase() !== ADMIN_USER_NAME) {
      found = byEmail[0];
    }
  }
  const who = person.userName ?? person.email ?? "";
  if (found && !found.isActive) throw new CompanySignInRefused("inactive", who);
  if (found) return found;
  if (await getSetting(deps, "companySignInCreatesUsers")) {
    const created = await createStaffUser(deps, person);
    if (created) return created;
  }
  throw new CompanySignInRefused("unknown", who);
}

const USER_NAME = /^[A-Za-z0-9._@-]{2,64}$/;

/** A staff user with no roles for the person, under the first of their names that is free. */
async function createStaffUser(deps: Deps, person: Person): Promise<StaffUser | undefined> {
  for (const userName of [person.userName, person.email]) {
    if (!userName || !USER_NAME.test(userName)) continue;
    const taken = await deps.db.query.users.findFirst({
      where: eq(users.normalizedUserName, normalizeUserName(userName)),
      columns: { id: true },
    });
    if (taken) continue;
    // Nobody knows this password: the person signs in through the company account.
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const password = btoa(String.fromCharCode(...bytes));
    const input = {
      userName,
      name: (person.name ?? userName).slice(0, 64),
      emailAddress: person.email && person.email.length <= 256 ? person.email : undefined,
      password,
      roleNames: [],
      kind: "staff" as const,
    };
    try {
      const user = await createUser(deps, input).catch((err) => {
        // A name the provider gave that QMO cannot hold (a control character …): the user name only.
        if (err instanceof z.ZodError) return createUser(deps, { ...input, name: userName });
        throw err;
      });
      return { id: user.id, userName: user.userName, kind: "staff", isActive: true };
    } catch (err) {
      // Taken meanwhile, or an address QMO cannot hold: the next name, else refused as unknown.
      if (!(err instanceof z.ZodError || err instanceof DomainError)) throw err;
    }
  }
  return undefined;
}
