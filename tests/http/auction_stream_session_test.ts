// An auction's event stream ends with its session: the server closes a buyer's or a bidder's open
// stream within a second of a sign-out, a password change or reset, a deactivation, a revocation
// made by another server on the same database, the session's expiry, the loss of the permission the
// stream needs, or the bidder leaving the auction; and nothing is sent on it after that moment.
// The other sessions' streams go on. A bad Last-Event-ID is refused naming the header.
import assert from "node:assert/strict";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { offerProjectSuppliers, rolePermissions, roles, sessions, users } from "../../db/schema.ts";
import { createSupplier } from "../../server/domain/suppliers/service.ts";
import { call, signIn, type TestEnv, testEnv, userWithRoles } from "../helpers.ts";
import { awardReady } from "./award_fixtures.ts";
import { P, staff } from "../domain/projects_fixtures.ts";
import { PORTAL_PASSWORD } from "./quotes_fixtures.ts";
import { EventReader } from "../auction_fixtures.ts";

const AU = "/QMO/Auction";
const SO = "/QMO/SupplierOffer";
const START = "2026-11-23T10:05:00.000Z";
const END = "2026-11-23T10:25:00.000Z";
/** How soon the server must close a stream whose session has ended. */
const WITHIN_MS = 1000;

/** A live auction (the clock at its start) of the award fixture's project, S1 and S2 bidding. */
async function live() {
  const env = await testEnv();
  const r = await awardReady(env);
  const created = await call(env, "post", `${AU}/Create`, {
    token: r.buyer.token,
    body: { offProId: r.project.id, startAt: START, endAt: END, step: "100", visibility: "best" },
  });
  assert.equal(created.status, 200, JSON.stringify(created.json));
  env.clock.set(START);
  const after = created.json.result.auction.lastEventId;
  const open = async (token: string, side: "buyer" | "supplier") => {
    const path = side === "buyer" ? `${AU}/Events` : `${SO}/AuctionEvents`;
    const res = await env.app.request(
      `http://localhost/api/services${path}?offProId=${r.project.id}&after=${after}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (res.status !== 200) assert.fail(`${path}: ${res.status} ${await res.text()}`);
    return new EventReader(res);
  };
  let amount = 206_000;
  let n = 0;
  /** A bid by `token` (S1's or S2's), each lower than the one before. */
  const bid = async (token: string) => {
    amount -= 100;
    const res = await call(env, "post", `${SO}/Bid`, {
      token,
      body: { offProId: r.project.id, bidKey: `stream-bid-${++n}`, amount: String(amount) },
    });
    assert.equal(res.status, 200, JSON.stringify(res.json));
  };
  return { env, r, open, bid };
}

/**
 * The stream is closed by the server within a second, having got none of the events after the
 * change (`before`: how many it had got by then).
 */
async function assertEnds(stream: EventReader, what: string, before = stream.events.length) {
  assert.ok(await stream.endsWithin(WITHIN_MS), `the stream is still open a second after ${what}`);
  assert.equal(stream.events.length, before, `an event was sent after ${what}`);
}

/** A change made by another server on the same database (here a second connection to it). */
async function elsewhere(
  env: TestEnv,
  change: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<unknown>,
) {
  const other = await openDatabase(`file:${join(env.dataDir, "qmo.db")}`);
  try {
    await change(other.db);
  } finally {
    other.close();
  }
}

const sessionOf = (token: string) =>
  JSON.parse(atob(token.split(".")[1].replaceAll("-", "+").replaceAll("_", "/"))).jti as string;

Deno.test("a buyer's stream ends within a second of its sign-out, expiry, revocation elsewhere, a password change or reset; the others go on", async () => {
  const { env, r, open, bid } = await live();
  await using _ = env;
  const tokens = [r.buyer.token];
  for (let i = 0; i < 4; i++) tokens.push(await signIn(env, "buyer1", r.buyer.password));
  const streams = await Promise.all(tokens.map((t) => open(t, "buyer")));
  const [signedOut, expiring, revoked, changing, other] = streams;
  try {
    // Sign-out: that stream ends, with nothing of the bid made right after it.
    assert.equal((await call(env, "post", "/app/User/Logout", { token: tokens[0] })).status, 200);
    await bid(r.s1.token);
    await assertEnds(signedOut, "signing out", 0);
    for (const s of streams.slice(1)) await s.count(1);

    // The session's expiry, by the server's clock alone: nothing changes in the database then.
    await env.db.update(sessions).set({ expiresAt: new Date(Date.parse(START) + 60_000) })
      .where(eq(sessions.id, sessionOf(tokens[1])));
    env.clock.advance(60_000);
    await assertEnds(expiring, "the session expired");

    // Revoked by another server on the same database: no call of this one says so.
    await elsewhere(env, (db) =>
      db.update(sessions).set({ revokedAt: new Date(env.clock.now()) })
        .where(eq(sessions.id, sessionOf(tokens[2]))));
    await bid(r.s2.token);
    await assertEnds(revoked, "the session was revoked elsewhere", 1);
    for (const s of [changing, other]) await s.count(2);

    // A password change ends the other sessions' streams; the one that changed it goes on.
    const changed = await call(env, "post", "/app/User/ChangePassword", {
      token: tokens[3],
      body: { currentPassword: r.buyer.password, newPassword: "N3w-password!" },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.json));
    await bid(r.s1.token);
    await assertEnds(other, "a password change in another session", 2);
    await changing.count(3);

    // An administrator setting the password ends every session, this one too.
    const reset = await call(env, "post", "/app/User/ResetPassword", {
      token: r.admin,
      body: { userId: r.buyer.user.id, newPassword: "Reset-password-1" },
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.json));
    await bid(r.s2.token);
    await assertEnds(changing, "the password was reset", 3);
  } finally {
    for (const s of streams) await s.close();
  }
});

Deno.test("a buyer's stream ends within a second of a deactivation, a role change or a permission taken from the role", async () => {
  const { env, r, open, bid } = await live();
  await using _ = env;
  const third = await staff(env, "buyer3", [P.OfferProjectManagerSearch]);
  const [one, two, three] = await Promise.all(
    [r.buyer.token, r.other.token, third.token].map((t) => open(t, "buyer")),
  );
  try {
    // The permission to see material projects, taken from buyer1's role.
    const [role] = await env.db.select().from(roles).where(eq(roles.name, "R_buyer1"));
    const updated = await call(env, "put", "/app/Role/Update", {
      token: r.admin,
      body: {
        id: role.id,
        name: role.name,
        displayName: role.displayName,
        grantedPermissions: [P.OfferProjectManagerPublish],
      },
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.json));
    await bid(r.s1.token);
    await assertEnds(one, "the permission was taken from the role", 0);
    await two.count(1);
    await three.count(1);

    // buyer2's roles changed to none that may see the project.
    const moved = await call(env, "put", "/app/User/Update", {
      token: r.admin,
      body: { id: r.other.user.id, userName: "buyer2", name: "buyer2", roleNames: [] },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.json));
    await bid(r.s2.token);
    await assertEnds(two, "the role change", 1);
    await three.count(2);

    // buyer3 deactivated by an administrator.
    const off = await call(env, "put", "/app/User/Update", {
      token: r.admin,
      body: {
        id: third.user.id,
        userName: "buyer3",
        name: "buyer3",
        roleNames: ["R_buyer3"],
        isActive: false,
      },
    });
    assert.equal(off.status, 200, JSON.stringify(off.json));
    await bid(r.s1.token);
    await assertEnds(three, "the deactivation", 2);
  } finally {
    for (const s of [one, two, three]) await s.close();
  }
});

Deno.test("a bidder's stream ends within a second of its sign-out, a password change, a revocation or a deactivation", async () => {
  const { env, r, open, bid } = await live();
  await using _ = env;
  const tokens = [r.s1.token];
  for (let i = 0; i < 3; i++) tokens.push(await signIn(env, "S1", PORTAL_PASSWORD));
  const streams = await Promise.all(tokens.map((t) => open(t, "supplier")));
  const [signedOut, changing, other1, other2] = streams;
  const s2 = await open(r.s2.token, "supplier");
  try {
    assert.equal((await call(env, "post", "/app/User/Logout", { token: tokens[0] })).status, 200);
    await bid(r.s2.token);
    await assertEnds(signedOut, "signing out", 0);
    for (const s of streams.slice(1)) await s.count(1);

    // The bidder's own password change ends its other sessions' streams.
    const changed = await call(env, "post", "/app/User/ChangePassword", {
      token: tokens[1],
      body: { currentPassword: PORTAL_PASSWORD, newPassword: "N3w-portal-pass" },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.json));
    await bid(r.s2.token);
    await assertEnds(other1, "a password change in another session", 1);
    await assertEnds(other2, "a password change in another session", 1);
    await changing.count(2);

    // An administrator setting the supplier's portal password revokes every session of it.
    const reset = await call(env, "post", "/QMO/Supplier/UpdateSupplierPassword", {
      token: r.admin,
      body: { id: r.s1.supplier.id, password: "Reset-portal-1" },
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.json));
    await bid(r.s2.token);
    await assertEnds(changing, "the portal password was reset", 2);

    // Deactivated by an administrator.
    const last = await open(await signIn(env, "S1", "Reset-portal-1"), "supplier");
    streams.push(last);
    await last.count(3); // it catches up from the auction's start
    const [user] = await env.db.select().from(users).where(eq(users.normalizedUserName, "s1"));
    const off = await call(env, "put", "/app/User/Update", {
      token: r.admin,
      body: {
        id: user.id,
        userName: user.userName,
        name: user.name,
        kind: "supplier",
        supplierId: r.s1.supplier.id,
        roleNames: ["Supplier"],
        isActive: false,
      },
    });
    assert.equal(off.status, 200, JSON.stringify(off.json));
    await bid(r.s2.token);
    await assertEnds(last, "the deactivation", 3);
    // S2's stream got every bid.
    await s2.count(4);
  } finally {
    for (const s of [...streams, s2]) await s.close();
  }
});

Deno.test("a bidder's stream ends within a second of it leaving the auction or losing the portal permission", async () => {
  const { env, r, open, bid } = await live();
  await using _ = env;
  // Two more portal users of S1, the second with a role of its own.
  const [bidderRole] = await env.db.insert(roles).values({ name: "Bidder", displayName: "Bidder" })
    .returning();
  await env.db.insert(rolePermissions).values({
    roleId: bidderRole.id,
    permission: P.SupplierOfferSearch,
  });
  const supplierOf = { kind: "supplier" as const, supplierId: r.s1.supplier.id };
  const movedUser = await userWithRoles(env, "s1-moved", ["Supplier"], supplierOf);
  const roleUser = await userWithRoles(env, "s1-role", ["Bidder"], supplierOf);
  const s3 = await createSupplier(env, { code: "S3", abbrName: "Abbr S3", fullName: "Full S3" });
  const [moved, byRole, s2] = await Promise.all([
    open(movedUser.token, "supplier"),
    open(roleUser.token, "supplier"),
    open(r.s2.token, "supplier"),
  ]);
  try {
    // Moved to a supplier that does not take part.
    const update = await call(env, "put", "/app/User/Update", {
      token: r.admin,
      body: {
        id: movedUser.user.id,
        userName: "s1-moved",
        name: "s1-moved",
        kind: "supplier",
        supplierId: s3.id,
        roleNames: ["Supplier"],
      },
    });
    assert.equal(update.status, 200, JSON.stringify(update.json));
    await bid(r.s1.token);
    await assertEnds(moved, "the move to another supplier", 0);
    for (const s of [byRole, s2]) await s.count(1);

    // S2 no longer invited to the project (as another server would store it).
    await elsewhere(env, (db) =>
      db.delete(offerProjectSuppliers).where(
        and(
          eq(offerProjectSuppliers.projectId, r.project.id),
          eq(offerProjectSuppliers.supplierId, r.s2.supplier.id),
        ),
      ));
    await bid(r.s1.token);
    await assertEnds(s2, "S2 left the auction", 1);
    const again = await call(env, "get", `${SO}/AuctionEvents`, {
      token: r.s2.token,
      query: { offProId: r.project.id },
    });
    assert.equal(again.status, 404);
    await byRole.count(2);

    // The portal permission taken from the only role that gave it.
    const updated = await call(env, "put", "/app/Role/Update", {
      token: r.admin,
      body: { id: bidderRole.id, name: "Bidder", displayName: "Bidder", grantedPermissions: [] },
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.json));
    await bid(r.s1.token);
    await assertEnds(byRole, "the permission was taken from the role", 2);
  } finally {
    for (const s of [moved, byRole, s2]) await s.close();
  }
});

Deno.test("a bad Last-Event-ID is refused naming the header, in the reader's language", async () => {
  const { env, r } = await live();
  await using _ = env;
  for (
    const [lang, message] of [
      ["en", "Last-Event-ID must be a whole number written in digits"],
      ["zh", "Last-Event-ID 必须是用阿拉伯数字书写的整数"],
    ]
  ) {
    const res = await env.app.request(
      `http://localhost/api/services${AU}/Events?offProId=${r.project.id}`,
      {
        headers: {
          authorization: `Bearer ${r.buyer.token}`,
          "last-event-id": "12abc",
          "accept-language": lang,
        },
      },
    );
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.error.message, message);
    assert.deepEqual(body.error.validationErrors[0].members, ["Last-Event-ID"]);
    assert.doesNotMatch(JSON.stringify(body), /\{\{/);
  }
});
