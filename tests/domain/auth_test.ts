// Sign-in rules in the domain, with a fixed clock: lockout counting, unlock, password reset.
import assert from "node:assert/strict";
import { authenticate, resolveToken } from "../../server/domain/auth/service.ts";
import { findUserByName, resetPassword } from "../../server/domain/users/service.ts";
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
  const { accessToken } = await authenticate(env, {
    userNameOrEmailAddress: "admin",
    password: ADMIN_PASSWORD,
  });
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
