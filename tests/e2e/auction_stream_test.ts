// The auction pages keep themselves up to date from the event stream alone: the bidder's page and
// the buyer's live view each read the auction once, then follow their own bids, another
// supplier's, a pause and a resumption without asking GetAuction (or Auction/Get) again and without
// a second stream. At the closing time the pages turn "ended" and say so, and the matrix takes the
// final bids, before anything is written; the `auctionEnds` job writes the end and the buyer's list
// of events shows it.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { auctions } from "../../db/schema.ts";
import { awardReady } from "../http/award_fixtures.ts";
import { PORTAL_PASSWORD } from "../http/quotes_fixtures.ts";
import { call } from "../helpers.ts";
import { runDueJobs } from "../../server/jobs/index.ts";
import { launchBrowser, newPage, screenshot, signInAs, startServer } from "./browser.ts";

const opts = { sanitizeOps: false, sanitizeResources: false };
const END = "2026-11-23T10:30:00.000Z";

/** How many requests the page has made to each API path, from now on. */
function recordCalls(page: Page) {
  const calls = new Map<string, number>();
  page.on("request", (req) => {
    const path = new URL(req.url()).pathname.replace(/^\/api\/services/, "");
    calls.set(path, (calls.get(path) ?? 0) + 1);
  });
  return (path: string) => calls.get(path) ?? 0;
}

Deno.test(
  "the auction pages follow bids, a pause and the end by the stream alone, reading the auction once",
  opts,
  async (t) => {
    const server = await startServer();
    const env = server.env;
    let browser: Browser | undefined;
    try {
      const r = await awardReady(env); // S1 starts at 217,000, S2 at 206,200
      const created = await call(env, "post", "/QMO/Auction/Create", {
        token: r.buyer.token,
        body: { offProId: r.project.id, endAt: END, step: "1000", visibility: "best" },
      });
      assert.equal(created.status, 200, JSON.stringify(created.json));
      browser = await launchBrowser();

      const s1 = await newPage(browser, server.base);
      const s1Calls = recordCalls(s1.page);
      await s1.page.goto("/portal/login");
      await signInAs(s1.page, "S1", PORTAL_PASSWORD);
      await s1.page.waitForURL((u) => u.pathname === "/portal");
      await s1.page.goto(`/portal/projects/${r.project.id}/auction`);
      await s1.page.getByTestId("auction-page").waitFor();

      const buyer = await newPage(browser, server.base);
      const buyerCalls = recordCalls(buyer.page);
      await buyer.page.goto("/login");
      await signInAs(buyer.page, "buyer1", r.buyer.password);
      await buyer.page.waitForURL((u) => u.pathname === "/dashboard");
      await buyer.page.goto(`/offerProjectManager/offerProjectManagerResult?id=${r.project.id}`);
      const live = buyer.page.getByTestId("auction-live");
      await live.locator('[data-state="live"]').waitFor();
      const p = s1.page;

      await t.step("bids: its own and another supplier's come by the stream", async () => {
        await p.getByTestId("bid-input").fill("210000");
        await p.getByTestId("bid-submit").click();
        await p.getByTestId("bid-ok").waitFor();
        await p.getByTestId("own-bid").getByText("210,000.00").waitFor();
        const other = await call(env, "post", "/QMO/SupplierOffer/Bid", {
          token: r.s2.token,
          body: { offProId: r.project.id, bidKey: "s2-first-bid", amount: "205000" },
        });
        assert.equal(other.status, 200, JSON.stringify(other.json));
        await p.getByTestId("best-bid").getByText("205,000.00").waitFor();
        await p.getByTestId("bid-input").fill("204000");
        await p.getByTestId("bid-submit").click();
        await p.getByTestId("own-rank").getByText("1 of 2").waitFor();
        await live.getByTestId("auction-ranking").getByText("204,000.00").waitFor();
      });

      await t.step("the buyer pauses and resumes; both pages follow", async () => {
        await buyer.page.getByTestId("auction-pause").click();
        const dialog = buyer.page.getByTestId("auction-reason-dialog");
        await dialog.locator("#auction-reason").fill("Checking a price");
        await dialog.getByTestId("dialog-submit").click();
        await live.locator('[data-state="paused"]').waitFor();
        await p.getByTestId("auction-notice").getByText("Paused by the buyer: Checking a price")
          .waitFor();
        await buyer.page.getByTestId("auction-resume").click();
        await live.locator('[data-state="live"]').waitFor();
        await p.getByTestId("auction-notice").getByText("The auction is running again").waitFor();
      });

      await t.step(
        "at the closing time the pages say it has ended before it is written",
        async () => {
          env.clock.set(END);
          await p.getByTestId("auction-notice").getByText("The auction has ended").waitFor({
            timeout: 3000,
          });
          await p.locator('[data-testid="auction-state"][data-state="ended"]').waitFor();
          await live.locator('[data-state="ended"]').waitFor({ timeout: 3000 });
          // The result page reads the final bids as the last round at once; nothing is written.
          await buyer.page.getByTestId("matrix").getByText("Reverse auction", { exact: false })
            .first().waitFor();
          const [a] = await env.db.select().from(auctions)
            .where(eq(auctions.projectId, r.project.id));
          assert.equal(a.status, "active");
          await runDueJobs(env, { force: true, only: ["auctionEnds"] });
          await live.getByTestId("auction-events").getByText("Ended: at its end time").waitFor();
          await screenshot(p, "auction-stream-ended-en");
        },
      );

      await t.step("each page read the auction once and opened one stream", () => {
        assert.equal(s1Calls("/QMO/SupplierOffer/GetAuction"), 1);
        assert.equal(s1Calls("/QMO/SupplierOffer/AuctionEvents"), 1);
        assert.equal(buyerCalls("/QMO/Auction/Get"), 1);
        assert.equal(buyerCalls("/QMO/Auction/Events"), 1);
      });

      await s1.context.close();
      await buyer.context.close();
    } finally {
      await browser?.close();
      await server.close();
    }
  },
);
