import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit, VIEWPORTS } from "./axe";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { signedInPage } from "./check-in-helpers";
import { gotoSettled } from "./page-helpers";

/** The Schedule (decision 048) and the Program Builder (decision 049) in the browser, at three sizes, with axe. */
describe("programs: the schedule and the builder", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  async function pageAs(username: string) {
    const { context, page } = await signedInPage(browser!, app!.baseUrl, username, errors);
    contexts.push(context);
    return page;
  }
  let admin: Page;

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    admin = await pageAs("admin@northside.demo");
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it("shows the week's sessions of the demo programs at 1280, 820 and 390 px, today marked; the day view and Next move by a day; axe finds nothing serious", async () => {
    const found: string[] = [];
    for (const size of VIEWPORTS) {
      await admin.setViewportSize(size);
      await gotoSettled(admin, "/programs-events");
      await admin.getByRole("heading", { name: "Schedule", level: 1 }).waitFor();
      expect(await admin.getByTestId("schedule-day").count()).toBe(7);
      expect(await admin.getByTestId("schedule-entry").count()).toBeGreaterThan(3);
      expect(await admin.locator('[data-testid=schedule-day][aria-current="date"]').count()).toBe(1);
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `sideways scroll at ${size.width}`).toBeLessThanOrEqual(0);
      found.push(...(await audit(admin, `schedule week @${size.width}`)));
      await screenshot(admin, `programs-schedule-week-${size.width}x${size.height}`);
    }
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.getByRole("link", { name: "Day", exact: true }).click();
    await admin.waitForURL(/view=day/);
    await admin.getByTestId("schedule-day").nth(1).waitFor({ state: "detached" });
    const today = await admin.getByTestId("schedule-day").getAttribute("data-date");
    await admin.getByRole("link", { name: "Next day" }).click();
    await admin.locator(`[data-testid=schedule-day]:not([data-date="${today}"])`).waitFor();
    found.push(...(await audit(admin, "schedule day")));
    expect(found, found.join("\n")).toEqual([]);
  });

  it("opens the kiosk on today's day", async () => {
    const kiosk = await pageAs("kiosk@northside.demo");
    await gotoSettled(kiosk, "/programs-events");
    expect(await kiosk.getByTestId("schedule-day").count()).toBe(1);
    expect(await kiosk.locator('[data-testid=schedule-day][aria-current="date"]').count()).toBe(1);
    await screenshot(kiosk, "programs-schedule-kiosk-day");
  });

  it("builds a program (a wrong session is named first), shows it on the builder and the schedule, then copies, archives and deletes", async () => {
    await admin.setViewportSize({ width: 1280, height: 800 });
    await gotoSettled(admin, "/program-builder");
    expect(await admin.getByTestId("program-card").count()).toBeGreaterThan(0);
    found(await audit(admin, "builder list"));
    await admin.getByRole("link", { name: "Build Program" }).click();
    const form = admin.getByTestId("program-form");
    await form.waitFor();
    await form.getByLabel("Name", { exact: true }).fill("Chess Club");
    await form.getByLabel("Activity Type").selectOption("Academic Support");
    // a week ahead: a program that has not started can still be deleted (decision 044)
    const today = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel("Start Date").fill(today);
    await form.getByLabel("End Date").fill(later);
    const session = form.getByTestId("program-session").first();
    await session.getByLabel("Start Time").fill("17:00");
    await session.getByLabel("End Time").fill("16:00");
    await form.getByRole("button", { name: "Build Program" }).click();
    await form.getByText("Session 1: End Time must be after Start Time").waitFor();
    found(await audit(admin, "builder form with an error"));
    await screenshot(admin, "programs-builder-form-error");
    await session.getByLabel("End Time").fill("18:30");
    await form.getByRole("button", { name: "Build Program" }).click();
    await admin.getByText("Program successfully created").waitFor();
    const card = admin.getByTestId("program-card").filter({ hasText: "Chess Club" });
    await card.waitFor();
    await screenshot(admin, "programs-builder-list");

    // on the schedule, in two weeks (its Tuesday is within the program's dates whatever today is)
    const nextWeek = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await gotoSettled(admin, `/programs-events?view=week&date=${nextWeek}`);
    expect(await admin.getByTestId("schedule-entry").filter({ hasText: "Chess Club" }).count()).toBeGreaterThan(0);

    await gotoSettled(admin, "/program-builder");
    await card.getByRole("button", { name: "Copy Chess Club" }).click();
    await admin.getByText("Program successfully created").waitFor();
    const copy = admin.getByTestId("program-card").filter({ hasText: "Copy of Chess Club" });
    await copy.waitFor();
    await copy.getByRole("button", { name: "Delete Copy of Chess Club" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Delete Copy of Chess Club" }).click();
    await admin.getByText("Program successfully deleted").waitFor();
    await copy.waitFor({ state: "detached" });
    await card.getByRole("button", { name: "Archive Chess Club" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Archive Chess Club" }).click();
    await admin.getByText("Program successfully archived").waitFor();
    await admin.getByRole("link", { name: "Archived" }).click();
    await admin.getByTestId("program-card").filter({ hasText: "Chess Club" }).waitFor();
    expect(problems, problems.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  const problems: string[] = [];
  const found = (list: string[]) => problems.push(...list);

  it("takes a session's attendance from the schedule as a coach: the roster, a mark saved and shown again; axe at desktop and phone", async () => {
    const coach = await pageAs("coach@northside.demo");
    await gotoSettled(coach, "/programs-events");
    const take = coach.getByRole("link", { name: /^Take attendance/ }).first();
    await take.click();
    const panel = coach.getByTestId("attendance");
    await panel.waitFor();
    const rows = panel.getByTestId("attendance-row");
    expect(await rows.count()).toBeGreaterThan(0);
    const first = rows.first();
    const id = await first.getAttribute("data-participant-id");
    await first.getByLabel("Excused").check();
    await panel.getByRole("button", { name: "Save Attendance" }).click();
    await coach.getByText("Attendance successfully updated").waitFor();
    await coach.reload();
    await coach.locator(`[data-testid=attendance-row][data-participant-id="${id}"]`).getByLabel("Excused").waitFor();
    expect(await coach.locator(`[data-testid=attendance-row][data-participant-id="${id}"]`).getByLabel("Excused").isChecked()).toBe(true);
    const seen: string[] = [];
    for (const size of [VIEWPORTS[0], VIEWPORTS[2]]) {
      await coach.setViewportSize(size);
      const overflow = await coach.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `sideways scroll at ${size.width}`).toBeLessThanOrEqual(0);
      seen.push(...(await audit(coach, `attendance @${size.width}`)));
      await screenshot(coach, `programs-attendance-${size.width}x${size.height}`);
    }
    expect(seen, seen.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("shows the builder's form at tablet and phone sizes without sideways scrolling; axe finds nothing serious", async () => {
    const found2: string[] = [];
    for (const size of VIEWPORTS) {
      await admin.setViewportSize(size);
      await gotoSettled(admin, "/program-builder?edit=new");
      await admin.getByTestId("program-form").waitFor();
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `sideways scroll at ${size.width}`).toBeLessThanOrEqual(0);
      found2.push(...(await audit(admin, `builder form @${size.width}`)));
      await screenshot(admin, `programs-builder-form-${size.width}x${size.height}`);
    }
    expect(found2, found2.join("\n")).toEqual([]);
  });
});
