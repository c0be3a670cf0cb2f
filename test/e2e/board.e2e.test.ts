import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { testServices } from "../support/services";
import { audit } from "./axe";
import { checkInByApi, loadMembers, memberPicker, signedInPage, snap, type Member } from "./check-in-helpers";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";

/** Issue 15's board sizes: a laptop beside the sidebar, a tablet both ways, a phone. */
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "tablet", width: 820, height: 1180 },
  { name: "tablet-landscape", width: 1180, height: 820 },
  { name: "phone", width: 390, height: 844 },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

describe("/check-in's board: headcounts under search, no clipped Check Out, cards on a phone (issue 15)", () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let admin: HttpClient;
  let checkedIn: Member[];
  /** the board before this file's check-ins: the seed's visits of the day (decisions 040, 041) */
  let seeded = { rows: 0, in: 0, out: 0, total: 0 };
  const expectedRows = () => seeded.rows + checkedIn.length;
  const errors: string[] = [];

  const counts = async () => ({
    in: Number(await page.getByTestId("count-checked-in").textContent()),
    out: Number(await page.getByTestId("count-checked-out").textContent()),
    total: Number(await page.getByTestId("count-total").textContent()),
  });
  const rows = () => page.getByTestId("board-row");

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    await clearSignInLimits((await testServices()).redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    // members with programs and long names: the badges a row carries at 1280 px (codes are on in the demo)
    ({ context, page } = await signedInPage(browser, app.baseUrl, "admin@northside.demo", errors));
    await page.setViewportSize(SIZES[0]);
    await page.goto("/check-in", { waitUntil: "networkidle" });
    await page.getByTestId("live-state").getByText("Live", { exact: true }).waitFor();
    // (expect.poll runs only inside a test) the rows of the day all drawn: as many as the Total count
    for (const deadline = Date.now() + 15_000; (await counts()).total !== (await rows().count()) && Date.now() < deadline; ) await page.waitForTimeout(100);
    seeded = { rows: await rows().count(), ...(await counts()) };
    const pick = memberPicker(await loadMembers(admin));
    checkedIn = Array.from({ length: 6 }, () => pick((m) => m.is_waiver_signed));
    for (const m of checkedIn) await checkInByApi(admin, m.member_id);
    await waitForProjections(app.baseUrl);
  }, 300_000);

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it("keeps the day's headcounts while the search narrows the rows, and shows them again when it is cleared", async () => {
    await page.setViewportSize(SIZES[0]);
    await page.goto("/check-in", { waitUntil: "networkidle" });
    await page.getByTestId("live-state").getByText("Live", { exact: true }).waitFor();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(expectedRows());
    const before = await counts();
    expect(before).toEqual({ in: seeded.in + checkedIn.length, out: seeded.out, total: seeded.total + checkedIn.length });

    const search = page.getByRole("searchbox", { name: "Search by name or Member ID" });
    await search.fill(checkedIn[0]!.member_id);
    await expect.poll(() => rows().count(), { timeout: 3000 }).toBe(1);
    expect(await counts()).toEqual(before);
    await search.fill("no such member");
    await page.getByTestId("board-empty").waitFor({ timeout: 3000 });
    expect(await counts()).toEqual(before);
    await snap(page, "board-search-keeps-counts");

    // a live check-in that the search hides still counts
    const extra = memberPicker(await loadMembers(admin))((m) => m.is_waiver_signed && !checkedIn.some((c) => c.id === m.id));
    await checkInByApi(admin, extra.member_id);
    await expect.poll(counts, { timeout: 5000 }).toEqual({ in: before.in + 1, out: before.out, total: before.total + 1 });
    expect(await rows().count()).toBe(0);
    checkedIn.push(extra);
    await search.fill("");
    await expect.poll(() => rows().count(), { timeout: 3000 }).toBe(expectedRows());
  });

  for (const size of SIZES) {
    it(`at ${size.width}x${size.height} (${size.name}): every Check Out lies inside the viewport and the board; axe finds nothing serious`, async () => {
      await page.setViewportSize(size);
      await page.goto("/check-in", { waitUntil: "networkidle" });
      await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(expectedRows());
      const phone = size.name === "phone";
      // a table from tablet width up, a card list on a phone
      expect(await page.getByTestId("board-table").count()).toBe(phone ? 0 : 1);
      expect(await page.getByTestId("board-cards").count()).toBe(phone ? 1 : 0);
      const container = await (phone ? page.getByTestId("board-cards") : page.getByTestId("board-table")).boundingBox();
      const viewport = { x: 0, y: -1e6, width: size.width, height: 2e6 };
      // no sideways scroll of the page, nor inside the table
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      if (!phone) {
        const scroll = await page.getByTestId("board-table").evaluate((el) => {
          const scroller = el.querySelector(".rt-ScrollAreaViewport") ?? el;
          return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth };
        });
        expect(scroll.scrollWidth, "the table scrolls sideways").toBeLessThanOrEqual(scroll.clientWidth + 1);
      }
      const buttons = page.getByTestId("board-check-out");
      // one Check Out per visit still open: this file's and the seed's
      expect(await buttons.count()).toBe(seeded.in + checkedIn.length);
      for (const button of await buttons.all()) {
        const box = (await button.boundingBox())!;
        expect(inside(box, viewport), `${JSON.stringify(box)} in the ${size.width} px viewport`).toBe(true);
        expect(inside(box, container!), `${JSON.stringify(box)} in the board ${JSON.stringify(container)}`).toBe(true);
      }
      const first = rows().first();
      // each row (or card): name, program, code, time in and state; programs are the member's of the day
      expect(await first.getByTestId("board-programs").textContent()).not.toBe("");
      expect(await first.getByTestId("board-code").textContent()).toMatch(/^[A-Z0-9]{4}$/);
      if (phone) expect(await first.getByTestId("board-state").textContent()).toBe("Checked in");
      await snap(page, `board-${size.name}`);
      const found = await audit(page, `board @${size.name}`);
      expect(found, found.join("\n")).toEqual([]);
    });
  }

  it("checks out from a phone's card with the table's rules (the Picked Up By choice for a child an adult collects)", async () => {
    await page.setViewportSize(SIZES[3]);
    await page.goto("/check-in", { waitUntil: "networkidle" });
    const adultPicksUp = checkedIn.find((m) => !m.pick_up_permission.includes("independently"));
    const member = adultPicksUp ?? checkedIn[0]!;
    const card = page.locator(`[data-testid="board-row"][data-member-id="${member.member_id}"]`);
    await card.getByRole("button", { name: `Check Out ${member.full_name}` }).click();
    if (adultPicksUp) {
      const dialog = page.getByRole("dialog", { name: "Picked Up By" });
      await dialog.waitFor();
      await snap(page, "board-phone-picked-up-by", dialog);
      await dialog.getByRole("radio").first().click();
      await dialog.getByRole("button", { name: "Continue" }).click();
    }
    await card.getByTestId("board-state").getByText(/^Checked out at /).waitFor({ timeout: 5000 });
    expect(await card.getByRole("button", { name: `Check Out ${member.full_name}` }).count()).toBe(0);
    await expect.poll(counts, { timeout: 10_000 }).toEqual({ in: seeded.in + checkedIn.length - 1, out: seeded.out + 1, total: seeded.total + checkedIn.length });
    await snap(page, "board-phone-checked-out");
    expect(errors).toEqual([]);
  });
});
