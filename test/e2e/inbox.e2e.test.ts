import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "./axe";
import { signedInPage } from "./check-in-helpers";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { gotoSettled, settled } from "./page-helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The inbox (decision 073) in real Chromium, two browsers: the coach writes to Maya (a child) from /inbox; her
 * parent, on another page in the other browser, sees the sidebar's badge rise live, opens the conversation (the
 * badge goes), reads why they are in it and replies; the coach's open conversation shows the reply live. axe on
 * the list, the new-message form and a conversation, at desktop and phone.
 */
describe("the inbox", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  let coach: Page;
  let parent: Page;

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    const c = await signedInPage(browser, app.baseUrl, "coach@northside.demo", errors);
    const p = await signedInPage(browser, app.baseUrl, "parent@northside.demo", errors);
    contexts.push(c.context, p.context);
    coach = c.page;
    parent = p.page;
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it("the coach writes to a child; the parent's badge rises live; the parent opens it and replies; the coach sees the reply", async () => {
    const found: string[] = [];
    await parent.setViewportSize(DESKTOP);
    await gotoSettled(parent, "/my-profile");
    const inboxLink = parent.getByRole("link", { name: /^Inbox( \d+ unread)?$/ });
    await inboxLink.first().waitFor();
    const before = Number(/(\d+) unread/.exec((await inboxLink.first().textContent()) ?? "")?.[1] ?? 0);

    await coach.setViewportSize(DESKTOP);
    await gotoSettled(coach, "/inbox");
    await coach.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
    found.push(...(await audit(coach, "inbox @1280")));
    await coach.getByRole("link", { name: "New Message" }).click();
    const compose = coach.getByTestId("compose");
    await compose.getByRole("heading", { name: "New Message" }).waitFor();
    // the browser's own messages first: nothing chosen, nothing written
    await compose.getByRole("button", { name: "Send" }).click();
    await compose.getByText("Choose at least one recipient").waitFor();
    await compose.getByText("Subject is required").waitFor();
    await compose.getByLabel("To").fill("Maya");
    await compose.getByRole("button", { name: "Add Maya Northside" }).click();
    await compose.getByRole("list", { name: "Recipients" }).getByText("Maya Northside").waitFor();
    await compose.getByLabel("Subject").fill("Soccer tonight");
    await compose.getByLabel("Message").fill("Soccer is cancelled tonight because of the storm.");
    found.push(...(await audit(coach, "new message @1280")));
    await screenshot(coach, "inbox-compose-desktop");
    await compose.getByRole("button", { name: "Send" }).click();
    await coach.waitForURL(/thread=/);
    const thread = coach.getByTestId("thread");
    await thread.getByRole("heading", { name: "Soccer tonight" }).waitFor();
    await thread.getByTestId("thread-members").getByText(/guardian of Maya Northside/).waitFor();

    // the parent's badge, live, without a reload
    await parent.getByRole("link", { name: `Inbox ${before + 1} unread` }).waitFor({ timeout: 15_000 });
    await parent.getByRole("link", { name: `Inbox ${before + 1} unread` }).click();
    await parent.getByRole("heading", { name: "Inbox", level: 1 }).waitFor();
    await parent.getByTestId("inbox-list").getByRole("link", { name: /Unread: Soccer tonight/ }).click();
    const opened = parent.getByTestId("thread");
    await opened.getByText("Soccer is cancelled tonight because of the storm.").waitFor();
    await opened.getByTestId("thread-members").getByText("You receive this conversation as the guardian of Maya Northside.").waitFor();
    // opened: read, the badge goes back
    if (before === 0) await parent.getByRole("link", { name: "Inbox", exact: true }).waitFor({ timeout: 10_000 });
    else await parent.getByRole("link", { name: `Inbox ${before} unread` }).waitFor({ timeout: 10_000 });
    await opened.getByLabel("Reply").fill("Thank you, we will stay home.");
    await opened.getByRole("button", { name: "Send Reply" }).click();
    await opened.getByText("Thank you, we will stay home.").waitFor();
    await settled(opened);
    found.push(...(await audit(parent, "conversation @1280")));
    await screenshot(parent, "inbox-conversation-desktop");

    // the coach's open conversation follows
    await thread.getByText("Thank you, we will stay home.").waitFor({ timeout: 15_000 });

    // a phone: the conversation first, then the list
    await parent.setViewportSize(PHONE);
    await parent.reload();
    await parent.getByTestId("thread").getByRole("heading", { name: "Soccer tonight" }).waitFor();
    found.push(...(await audit(parent, "conversation @390")));
    expect(await parent.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(parent, "inbox-conversation-phone");
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("the coach retracts their message behind a dialog; the parent reads the reason", async () => {
    await gotoSettled(coach, coach.url().replace(/^https?:\/\/[^/]+/, ""));
    const first = coach.getByTestId("message").filter({ hasText: "Soccer is cancelled tonight" });
    await first.getByRole("button", { name: "Retract" }).click();
    const dialog = coach.getByRole("alertdialog");
    await dialog.getByLabel("Reason").fill("The game is back on");
    await settled(dialog);
    const found = await audit(coach, "retract dialog");
    await dialog.getByRole("button", { name: "Retract" }).click();
    await coach.getByTestId("retracted").getByText("The game is back on").waitFor();
    await parent.getByTestId("retracted").getByText("The game is back on").waitFor({ timeout: 15_000 });
    const left = parent.getByText("Soccer is cancelled tonight because of the storm.");
    expect(await left.count(), await left.evaluateAll((els) => els.map((e) => e.outerHTML).join("\n"))).toBe(0);
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
