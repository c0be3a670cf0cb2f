import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseExportCsv, PROGRAM_REPORT_HEADER } from "../../modules/exports";
import { DEMO_EVENTS } from "../factories/appointments";
import { DEMO_WEEKLY_PROGRAMS } from "../factories/program-builder";
import { audit, VIEWPORTS } from "./axe";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { signedInPage } from "./check-in-helpers";
import { gotoSettled } from "./page-helpers";

type ReportRow = { participant_id: string; member_id: string; attendance_count: number; attendance_percentage: number; points: number; sessions: number };

/**
 * The program and event report pages (decision 054) in real Chromium: a demo program's figures and rows,
 * its CSV export through the background worker (the download checked against the report call), the
 * summary and event report pages, another organization's program as the 404 page, axe at three sizes.
 */
describe("program and event report pages, with their CSV exports", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  let admin: Page;
  let programId: string;
  const demo = DEMO_WEEKLY_PROGRAMS[0]!.program;

  async function pageAs(username: string) {
    const { context, page } = await signedInPage(browser!, app!.baseUrl, username, errors);
    contexts.push(context);
    return page;
  }
  const api = async <T>(page: Page, path: string): Promise<T> => {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  };

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    admin = await pageAs("admin@northside.demo");
    const summary = await api<{ data: { id: string; name: string }[] }>(admin, "/api/base/program_report?size=1000");
    programId = summary.data.find((r) => r.name === demo.name)!.id;
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it("shows a demo program's figures and rows at 1280, 820 and 390 px with no sideways scroll; axe finds nothing serious", async () => {
    const found: string[] = [];
    const report = await api<{ data: ReportRow[]; count: number; additional_info: { sessions_to_date: number } }>(admin, `/api/program/${programId}/report`);
    for (const size of VIEWPORTS) {
      await admin.setViewportSize(size);
      await gotoSettled(admin, `/programs/${programId}/report`);
      await admin.getByRole("heading", { name: `${demo.name}: Program Report`, level: 1 }).waitFor();
      expect(await admin.getByTestId("figure-sessions").textContent()).toBe(String(report.additional_info.sessions_to_date));
      expect(Number(await admin.getByTestId("figure-registrants").textContent())).toBeGreaterThan(0);
      expect(await admin.getByTestId("figure-attendance").textContent()).toMatch(/^\d+(\.\d)?%$/);
      expect(await admin.getByTestId("program-report-row").count()).toBe(Math.min(25, report.count));
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `sideways scroll at ${size.width}`).toBeLessThanOrEqual(0);
      found.push(...(await audit(admin, `program report @${size.width}`)));
      await screenshot(admin, `program-report-${size.name}`);
    }
    expect(found, found.join("\n")).toEqual([]);
  });

  it("exports the program report from its page: progress, then a download whose row matches the report call", async () => {
    await admin.setViewportSize({ width: 1280, height: 800 });
    await gotoSettled(admin, `/programs/${programId}/report`);
    await admin.getByTestId("export-report").click();
    const status = admin.getByTestId("report-export-status");
    await status.waitFor();
    await admin.locator('[data-testid="report-export-status"][data-status="Completed"]').waitFor({ timeout: 40_000 });
    await screenshot(admin, "program-report-exported");
    expect(await status.getByRole("link", { name: "Open Downloads" }).getAttribute("href")).toBe("/exports");
    const link = admin.getByTestId("report-export-download");
    const href = (await link.getAttribute("href"))!;
    expect(await link.textContent()).toMatch(/^Download program-report-\d{2}-\d{2}-\d{4}\.csv$/);
    const file = await admin.request.get(href);
    expect(file.status()).toBe(200);
    const rows = await parseExportCsv(await file.text());
    expect(rows[0]).toEqual([...PROGRAM_REPORT_HEADER]);
    const report = await api<{ data: ReportRow[]; count: number }>(admin, `/api/program/${programId}/report`);
    expect(rows.length - 1).toBe(report.count);
    const first = report.data[0]!;
    const col = (name: (typeof PROGRAM_REPORT_HEADER)[number]) => PROGRAM_REPORT_HEADER.indexOf(name);
    const row = rows.find((r) => r[col("Member ID")] === first.member_id)!;
    expect([row[col("Program ID")], row[col("Program name")], row[col("Sessions")], row[col("Attendance count")], row[col("Attendance percentage")], row[col("Points")]]).toEqual([
      programId,
      demo.name,
      String(first.sessions),
      String(first.attendance_count),
      String(first.attendance_percentage),
      String(first.points),
    ]);
    // the export is on the Downloads page too
    await gotoSettled(admin, "/exports");
    await admin.locator('[data-testid="export-row"][data-kind="program-report"]').first().waitFor();
    expect(await admin.locator('[data-testid="export-row"][data-kind="program-report"]').first().textContent()).toContain("Program report");
  });

  it("shows the program summary and an event report at three sizes, axe clean; a program name leads to its report", async () => {
    const found: string[] = [];
    const events = await api<{ data: { id: string; name: string }[] }>(admin, "/api/appointment/event?size=100");
    const trip = events.data.find((e) => e.name === DEMO_EVENTS[0]!.event.name)!;
    for (const size of VIEWPORTS) {
      await admin.setViewportSize(size);
      await gotoSettled(admin, "/programs/report");
      await admin.getByRole("heading", { name: "Program Summary", level: 1 }).waitFor();
      expect(await admin.getByTestId("program-summary-row").count()).toBeGreaterThanOrEqual(DEMO_WEEKLY_PROGRAMS.length);
      found.push(...(await audit(admin, `program summary @${size.width}`)));
      await screenshot(admin, `program-summary-${size.name}`);
      await gotoSettled(admin, `/events/${trip.id}/report`);
      await admin.getByRole("heading", { name: `${trip.name}: Event Report`, level: 1 }).waitFor();
      expect(await admin.getByTestId("figure-attendees").textContent()).toBe(String(DEMO_EVENTS[0]!.present));
      expect(await admin.getByTestId("event-report-row").count()).toBe(DEMO_EVENTS[0]!.registrations);
      found.push(...(await audit(admin, `event report @${size.width}`)));
      await screenshot(admin, `event-report-${size.name}`);
    }
    expect(found, found.join("\n")).toEqual([]);
    await admin.setViewportSize({ width: 1280, height: 800 });
    await gotoSettled(admin, "/programs/report");
    await admin.getByRole("link", { name: demo.name, exact: true }).click();
    await admin.waitForURL(`**/programs/${programId}/report`);
    await admin.getByRole("heading", { name: `${demo.name}: Program Report`, level: 1 }).waitFor();
  });

  it("answers another organization's program or event with the 404 page, and a coach (no export permission) with Forbidden Page", async () => {
    const maple = await pageAs("admin@maple.demo");
    const response = await maple.goto(`/programs/${programId}/report`);
    expect(response?.status()).toBe(404);
    await maple.getByRole("heading", { name: "404 - Page Not Found" }).waitFor();
    expect((await maple.goto("/events/no-such-event/report"))?.status()).toBe(404);
    const coach = await pageAs("coach@northside.demo");
    const refused = await coach.goto(`/programs/${programId}/report`);
    expect(refused?.status()).toBe(403);
    expect(errors).toEqual([]);
  });
});
