// Demo sign-ins of the real server's first start (server/main.ts as a child process): each gets a
// generated password printed once, the well-known passwords of earlier versions do not sign in, and
// every start warns while a demo sign-in is active.
import assert from "node:assert/strict";
import en from "../../locales/en.json" with { type: "json" };
import { api, startServerProcess, withDbFile } from "../reliability/support.ts";

const WELL_KNOWN = {
  buyer: "Buyer@2026",
  leader: "Leader@2026",
  SY001: "SY001@2026",
  KB002: "KB002@2026",
  NY003: "NY003@2026",
  RG004: "RG004@2026",
};
const signInStatus = async (base: string, userName: string, password: string) =>
  (await api(base, "post", "/app/TokenAuth/Authenticate", {
    body: { userNameOrEmailAddress: userName, password },
  })).status;

Deno.test("a first start with demo data prints generated demo passwords once and warns at every start while demo sign-ins are active", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "qmo-demo-" });
  try {
    const heading = en.server.demoUsers;
    const warning = en.server.demoUsersActive.split("{{count}}")[0];
    const printed = new Map<string, string>();
    {
      await using first = await startServerProcess(dataDir, { DEMO_DATA: "1" });
      const out = first.output();
      const lines = out.slice(out.indexOf(heading) + heading.length).split("\n").slice(1);
      for (const line of lines) {
        const m = line.match(/^ {2}(\S+)\s+(\S+)\s+(Buyer|Supplier)\s*$/);
        if (!m) break;
        printed.set(m[1], m[2]);
      }
      assert.deepEqual([...printed.keys()].sort(), Object.keys(WELL_KNOWN).sort(), out);
      for (const [userName, password] of printed) {
        assert.match(password, /^[A-Za-z0-9]{14}$/);
        assert.notEqual(password, WELL_KNOWN[userName as keyof typeof WELL_KNOWN]);
      }
      assert.equal(new Set(printed.values()).size, printed.size, "one password per sign-in");
      assert.ok(out.includes(warning), out);
      // The printed passwords sign in; the well-known ones do not.
      for (const [userName, password] of printed) {
        assert.equal(await signInStatus(first.base, userName, password), 200, userName);
        const known = WELL_KNOWN[userName as keyof typeof WELL_KNOWN];
        assert.equal(await signInStatus(first.base, userName, known), 401, userName);
      }
      await first.stop();
    }
    // The next start prints no password, and warns again, naming the demo sign-ins.
    await using second = await startServerProcess(dataDir, { DEMO_DATA: "1" });
    const out = second.output();
    assert.ok(!out.includes(heading), out);
    for (const password of printed.values()) assert.ok(!out.includes(password), out);
    assert.ok(out.includes(warning), out);
    for (const userName of printed.keys()) assert.ok(out.includes(userName), out);
    await second.stop();
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});

Deno.test("no warning once every demo sign-in is deactivated, nor without demo data", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "qmo-demo-" });
  const warning = en.server.demoUsersActive.split("{{count}}")[0];
  try {
    {
      await using first = await startServerProcess(dataDir, { DEMO_DATA: "1" });
      assert.ok(first.output().includes(warning));
      await first.stop();
    }
    // As deactivating them under System management › Users does.
    await withDbFile(dataDir, (q) => q("UPDATE users SET is_active = 0 WHERE is_demo = 1"));
    {
      await using second = await startServerProcess(dataDir, { DEMO_DATA: "1" });
      assert.ok(!second.output().includes(warning), second.output());
      await second.stop();
    }
    const empty = await Deno.makeTempDir({ prefix: "qmo-demo-" });
    try {
      await using none = await startServerProcess(empty, { DEMO_DATA: "0" });
      assert.ok(!none.output().includes(warning), none.output());
      assert.ok(!none.output().includes(en.server.demoUsers), none.output());
      await none.stop();
    } finally {
      await Deno.remove(empty, { recursive: true }).catch(() => {});
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
});
