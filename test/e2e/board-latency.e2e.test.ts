import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { testServices } from "../support/services";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";
import { loadMembers, memberPicker, signedInPage } from "./check-in-helpers";

/**
 * Issue 15's figure: from a click on one screen (the kiosk's Check In) to the row on another (a staff
 * board in another browser context, live), over 50 check-ins. Speed goals are met in benchmarks, not in
 * timed tests (CONTRIBUTING.md): on a shared 2-core machine the figure is printed against the goal, and
 * the test asserts only that every row arrived, each once.
 */
const CHECK_INS = 50;
const GOAL_P95_MS = 100;

type Clocked = { clicks: Record<string, number>; rows: Record<string, number> };

describe("the live board: click on one screen to row on another (issue 15)", () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  let kiosk: Page;
  let board: Page;
  let admin: HttpClient;

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    await clearSignInLimits((await testServices()).redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    const staff = await signedInPage(browser, app.baseUrl, "admin@northside.demo", errors);
    const kioskSession = await signedInPage(browser, app.baseUrl, "kiosk@northside.demo", errors);
    contexts.push(staff.context, kioskSession.context);
    board = staff.page;
    kiosk = kioskSession.page;
    await board.goto("/check-in", { waitUntil: "networkidle" });
    await board.getByTestId("live-state").getByText("Live", { exact: true }).waitFor();
    await kiosk.goto("/check-in", { waitUntil: "networkidle" });
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it(`shows each of ${CHECK_INS} kiosk check-ins on a second screen's board; prints p50, p95 and max against the ${GOAL_P95_MS} ms goal`, { timeout: 300_000 }, async () => {
    const pick = memberPicker(await loadMembers(admin));
    const members = Array.from({ length: CHECK_INS }, () => pick((m) => m.is_waiver_signed));

    // both pages stamp with the same machine clock (performance.timeOrigin + now: sub-millisecond)
    await board.evaluate(() => {
      const w = window as unknown as Clocked;
      w.rows = {};
      const stamp = () => {
        for (const row of document.querySelectorAll<HTMLElement>("[data-testid=board-row][data-member-id]")) {
          const id = row.dataset.memberId!;
          w.rows[id] ??= performance.timeOrigin + performance.now();
        }
      };
      stamp();
      new MutationObserver(stamp).observe(document.body, { childList: true, subtree: true });
    });
    await kiosk.evaluate(() => {
      const w = window as unknown as Clocked;
      w.clicks = {};
      const field = () => document.querySelector<HTMLInputElement>("[data-testid=kiosk] input");
      // the capture phase: stamped before React's handler posts the check-in
      document.addEventListener("click", (event) => {
        const button = (event.target as Element).closest("button");
        if (button?.textContent === "Check In") w.clicks[field()?.value.toUpperCase() ?? "?"] = performance.timeOrigin + performance.now();
      }, true);
    });

    const checkIn = kiosk.getByTestId("kiosk").getByRole("button", { name: "Check In", exact: true });
    for (const m of members) {
      await kiosk.getByRole("button", { name: "Clear" }).click();
      await kiosk.keyboard.type(m.member_id);
      const posted = kiosk.waitForResponse((r) => r.url().endsWith("/api/check-in") && r.request().method() === "POST");
      await checkIn.click();
      expect((await posted).status()).toBe(200);
      await board.locator(`[data-testid=board-row][data-member-id="${m.member_id}"]`).waitFor({ timeout: 5_000 });
    }

    const clicks = await kiosk.evaluate(() => (window as unknown as Clocked).clicks);
    // where the time goes: the kiosk's POSTs (resource timing, in click order) end at their answer
    const answered = await kiosk.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => e.name.endsWith("/api/check-in"))
        .map((e) => performance.timeOrigin + (e as PerformanceResourceTiming).responseEnd),
    );
    const rows = await board.evaluate(() => (window as unknown as Clocked).rows);
    const latencies = members.map((m) => {
      expect(clicks[m.member_id], `click on ${m.member_id}`).toBeDefined();
      expect(rows[m.member_id], `row of ${m.member_id}`).toBeDefined();
      return rows[m.member_id]! - clicks[m.member_id]!;
    });
    // every row arrived, once, and after its click
    expect(latencies).toHaveLength(CHECK_INS);
    expect(await board.locator("[data-testid=board-row]").count()).toBeGreaterThanOrEqual(CHECK_INS);
    for (const ms of latencies) expect(ms).toBeGreaterThan(0);

    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
    const p95 = at(0.95);
    console.log(
      `board latency, click to row on another screen, ${CHECK_INS} check-ins: p50 ${at(0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms ` +
        `(goal p95 < ${GOAL_P95_MS} ms: ${p95 < GOAL_P95_MS ? "met" : "NOT met"})`,
    );
    const p50of = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const last = answered.slice(-CHECK_INS);
    if (last.length === CHECK_INS) {
      const toAnswer = members.map((m, i) => last[i]! - clicks[m.member_id]!);
      const answerToRow = members.map((m, i) => rows[m.member_id]! - last[i]!);
      console.log(`  of which: click to the kiosk's answer p50 ${p50of(toAnswer).toFixed(1)} ms, answer to the row on the board p50 ${p50of(answerToRow).toFixed(1)} ms`);
    }
    expect(errors).toEqual([]);
  });
});
