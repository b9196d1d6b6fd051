// Sign-in rules in the domain, with a fixed clock: lockout counting, unlock, password reset, and
// stored hashes brought up to today's parameters.
import assert from "node:assert/strict";
import { randomBytes, scryptSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { authenticate, LOCKOUT, resolveToken } from "../../server/domain/auth/service.ts";
import { createUser, findUserByName, resetPassword } from "../../server/domain/users/service.ts";
import { DomainError } from "../../server/domain/errors.ts";
import { ADMIN_PASSWORD, testEnv } from "../helpers.ts";

const kindOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "ok";
  } catch (err) {
    if (err instanceof DomainError) return err.kind;
    throw err;
  }
};

Deno.test("a success clears the failure count: 4 failures, a success, 4 more do not lock", async () => {
  await using env = await testEnv();
  const tryWith = (password: string) =>
    kindOf(authenticate(env, { userNameOrEmailAddress: "admin", password }));
  for (let i = 0; i < 4; i++) assert.equal(await tryWith("wrong-pass"), "unauthorized");
  assert.equal(await tryWith(ADMIN_PASSWORD), "ok");
  for (let i = 0; i < 4; i++) assert.equal(await tryWith("wrong-pass"), "unauthorized");
  assert.equal(await tryWith(ADMIN_PASSWORD), "ok");
  for (let i = 0; i < 5; i++) await tryWith("wrong-pass");
  assert.equal(await tryWith(ADMIN_PASSWORD), "tooMany");
  env.clock.advance(5 * 60_000);
  assert.equal(await tryWith(ADMIN_PASSWORD), "ok");
});

Deno.test("resetPassword refuses a short password and revokes open sessions", async () => {
  await using env = await testEnv();
  const signedIn = await authenticate(env, {
    userNameOrEmailAddress: "admin",
    password: ADMIN_PASSWORD,
  });
  assert.ok("accessToken" in signedIn, "no second factor is asked for");
  const { accessToken } = signedIn;
  const admin = (await findUserByName(env.db, "admin"))!;
  await assert.rejects(() => resetPassword(env, { userId: admin.id, newPassword: "short" }));
  assert.equal((await resolveToken(env, accessToken)).userName, "admin");
  await resetPassword(env, { userId: admin.id, newPassword: "N3w-Password" });
  assert.equal(await kindOf(resolveToken(env, accessToken)), "unauthorized");
  assert.equal(
    await kindOf(authenticate(env, { userNameOrEmailAddress: "admin", password: ADMIN_PASSWORD })),
    "unauthorized",
  );
  assert.equal(
    await kindOf(authenticate(env, { userNameOrEmailAddress: "admin", password: "N3w-Password" })),
    "ok",
  );
});

Deno.test("failures are forgotten once they leave the window: 4 wrong, a 6-minute pause, 1 wrong, then the right one", async () => {
  await using env = await testEnv();
  const tryWith = (password: string) =>
    kindOf(authenticate(env, { userNameOrEmailAddress: "admin", password }));
  for (let i = 0; i < 4; i++) assert.equal(await tryWith("wrong-pass"), "unauthorized");
  env.clock.advance(6 * 60_000);
  assert.equal(await tryWith("wrong-pass"), "unauthorized");
  assert.equal(await tryWith(ADMIN_PASSWORD), "ok");
});

Deno.test("the window slides: a lock lifts when its oldest failures leave the window, not before", async () => {
  await using env = await testEnv();
  const tryWith = (password: string) =>
    kindOf(authenticate(env, { userNameOrEmailAddress: "admin", password }));
  for (let i = 0; i < 3; i++) assert.equal(await tryWith("wrong-pass"), "unauthorized");
  env.clock.advance(3 * 60_000);
  for (let i = 0; i < 2; i++) assert.equal(await tryWith("wrong-pass"), "unauthorized");
  assert.equal(await tryWith(ADMIN_PASSWORD), "tooMany");
  // 2 minutes later the first three are 5 minutes old: two failures remain, under the limit.
  env.clock.advance(LOCKOUT.windowMs - 3 * 60_000 - 1000);
  assert.equal(await tryWith(ADMIN_PASSWORD), "tooMany");
  env.clock.advance(1000);
  assert.equal(await tryWith(ADMIN_PASSWORD), "ok");
});

/** A hash as the previous version stored it: scrypt N=2^14, r=8, p=1. */
function oldHash(password: string) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}

Deno.test("a password hashed with the old scrypt parameters still signs in and is rehashed with today's", async () => {
  await using env = await testEnv();
  const user = await createUser(env, {
    userName: "veteran",
    name: "veteran",
    password: "Old-Hash#Pass1",
    roleNames: [],
  });
  const before = oldHash("Old-Hash#Pass1");
  await env.db.update(users).set({ passwordHash: before }).where(eq(users.id, user.id));
  const signIn = (password: string) =>
    kindOf(authenticate(env, { userNameOrEmailAddress: "veteran", password }));

  assert.equal(await signIn("Not-The#Pass1"), "unauthorized");
  assert.equal((await findUserByName(env.db, "veteran"))!.passwordHash, before);
  assert.equal(await signIn("Old-Hash#Pass1"), "ok");
  const after = (await findUserByName(env.db, "veteran"))!.passwordHash;
  assert.match(after, /^scrypt\$16384\$8\$5\$/);
  assert.notEqual(after, before);
  assert.equal(await signIn("Old-Hash#Pass1"), "ok");
  assert.equal(await signIn("Not-The#Pass1"), "unauthorized");
  // Unchanged at later sign-ins.
  assert.equal((await findUserByName(env.db, "veteran"))!.passwordHash, after);
});
