import { describe, expect, it } from "vitest";
import { auditEverySize } from "./axe";
import { browserSuite } from "./browser-suite";
import { screenshot } from "./harness";
import { gotoSettled } from "./page-helpers";

const PHONE = { width: 390, height: 844 };
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Challenges (decision 102) in real Chromium: a member (child1@, Maya) sees her open challenges and her progress
 * (two of five Homework Club sessions); the admin creates a challenge, opens "Kindness champion" and confirms Maya's
 * completion; Maya's card, open all along, says Completed without a reload (decision 112: the live topic), and her
 * points to spend move by its 40 points. Axe and no sideways
 * scrolling at desktop, tablet and phone on the member's and the staff's pages.
 */
describe("the challenges page", () => {
  const suite = browserSuite();

  it("a member sees her progress; staff create a challenge and confirm a completion; her balance moves", async () => {
    const found: string[] = [];
    const member = await suite.signIn("child1@northside.demo");
    const page = member.page;
    await gotoSettled(page, "/challenges");
    await page.getByRole("heading", { name: "Challenges", level: 1 }).waitFor();
    const hero = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Homework hero" }) });
    await hero.getByText("2 of 5 sessions").waitFor();
    await hero.getByText("50 points").waitFor();
    await auditEverySize(page, "challenges (member)", found);
    await page.setViewportSize(PHONE);
    await screenshot(page, "challenges-member-phone");
    await gotoSettled(page, "/store");
    await page.getByLabel("700 points to spend").waitFor();
    // the member keeps /challenges open while staff work (decision 112: her progress moves without a reload)
    await gotoSettled(page, "/challenges");
    const kindness = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Kindness champion" }) });
    await kindness.getByText("Not completed yet").waitFor();
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    const staff = await suite.signIn("admin@northside.demo");
    const admin = staff.page;
    await gotoSettled(admin, "/challenges");
    await admin.getByRole("heading", { name: "Challenges", level: 1 }).waitFor();
    await auditEverySize(admin, "challenges (staff)", found);
    // a new challenge from the form: a readable message for an end before the start, then created
    const form = admin.getByRole("form", { name: "New challenge" });
    await form.getByRole("textbox", { name: "Title" }).fill("Try a new sport");
    await form.getByLabel("Start date").fill(inDays(10));
    await form.getByLabel("End date").fill(inDays(3));
    await form.getByRole("button", { name: "Create challenge" }).click();
    await admin.getByRole("alert").getByText("End date must be on or after the start date").waitFor();
    await form.getByLabel("End date").fill(inDays(30));
    await form.getByRole("button", { name: "Create challenge" }).click();
    await admin.getByText("Challenge successfully created").waitFor();
    await admin.getByRole("heading", { name: "Try a new sport", level: 1 }).waitFor();

    await gotoSettled(admin, "/challenges");
    await admin.getByRole("link", { name: "Kindness champion" }).click();
    await admin.getByRole("heading", { name: "Kindness champion", level: 1 }).waitFor();
    await auditEverySize(admin, "challenge detail (staff)", found);
    await admin.getByRole("search").getByRole("textbox", { name: "Find members" }).fill("Maya");
    await admin.getByRole("search").getByRole("button", { name: "Search" }).click();
    // the search answered (the unfiltered list has checkboxes too)
    await admin.waitForURL(/q=Maya/);
    await admin.getByRole("region", { name: "Members to confirm" }).getByText(/Maya/).first().waitFor();
    await admin.getByRole("region", { name: "Members to confirm" }).getByRole("checkbox").first().check();
    await admin.getByRole("button", { name: "Confirm and award 40 points" }).click();
    await admin.getByText("Challenge completion confirmed (1 member)").waitFor();
    await admin.getByRole("region", { name: "Members' progress" }).getByRole("rowheader", { name: /Maya/ }).waitFor();
    await screenshot(admin, "challenge-detail-staff");

    // the member's open page follows by itself (no reload): completed; then 40 more points to spend
    await kindness.getByText("Completed").waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await gotoSettled(page, "/store");
    await page.getByLabel("740 points to spend").waitFor();
    expect(found).toEqual([]);
    expect(suite.errors).toEqual([]);
  }, 240_000);
});
