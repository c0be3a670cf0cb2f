import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { testServices } from "../support/services";
import { audit, VIEWPORTS } from "./axe";
import { signedInPage } from "./check-in-helpers";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { gotoSettled } from "./page-helpers";

/**
 * Self-registration in the browser (decision 052): the "register a member as a parent" flow. The
 * demo parent chooses Maya, registers her to a program, meets the waitlist and an eligibility refusal,
 * sees her registrations, withdraws; registers her to an event. Three sizes, axe, screenshots.
 */
describe("self-registration: a parent registers their child", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const problems: string[] = [];
  let parent: Page;

  const card = (page: Page, name: string) => page.getByTestId("program-option").filter({ has: page.getByRole("heading", { name, exact: true }) });
  const place = (page: Page, name: string) => page.getByTestId("place").filter({ has: page.getByRole("heading", { name, exact: true }) });
  const noSidewaysScroll = async (page: Page, width: number) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `sideways scroll at ${width}`).toBeLessThanOrEqual(0);
  };

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    const signed = await signedInPage(browser, app.baseUrl, "parent@northside.demo", errors);
    contexts.push(signed.context);
    parent = signed.page;
    // an upcoming event with places (the demo's Winter Camp is full)
    await clearSignInLimits((await testServices()).redisUrl);
    const admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    const start = new Date(Date.now() + 12 * 86_400_000);
    const created = await admin.request("POST", "/api/appointment/event", {
      body: { name: "Aquarium Visit", description: "Sharks, rays and a touch tank.", start_date: start.toISOString(), end_date: new Date(start.getTime() + 5 * 3_600_000).toISOString(), capacity: 12, location: "Harbourfront" },
    });
    expect(created.status, await created.clone().text()).toBe(200);
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it("shows /program-registration at 1280, 820 and 390 px: the subtitle, the children, the program cards; axe finds nothing serious", async () => {
    for (const size of VIEWPORTS) {
      await parent.setViewportSize(size);
      await gotoSettled(parent, "/program-registration");
      await parent.getByRole("heading", { name: "Program Registration", level: 1 }).waitFor();
      await parent.getByText("Choose a program for the season. Places are kept in the order you register.").waitFor();
      expect(await parent.getByTestId("child-chooser").getByRole("link").count()).toBe(2);
      expect(await parent.getByTestId("program-option").count()).toBeGreaterThanOrEqual(6);
      await card(parent, "Coding Club").getByText(/^Full — join the waitlist/).waitFor();
      await noSidewaysScroll(parent, size.width);
      problems.push(...(await audit(parent, `program registration @${size.width}`)));
      await screenshot(parent, `self-registration-programs-${size.width}x${size.height}`);
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("registers Maya to a program, shows the waitlist's number and an eligibility refusal, lists her places, withdraws", async () => {
    await parent.setViewportSize({ width: 1280, height: 800 });
    await gotoSettled(parent, "/program-registration");
    await parent.getByTestId("child-chooser").getByRole("link", { name: /^Maya / }).click();
    await parent.waitForURL(/participant=/);
    await parent.getByRole("heading", { name: "Maya's programs", level: 2 }).waitFor();

    const art = card(parent, "Open Art Studio");
    await art.getByRole("button", { name: "Register for Open Art Studio, Maya" }).click();
    await art.getByTestId("registration-answer").getByText("Registration successfully created").waitFor();
    await art.getByTestId("held").getByText("Maya: registered").waitFor();
    await place(parent, "Open Art Studio").getByText("Registered").waitFor();

    const coding = card(parent, "Coding Club");
    await coding.getByRole("button", { name: "Join the waitlist for Coding Club, Maya" }).click();
    await coding.getByTestId("registration-answer").getByText(/^The program is full: the participant is number \d+ on the waitlist\.$/).waitFor();
    await place(parent, "Coding Club").getByText(/^Waitlist: number \d+$/).waitFor();

    const basketball = card(parent, "Girls Basketball");
    await basketball.getByRole("button", { name: /^(Register|Join the waitlist) for Girls Basketball, Maya$/ }).click();
    await basketball.locator('[data-testid=registration-answer][data-tone="red"]').getByText("This program is for ages 10 to 17; the participant is 9.").waitFor();
    problems.push(...(await audit(parent, "program registration with answers")));
    // full-page shots from the top: scrolled, the sticky shell would be drawn mid-page
    await parent.evaluate(() => window.scrollTo(0, 0));
    await screenshot(parent, "self-registration-programs-answers");
    await parent.setViewportSize({ width: 390, height: 844 });
    await parent.evaluate(() => window.scrollTo(0, 0));
    await screenshot(parent, "self-registration-programs-answers-phone");
    await parent.setViewportSize({ width: 1280, height: 800 });

    for (const name of ["Open Art Studio", "Coding Club"]) {
      await place(parent, name).getByRole("button", { name: `Withdraw Maya from ${name}` }).click();
      const dialog = parent.getByRole("alertdialog");
      await dialog.getByRole("heading", { name: `Withdraw Maya from ${name}?` }).waitFor();
      if (name === "Open Art Studio") {
        problems.push(...(await audit(parent, "withdraw dialog")));
        await screenshot(parent, "self-registration-withdraw-dialog");
      }
      await dialog.getByRole("button", { name: "Withdraw", exact: true }).click();
      await parent.getByTestId("places-list").getByText("Registration successfully deleted").waitFor();
      await place(parent, name).waitFor({ state: "detached" });
    }
    await card(parent, "Open Art Studio").getByRole("button", { name: "Register for Open Art Studio, Maya" }).waitFor();
    expect(problems, problems.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("registers Maya to an event on /event-registration at three sizes, with axe", async () => {
    for (const size of VIEWPORTS) {
      await parent.setViewportSize(size);
      await gotoSettled(parent, "/event-registration");
      await parent.getByRole("heading", { name: "Event Registration", level: 1 }).waitFor();
      await parent.getByText("Trips and special days: register before the event fills up.").waitFor();
      await parent.getByTestId("event-option").filter({ hasText: "Winter Camp" }).getByText("Full").waitFor();
      await noSidewaysScroll(parent, size.width);
      problems.push(...(await audit(parent, `event registration @${size.width}`)));
      await screenshot(parent, `self-registration-events-${size.width}x${size.height}`);
    }
    await parent.setViewportSize({ width: 820, height: 1180 });
    await parent.getByTestId("child-chooser").getByRole("link", { name: /^Maya / }).click();
    await parent.waitForURL(/participant=/);
    const aquarium = parent.getByTestId("event-option").filter({ has: parent.getByRole("heading", { name: "Aquarium Visit", exact: true }) });
    await aquarium.getByRole("button", { name: "Register for Aquarium Visit, Maya" }).click();
    await aquarium.getByTestId("registration-answer").getByText("Registration successfully created").waitFor();
    await place(parent, "Aquarium Visit").waitFor();
    await screenshot(parent, "self-registration-events-registered");
    problems.push(...(await audit(parent, "event registered")));
    expect(problems, problems.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("tells a participant who has a parent that the parent registers them, on both pages", async () => {
    const signed = await signedInPage(browser!, app!.baseUrl, "child1@northside.demo", errors);
    contexts.push(signed.context);
    const child = signed.page;
    for (const [path, title] of [
      ["/program-registration", "Program Registration"],
      ["/event-registration", "Event Registration"],
    ] as const) {
      await gotoSettled(child, path);
      await child.getByRole("heading", { name: title, level: 1 }).waitFor();
      await child.getByTestId("registration-refused").getByText(/^Your parent or guardian registers you for programs and events\./).waitFor();
      expect(await child.getByTestId("program-option").count()).toBe(0);
    }
    problems.push(...(await audit(child, "registration refused")));
    await screenshot(child, "self-registration-refused");
    expect(problems, problems.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
