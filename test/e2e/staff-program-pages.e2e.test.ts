import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit, VIEWPORTS } from "./axe";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { signedInPage } from "./check-in-helpers";
import { gotoSettled } from "./page-helpers";

type Person = {
  id: string;
  member_id: string;
  full_name: string;
  dob: string | null;
  gender: string | null;
  status: string;
};
type Roster = {
  data: { participant_id: string }[];
  waitlist: { participant_id: string; position: number }[];
};

const ageOf = (dob: string | null) => {
  if (!dob) return null;
  const born = new Date(`${dob.slice(0, 10)}T00:00:00Z`);
  const now = new Date();
  let age = now.getUTCFullYear() - born.getUTCFullYear();
  if (now.getUTCMonth() < born.getUTCMonth() || (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() < born.getUTCDate())) age -= 1;
  return age;
};

/** /programs and /events, the staff pages (decision 053), in the browser at three sizes, with axe. */
describe("staff pages: /programs and /events", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  let admin: Page;
  let people: Person[] = [];

  async function pageAs(username: string) {
    const { context, page } = await signedInPage(browser!, app!.baseUrl, username, errors);
    contexts.push(context);
    return page;
  }
  const getJson = async <T>(page: Page, path: string): Promise<T> => {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  };
  const noSidewaysScroll = async (page: Page, width: number) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `sideways scroll at ${width}`).toBeLessThanOrEqual(0);
  };
  /** Types a name into the panel's 'Register a member' combobox, picks it and presses Register. */
  async function register(page: Page, person: Person) {
    const panel = page.getByTestId("registrations");
    await panel.getByRole("combobox", { name: "Register a member" }).fill(person.full_name);
    await panel.getByRole("option").filter({ hasText: person.member_id }).click();
    await panel.getByTestId("register-chosen").getByText(person.full_name).waitFor();
    await panel.getByRole("button", { name: /^Register / }).click();
  }

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    admin = await pageAs("admin@northside.demo");
    for (const page of [0, 1, 2]) people.push(...(await getJson<{ data: Person[] }>(admin, `/api/participant_report?size=80&page=${page}&sort=full_name,asc`)).data);
    people = people.filter((p) => p.status === "Active");
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it("lists the demo programs with their figures and opens a program's registrations at 1280, 820 and 390 px; axe finds nothing serious", async () => {
    const found: string[] = [];
    for (const size of VIEWPORTS) {
      await admin.setViewportSize(size);
      await gotoSettled(admin, "/programs");
      await admin.getByRole("heading", { name: "Programs", level: 1 }).waitFor();
      expect(await admin.getByTestId("staff-program-card").count()).toBeGreaterThanOrEqual(6);
      const coding = admin.getByTestId("staff-program-card").filter({ hasText: "Coding Club" });
      expect(await coding.getByTestId("program-registered").innerText()).toBe("10 / 10 registered");
      expect(await coding.getByTestId("program-waitlist").innerText()).toMatch(/^\d+ on the waitlist$/);
      await coding.getByText(/^Tue, Thu 4:00 PM – 5:30 PM$/).waitFor();
      await coding.getByText(/^Coach: /).waitFor();
      await noSidewaysScroll(admin, size.width);
      found.push(...(await audit(admin, `programs list @${size.width}`)));
      await screenshot(admin, `staff-programs-list-${size.width}x${size.height}`);

      await coding.getByRole("link", { name: "Coding Club" }).click();
      const panel = admin.getByTestId("registrations");
      await panel.waitFor();
      expect(await panel.getByTestId("registered-list").locator("li").count()).toBe(10);
      expect(await panel.getByTestId("waitlist").locator("li").count()).toBeGreaterThan(0);
      await panel.getByRole("combobox", { name: "Register a member" }).waitFor();
      expect(await panel.getByTestId("report-link").getAttribute("href")).toMatch(/^\/programs\/[0-9a-f-]+\/report$/);
      await noSidewaysScroll(admin, size.width);
      found.push(...(await audit(admin, `programs panel @${size.width}`)));
      await screenshot(admin, `staff-programs-panel-${size.width}x${size.height}`);
    }
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("registers a member into a full program (the waitlist's number), refuses an ineligible one with the reason, and promotes the first waiting member when a registered one is removed", async () => {
    await admin.setViewportSize({ width: 1280, height: 900 });
    // the search box (debounced) narrows the list through the URL
    await gotoSettled(admin, "/programs");
    await admin.getByRole("searchbox", { name: "Search programs by name" }).fill("Coding");
    await admin.waitForURL(/search=Coding/);
    await admin.getByTestId("list-count").getByText("1 program matching 'Coding'").waitFor();
    expect(await admin.getByTestId("staff-program-card").count()).toBe(1);
    const card = admin.getByTestId("staff-program-card").filter({ hasText: "Coding Club" });
    const programId = (await card.getAttribute("data-program-id"))!;
    await card.getByRole("link", { name: "Coding Club" }).click();
    const panel = admin.getByTestId("registrations");
    await panel.waitFor();

    const before = await getJson<Roster>(admin, `/api/program/${programId}/registration`);
    const taken = new Set([...before.data, ...before.waitlist].map((r) => r.participant_id));
    const eligible = people.find((p) => !taken.has(p.id) && (ageOf(p.dob) ?? 0) >= 10 && (ageOf(p.dob) ?? 99) <= 14)!;
    const outside = people.find((p) => !taken.has(p.id) && ageOf(p.dob) !== null && (ageOf(p.dob)! < 9 || ageOf(p.dob)! > 15))!;
    expect(eligible, "an eligible demo member").toBeTruthy();
    expect(outside, "a demo member outside ages 9 to 15").toBeTruthy();

    // full: the waitlist, with its number, as the decider answers
    await register(admin, eligible);
    const number = before.waitlist.length + 1;
    await admin.getByText(`The program is full: the participant is number ${number} on the waitlist.`).waitFor();
    const waiting = panel.getByTestId("waitlist").locator(`li[data-participant-id="${eligible.id}"]`);
    await waiting.waitFor();
    expect(await waiting.getByLabel(`Number ${number} on the waitlist`).count()).toBe(1);
    await screenshot(admin, "staff-programs-waitlisted");

    // not eligible: the reason in an alert, nothing added
    await register(admin, outside);
    const refused = panel.getByTestId("registration-refused");
    await refused.waitFor();
    const said = /^This program is for ages 9 to 15; the participant is (\d+)\.$/.exec(await refused.innerText());
    expect(said, await refused.innerText()).not.toBeNull();
    expect(Number(said![1]) < 9 || Number(said![1]) > 15).toBe(true);
    expect(await refused.getAttribute("role")).toBe("alert");
    expect(await panel.locator(`li[data-participant-id="${outside.id}"]`).count()).toBe(0);
    expect(await audit(admin, "programs refusal")).toEqual([]);
    await screenshot(admin, "staff-programs-refused");

    // remove the first registered member: the first waiting member moves up
    const after = await getJson<Roster>(admin, `/api/program/${programId}/registration`);
    const firstWaiting = people.find((p) => p.id === after.waitlist[0]!.participant_id)!;
    const leaving = panel.getByTestId("registered-list").locator("li").first();
    const leavingId = (await leaving.getAttribute("data-participant-id"))!;
    await leaving.getByRole("button", { name: /^Remove / }).click();
    const dialog = admin.getByRole("alertdialog");
    await dialog.getByText(`${firstWaiting.full_name}, first on the waitlist, takes the place.`).waitFor();
    await dialog.getByRole("button", { name: /^Remove / }).click();
    await admin.getByText("Registration successfully deleted").waitFor();
    await admin
      .getByText(`${firstWaiting.full_name} moved up from the waitlist.`, {
        exact: false,
      })
      .first()
      .waitFor();
    await panel.getByTestId("registered-list").locator(`li[data-participant-id="${firstWaiting.id}"]`).waitFor();
    expect(await panel.getByTestId("registered-list").locator(`li[data-participant-id="${leavingId}"]`).count()).toBe(0);
    expect(await panel.getByTestId("waitlist").locator(`li[data-participant-id="${firstWaiting.id}"]`).count()).toBe(0);
    // the one just waitlisted moved up one place too
    expect(
      await panel
        .getByTestId("waitlist")
        .locator(`li[data-participant-id="${eligible.id}"]`)
        .getByLabel(`Number ${number - 1} on the waitlist`)
        .count()
    ).toBe(1);
    const final = await getJson<Roster>(admin, `/api/program/${programId}/registration`);
    expect(final.data.length).toBe(10);
    expect(final.data.some((r) => r.participant_id === firstWaiting.id)).toBe(true);
    await screenshot(admin, "staff-programs-promoted");
    expect(errors).toEqual([]);
  });

  it("shows a coach (view programs only) the registrations without Register, Remove or the report", async () => {
    const coach = await pageAs("coach@northside.demo");
    await gotoSettled(coach, "/programs");
    const card = coach.getByTestId("staff-program-card").filter({ hasText: "Coding Club" });
    await card.getByRole("link", { name: "Coding Club" }).click();
    const panel = coach.getByTestId("registrations");
    await panel.waitFor();
    expect(await panel.getByTestId("registered-list").locator("li").count()).toBeGreaterThan(0);
    expect(await panel.getByRole("combobox").count()).toBe(0);
    expect(await panel.getByRole("button", { name: /^Remove / }).count()).toBe(0);
    expect(await panel.getByTestId("report-link").count()).toBe(0);
    // a hand-made post is refused too
    const id = (await card.getAttribute("data-program-id"))!;
    const response = await coach.request.post("/programs", {
      form: { intent: "remove", target: id, participant_id: "x" },
      headers: { origin: app!.baseUrl },
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("You do not have permission to change registrations.");
    await screenshot(coach, "staff-programs-coach");
    expect(errors).toEqual([]);
  });

  it("lists the demo events (upcoming, then past), refuses a full event, and registers a member once a place is free; axe at three sizes", async () => {
    const found: string[] = [];
    for (const size of VIEWPORTS) {
      await admin.setViewportSize(size);
      await gotoSettled(admin, "/events");
      await admin.getByRole("heading", { name: "Events", level: 1 }).waitFor();
      const camp = admin.getByTestId("staff-event-card").filter({ hasText: "Winter Camp" });
      expect(await camp.getByTestId("event-registered").innerText()).toBe("8 / 8 registered");
      await camp.getByText("Camp Kawartha", { exact: false }).waitFor();
      expect(await admin.getByTestId("staff-event-card").filter({ hasText: "Science Museum Trip" }).count()).toBe(0);
      await noSidewaysScroll(admin, size.width);
      found.push(...(await audit(admin, `events list @${size.width}`)));
      await screenshot(admin, `staff-events-list-${size.width}x${size.height}`);
      await camp.getByRole("link", { name: "Winter Camp" }).click();
      await admin.getByTestId("registrations").waitFor();
      await noSidewaysScroll(admin, size.width);
      found.push(...(await audit(admin, `events panel @${size.width}`)));
      await screenshot(admin, `staff-events-panel-${size.width}x${size.height}`);
    }
    await admin.setViewportSize({ width: 1280, height: 900 });
    await gotoSettled(admin, "/events?when=past");
    await admin.getByTestId("staff-event-card").filter({ hasText: "Science Museum Trip" }).waitFor();
    await admin.getByTestId("staff-event-card").filter({ hasText: "Science Museum Trip" }).getByText("10 attended", { exact: false }).waitFor();

    await gotoSettled(admin, "/events");
    const camp = admin.getByTestId("staff-event-card").filter({ hasText: "Winter Camp" });
    const eventId = (await camp.getAttribute("data-event-id"))!;
    await camp.getByRole("link", { name: "Winter Camp" }).click();
    const panel = admin.getByTestId("registrations");
    await panel.waitFor();
    const roster = await getJson<{ data: { participant_id: string }[] }>(admin, `/api/appointment/event/${eventId}/registration`);
    const taken = new Set(roster.data.map((r) => r.participant_id));
    const newcomer = people.find((p) => !taken.has(p.id))!;
    await register(admin, newcomer);
    await panel.getByTestId("registration-refused").getByText("This event is full: all 8 places are taken.").waitFor();

    await panel
      .getByTestId("registered-list")
      .locator("li")
      .first()
      .getByRole("button", { name: /^Remove / })
      .click();
    await admin
      .getByRole("alertdialog")
      .getByRole("button", { name: /^Remove / })
      .click();
    await admin.getByText("Registration successfully deleted").waitFor();
    await register(admin, newcomer);
    await admin.getByText("Registration successfully created").waitFor();
    await panel.getByTestId("registered-list").locator(`li[data-participant-id="${newcomer.id}"]`).waitFor();
    expect(await camp.getByTestId("event-registered").innerText()).toBe("8 / 8 registered");
    await screenshot(admin, "staff-events-registered");
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
