import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseExportCsv, PROGRAM_REPORT_HEADER } from "../../modules/exports";
import { solidPng } from "../support/craft-zip";
import { todayIn } from "../../modules/organizations";
import { addDays, weekdayOf } from "../../modules/programs";
import { audit } from "./axe";
import { signedInPage } from "./check-in-helpers";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { gotoSettled } from "./page-helpers";

/** The last Monday-to-Friday before `today` (the demo organizations offer no weekend sessions). */
function lastWeekdayBefore(today: string): string {
  let day = addDays(today, -1);
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, -1);
  return day;
}

/**
 * Issue 16's browser flow, end to end in one organization: the admin builds a program, sees it on the
 * schedule; the parent registers Maya to it; the admin takes the attendance of its last session and
 * downloads the program report's CSV, where Maya's row shows it. And an event made with the event form
 * (decision 056), in the organization's time zone.
 */
describe("programs and events: the whole flow in the browser", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const problems: string[] = [];
  let admin: Page;
  let parent: Page;
  let programId = "";
  // Northside Youth Centre is in Toronto
  const today = todayIn("America/Toronto", new Date());
  const sessionDay = lastWeekdayBefore(today);

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    for (const username of ["admin@northside.demo", "parent@northside.demo"]) {
      const signed = await signedInPage(browser, app.baseUrl, username, errors);
      contexts.push(signed.context);
      if (username.startsWith("admin")) admin = signed.page;
      else parent = signed.page;
    }
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it("builds Robotics Club, a week before its last session, gives it a photo, and shows it on that day of the schedule", async () => {
    await admin.setViewportSize({ width: 1280, height: 800 });
    await gotoSettled(admin, "/program-builder?edit=new");
    const form = admin.getByTestId("program-form");
    await form.getByLabel("Name", { exact: true }).fill("Robotics Club");
    await form.getByLabel("Activity Type").selectOption("Academic Support");
    await form.getByLabel("Start Date").fill(addDays(sessionDay, -7));
    await form.getByLabel("End Date").fill(addDays(today, 60));
    const session = form.getByTestId("program-session").first();
    await session.getByLabel("Session 1 day").selectOption(String(weekdayOf(sessionDay)));
    await session.getByLabel("Start Time").fill("15:30");
    await session.getByLabel("End Time").fill("17:00");
    await form.getByRole("button", { name: "Build Program" }).click();
    await admin.getByText("Program successfully created").waitFor();
    const card = admin.getByTestId("program-card").filter({ hasText: "Robotics Club" });
    programId = (await card.getAttribute("data-program-id")) ?? "";
    expect(programId).not.toBe("");

    // its photo, through the upload flow, on the program's edit form (decision 058)
    await card.getByRole("link", { name: "Edit Robotics Club" }).click();
    const photo = admin.getByTestId("program-photo");
    await photo.getByText("No photo yet.").waitFor();
    await photo.getByTestId("photo-input").setInputFiles({ name: "robots.png", mimeType: "image/png", buffer: solidPng(160, 100, [30, 120, 200]) });
    await admin.getByText("Photo successfully updated").waitFor();
    await photo.getByTestId("program-photo-image").waitFor();
    await admin.reload();
    await admin.getByTestId("program-photo-image").waitFor();
    expect(await admin.getByTestId("program-photo-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    problems.push(...(await audit(admin, "program form with its photo")));
    await screenshot(admin, "programs-builder-photo");

    await gotoSettled(admin, `/programs-events?view=day&date=${sessionDay}`);
    await admin.getByTestId("schedule-entry").filter({ hasText: "Robotics Club" }).waitFor();
    expect(problems, problems.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("lets the parent register Maya to it on Program Registration", async () => {
    await gotoSettled(parent, "/program-registration");
    await parent.getByTestId("child-chooser").getByRole("link", { name: /^Maya / }).click();
    await parent.waitForURL(/participant=/);
    const card = parent.getByTestId("program-option").filter({ has: parent.getByRole("heading", { name: "Robotics Club", exact: true }) });
    await card.getByRole("button", { name: "Register for Robotics Club, Maya" }).click();
    await card.getByTestId("registration-answer").getByText("Registration successfully created").waitFor();
    await parent.getByTestId("place").filter({ has: parent.getByRole("heading", { name: "Robotics Club", exact: true }) }).getByText("Registered").waitFor();
    // the staff's /programs shows her among the registered
    await gotoSettled(admin, `/programs?program=${programId}`);
    await admin.getByText(/^Maya /).first().waitFor();
    expect(errors).toEqual([]);
  });

  it("takes the attendance of the session: Maya present", async () => {
    await gotoSettled(admin, `/programs-events?view=day&date=${sessionDay}&program=${programId}&start=15:30`);
    const panel = admin.getByTestId("attendance");
    await panel.waitFor();
    const maya = panel.getByTestId("attendance-row").filter({ hasText: "Maya" });
    await maya.getByLabel("Present").check();
    await panel.getByRole("button", { name: "Save Attendance" }).click();
    await admin.getByText("Attendance successfully updated").waitFor();
    problems.push(...(await audit(admin, "attendance of the new program")));
    expect(problems, problems.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("downloads the program report's CSV from the report page: Maya's row has the session and her attendance", async () => {
    await gotoSettled(admin, "/programs");
    await admin.getByRole("link", { name: "Program Summary" }).click();
    await admin.waitForURL(/\/programs\/report/);
    await gotoSettled(admin, `/programs/${programId}/report`);
    await admin.getByTestId("export-report").click();
    await admin.locator('[data-testid="report-export-status"][data-status="Completed"]').waitFor({ timeout: 40_000 });
    const href = (await admin.getByTestId("report-export-download").getAttribute("href"))!;
    const file = await admin.request.get(href);
    expect(file.status()).toBe(200);
    const rows = await parseExportCsv(await file.text());
    expect(rows[0]).toEqual([...PROGRAM_REPORT_HEADER]);
    const col = (name: (typeof PROGRAM_REPORT_HEADER)[number]) => PROGRAM_REPORT_HEADER.indexOf(name);
    const maya = rows.filter((r) => r[col("First name")] === "Maya");
    expect(maya).toHaveLength(1);
    // two sessions up to today (a week apart, the last one marked), Maya present at one of them
    expect([maya[0]![col("Program name")], maya[0]![col("Attendance count")]]).toEqual(["Robotics Club", "1"]);
    expect(Number(maya[0]![col("Sessions")])).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
  });

  it("creates an event with the event form, its times in the organization's zone, and refuses an end before the start", async () => {
    await gotoSettled(admin, "/events");
    await admin.getByRole("link", { name: "Create Event" }).click();
    const form = admin.getByTestId("event-form");
    await form.waitFor();
    const day = addDays(today, 20);
    await form.getByLabel("Name", { exact: true }).fill("Robot Showcase");
    await form.getByLabel("Start Date").fill(`${day}T18:00`);
    await form.getByLabel("End Date").fill(`${day}T17:00`);
    await form.getByLabel("Capacity").fill("40");
    await form.getByRole("button", { name: "Create Event" }).click();
    await form.getByText("End Date must be after Start Date").waitFor();
    problems.push(...(await audit(admin, "event form with an error")));
    await screenshot(admin, "events-form-error");
    await form.getByLabel("End Date").fill(`${day}T20:30`);
    await form.getByRole("button", { name: "Create Event" }).click();
    await admin.getByText("Event successfully created").waitFor();
    const listed = admin.getByText("Robot Showcase").first();
    await listed.waitFor();
    // its times read back as entered: 6:00 PM Toronto time
    const api = await admin.request.get(`${app!.baseUrl}/api/appointment/event?search=Robot%20Showcase`);
    const event = ((await api.json()) as { data: { start_date: string; end_date: string }[] }).data[0]!;
    expect(todayIn("America/Toronto", new Date(event.start_date))).toBe(day);
    expect(new Date(event.start_date).toLocaleTimeString("en-US", { timeZone: "America/Toronto", hour: "numeric", minute: "2-digit" })).toBe("6:00 PM");
    expect(problems, problems.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
