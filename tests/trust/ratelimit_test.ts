// Sign-in rate limits over a real socket, with no trusted proxy: a client that makes up a new
// X-Forwarded-For for each attempt is still counted by its own address. (Per account, and per
// address behind a trusted proxy: tests/http/auth_test.ts.)
import { LOCKOUT } from "../../server/domain/auth/service.ts";
import { ADMIN_PASSWORD, testEnv } from "../helpers.ts";
import { Tally } from "./support.ts";

Deno.test("spoofed X-Forwarded-For does not escape the per-address sign-in limit without a trusted proxy", async () => {
  await using env = await testEnv();
  const tally = new Tally("sign-in limit per address");
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, env.app.fetch);
  try {
    const url = `http://127.0.0.1:${server.addr.port}/api/services/app/TokenAuth/Authenticate`;
    const attempt = async (userName: string, password: string, n: number) => {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": `198.51.100.${n % 250}, 10.0.0.${n % 250}`,
          "x-real-ip": `203.0.113.${n % 250}`,
        },
        body: JSON.stringify({ userNameOrEmailAddress: userName, password }),
      });
      await res.body?.cancel();
      return res.status;
    };
    // Many names, one address: each name fails once, so only the address can be counted.
    for (let i = 0; i < LOCKOUT.ipFailures; i++) {
      const status = await attempt(`guess-${i}`, "bad-password", i);
      tally.record(`attempt ${i + 1}`, status, status === 401 ? [] : [`status ${status}`]);
    }
    // The right password from the same address is now refused, whatever the headers say.
    const locked = await attempt("admin", ADMIN_PASSWORD, 999);
    tally.record(
      "right password after the limit",
      locked,
      locked === 429 ? [] : [`status ${locked}`],
    );
    env.clock.advance(LOCKOUT.windowMs);
    const later = await attempt("admin", ADMIN_PASSWORD, 1000);
    tally.record("after the lock", later, later === 200 ? [] : [`status ${later}`]);
  } finally {
    await server.shutdown();
  }
  tally.done();
});
