import { readFile } from "node:fs/promises";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECK_IN_HEADER, parseExportCsv } from "../../modules/exports";
import { DEMO_VISITS } from "../factories/check-ins";
import { DEMO_PASSWORD } from "../factories/demo-seed";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { testServices } from "../support/services";
import { checkInByApi, INDEPENDENT, loadMembers, memberPicker } from "./check-in-helpers";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";

/** Visits written straight into the board's read model, so the export runs long enough to watch. */
const EXTRA_ROWS = 250_000;
const CHUNK = 20_000;

describe("/exports: a check-in export requested from the board, watched and downloaded", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let downloads: Page;
  const errors: string[] = [];
  let dayVisits = 0;

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    const admin = new HttpClient(app.baseUrl);
    await clearSignInLimits((await testServices()).redisUrl);
    await admin.signIn("admin@northside.demo");
    const pick = memberPicker(await loadMembers(admin));
    const member = pick((m) => m.is_waiver_signed && m.pick_up_permission === INDEPENDENT);
    await checkInByApi(admin, member.member_id);
    await waitForProjections(app.baseUrl);

    const client = new pg.Client({ connectionString: app.databaseUrl });
    await client.connect();
    try {
      // the board's read model follows the store a little behind: ask until the visit is there (this member's:
      // the seed has visits of both organizations, and the bench rows go to Northside's, the admin's)
      let rows: { organization_id: string }[] = [];
      for (const deadline = Date.now() + 15_000; rows.length === 0 && Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
        rows = (await client.query<{ organization_id: string }>("select organization_id from rm_check_ins where member_id = $1 limit 1", [member.member_id])).rows;
      }
      // the day's visits before the bench rows: the seed's (with the demo family's, decision 040) and this test's
      dayVisits = (
        await client.query<{ n: number }>(
          `select count(*)::int as n from rm_check_ins where organization_id = $1::uuid
             and check_in_time >= (date_trunc('day', now() at time zone 'America/Toronto') at time zone 'America/Toronto')`,
          [rows[0]!.organization_id],
        )
      ).rows[0]!.n;
      expect(dayVisits).toBeGreaterThanOrEqual(1 + DEMO_VISITS);
      // at 1 am of Northside's day (America/Toronto, decision 032: the export dialog's day is the organization's),
      // in short transactions: a long one holds back the oldest running transaction of the whole server, and
      // with it the projections of the apps of other test files running meanwhile (docs/decisions/002)
      for (let from = 1; from <= EXTRA_ROWS; from += CHUNK) {
        await client.query(
          `insert into rm_check_ins (id, organization_id, participant_id, member_id, first_name, last_name, full_name, check_in_time, check_out_time, source, updated_at)
           select gen_random_uuid(), $1::uuid, gen_random_uuid(), 'X' || lpad(g::text, 7, '0'), 'Bench' || g, 'Visitor', 'Bench' || g || ' Visitor',
             ((date_trunc('day', now() at time zone 'America/Toronto') + interval '1 hour') at time zone 'America/Toronto') + (g || ' milliseconds')::interval, null, 'staff', now()
           from generate_series($2::int, $3::int) g`,
          [rows[0]!.organization_id, from, Math.min(EXTRA_ROWS, from + CHUNK - 1)],
        );
      }
    } finally {
      await client.end();
    }

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: app.baseUrl, timezoneId: "UTC", acceptDownloads: true });
    page = await context.newPage();
    page.on("pageerror", (error) => errors.push(error.message));
    downloads = await context.newPage();
    downloads.on("pageerror", (error) => errors.push(error.message));
    await clearSignInLimits((await testServices()).redisUrl);
    const csrf = ((await (await page.request.get("/api/auth/csrf")).json()) as { csrf: string }).csrf;
    expect((await page.request.post("/api/auth/login", { data: { username: "admin@northside.demo", password: DEMO_PASSWORD }, headers: { "x-csrf-token": csrf } })).status()).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("requests from the board, shows a moving progress bar on /exports, toasts when ready, and downloads the file", async () => {
    // Downloads open in a second tab first: it follows the user's exports live
    await downloads.goto("/exports");
    await downloads.getByText("There are no exports yet.", { exact: false }).waitFor();
    // every value the bar takes is recorded in the page as it is drawn: polling from here alone can miss a bar
    // that moves for only a second on a busy machine
    await downloads.evaluate(() => {
      const drawn: number[] = [];
      (window as unknown as { barValues: number[] }).barValues = drawn;
      const note = () => {
        for (const bar of document.querySelectorAll('[data-testid="export-progress"]')) {
          const value = bar.getAttribute("aria-valuenow");
          if (value !== null) drawn.push(Number(value));
        }
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
    });
    await page.goto("/check-in");
    await page.getByTestId("export-check-ins").click();
    const dialog = page.getByRole("dialog", { name: "Export check-ins" });
    await dialog.waitFor();
    await page.screenshot({ path: "test/e2e/screenshots/exports-board-dialog.png" });
    const asked = page.waitForResponse((r) => r.url().endsWith("/api/export") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Export CSV" }).click();
    expect((await asked).status()).toBe(202);
    await page.getByText("Export started").waitFor();
    // the requester stays on the board: the 'ready' toast must reach them there (watched from now on,
    // as a success toast hides itself after 10 s)
    const toastOnBoard = page
      .getByText("Your export is ready")
      .waitFor({ timeout: 60_000 })
      .then(() => page.screenshot({ path: "test/e2e/screenshots/exports-ready-toast-on-board.png" }));
    // awaited below; a failure before that point must not leave this rejection unhandled
    toastOnBoard.catch(() => undefined);

    // the new export appears on the Downloads tab by itself, and its bar moves
    const row = downloads.locator('[data-testid="export-row"][data-kind="check-ins"]').first();
    await row.waitFor({ timeout: 10_000 });
    const bar = row.getByTestId("export-progress");
    const seen = new Set<number>();
    let shot = false;
    for (const deadline = Date.now() + 40_000; Date.now() < deadline; await downloads.waitForTimeout(40)) {
      if ((await row.getAttribute("data-status")) !== "Requested") break;
      const value = await bar.getAttribute("aria-valuenow").catch(() => null);
      if (value !== null) seen.add(Number(value));
      if (!shot && Number(value) > 0 && Number(value) < 100) {
        await screenshot(downloads, "exports-in-progress");
        shot = true;
      }
    }
    for (const value of await downloads.evaluate(() => (window as unknown as { barValues: number[] }).barValues)) seen.add(value);
    console.info(`progress values seen: ${[...seen].sort((a, b) => a - b).join(", ")}`);
    // on a quiet machine the file is built in about a second: the bar is seen part-way at least once, then full
    expect([...seen].filter((v) => v > 0 && v < 100).length, `progress values: ${[...seen].join(",")}`).toBeGreaterThanOrEqual(1);

    await row.and(downloads.locator('[data-status="Completed"]')).waitFor({ timeout: 40_000 });
    // the toast reached the requester on the board too, with a link to Downloads
    await toastOnBoard;
    // the bench rows, this test's visit and the seed's visits of the day (decision 041)
    expect(await row.getByTestId("export-rows").textContent()).toBe((EXTRA_ROWS + dayVisits).toLocaleString("en-US"));
    await screenshot(downloads, "exports-ready");

    const link = row.getByTestId("export-download");
    const fileName = (await link.textContent()) ?? "";
    expect(fileName).toMatch(/^check-ins-\d{2}-\d{2}-\d{4}\.csv$/);
    const [download] = await Promise.all([downloads.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const rows = await parseExportCsv(await readFile((await download.path())!, "utf8"));
    expect(rows[0]).toEqual([...CHECK_IN_HEADER]);
    // the spec's eight columns, then who picked the child up and the zone of the times (decision 041)
    expect(rows[0]!.slice(7)).toEqual(["Program Registered", "Picked up by", "Time zone"]);
    expect(rows.length - 1).toBe(EXTRA_ROWS + dayVisits);
    expect(rows.slice(1).filter((r) => r[9] !== "America/Toronto")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
