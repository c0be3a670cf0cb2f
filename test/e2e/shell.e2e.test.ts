import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../factories/demo-seed";
import { clearSignInLimits } from "../support/http-client";
import { testServices } from "../support/services";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { clearForgotPasswordLimit, outbox, settled } from "./page-helpers";

const SHOTS = "test/e2e/screenshots";
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe("shell, sign-in and the page guard", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  /** A fresh browser context (no cookies) and a page that records console errors. */
  async function freshPage(viewport = DESKTOP) {
    const context = await browser!.newContext({ viewport, baseURL: app!.baseUrl });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    return { page, errors };
  }

  /** Every test server signs in from 127.0.0.1 against the same Redis: the per-IP limit is cleared first. */
  async function fillLogin(page: Page, username: string, password = DEMO_PASSWORD) {
    await clearSignInLimits((await testServices()).redisUrl);
    await page.goto("/login", { waitUntil: "networkidle" });
    await page.getByLabel("Username or e-mail").fill(username);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log In" }).click();
  }

  /** Signs in through the /login form in a fresh context and waits for Home (a kiosk's Home is check-in: decision 097). */
  async function signIn(username: string, viewport = DESKTOP) {
    const session = await freshPage(viewport);
    await fillLogin(session.page, username);
    if (username.startsWith("kiosk@")) {
      await session.page.waitForURL(`${app!.baseUrl}/check-in`);
      return session;
    }
    await session.page.waitForURL(`${app!.baseUrl}/`);
    await session.page.getByRole("heading", { name: /^Welcome, / }).waitFor();
    return session;
  }

  const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
  const navLinks = (page: Page) => mainNav(page).locator(".rc-nav-item").allTextContents();
  const groupLabels = (page: Page) => mainNav(page).locator(".rc-nav-group-label").allTextContents();

  it("signs an admin in and shows the admin sidebar", async () => {
    const { page, errors } = await signIn("admin@northside.demo");
    expect(await page.title()).toBe("Northside Youth Centre | Home");
    await expect.poll(() => page.getByRole("region", { name: "Notifications" }).count()).toBe(1);

    const nav = mainNav(page);
    const organization = nav.getByRole("group", { name: "Organization" });
    expect(await organization.getByRole("link", { name: "User Groups" }).isVisible()).toBe(true);
    expect(await organization.getByRole("link", { name: "Customize Scoreboard" }).isVisible()).toBe(true);
    expect(await nav.getByRole("group", { name: "Users", exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByRole("img", { name: "Northside Youth Centre Logo" }).isVisible()).toBe(true);
    // no support e-mail in the demo organization: Get In Touch is a link to /help
    expect(await nav.getByRole("link", { name: "Get In Touch" }).getAttribute("href")).toBe("/help");

    // the welcome card: the organization and the role, nothing made up
    const card = page.getByRole("region", { name: "Northside Youth Centre" });
    expect(await card.getByText("Admins", { exact: true }).isVisible()).toBe(true);

    // the profile menu: full name, role, My Profile and Log Out of Account
    await page.getByRole("button", { name: /Profile menu of Adam Northside/ }).click();
    expect(await page.getByRole("menuitem", { name: "My Profile" }).isVisible()).toBe(true);
    expect(await page.getByRole("menuitem", { name: "Log Out of Account" }).isVisible()).toBe(true);
    await settled(page.getByRole("menu"));
    await screenshot(page, "admin-profile-menu", SHOTS);
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "hidden" });

    // Check Users In/Out opens 'What Would You Like To Do?'
    await page.getByRole("button", { name: "Check Users In/Out" }).click();
    const dialog = page.getByRole("dialog", { name: "What Would You Like To Do?" });
    await dialog.waitFor();
    expect(await dialog.getByRole("link", { name: "Check In Users" }).getAttribute("href")).toBe("/check-in?mode=in");
    expect(await dialog.getByRole("link", { name: "Check Out Users" }).getAttribute("href")).toBe("/check-in?mode=out");
    await settled(dialog);
    await screenshot(page, "admin-check-in-out-dialog", SHOTS);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await screenshot(page, "admin-home", SHOTS);
    expect(errors).toEqual([]);
  });

  it("shows a kiosk only Home, Check-in, Programs & Events and Schedule", async () => {
    // its Home is the check-in screen (decision 097), a full screen without the sidebar: the menu shows on its schedule
    const { page, errors } = await signIn("kiosk@northside.demo");
    expect(new URL(page.url()).pathname).toBe("/check-in");
    await page.goto("/programs-events", { waitUntil: "networkidle" });
    expect(await navLinks(page)).toEqual(["Home", "Check-in", "Schedule"]);
    expect(await groupLabels(page)).toEqual(["Programs & Events"]);
    expect(await page.getByRole("button", { name: "Check Users In/Out" }).count()).toBe(0);
    await page.getByRole("button", { name: /Profile menu of/ }).click();
    expect(await page.getByRole("menuitem", { name: "Log Out of Account" }).isVisible()).toBe(true);
    expect(await page.getByRole("menuitem", { name: "My Profile" }).count()).toBe(0);
    await settled(page.getByRole("menu"));
    await screenshot(page, "kiosk-profile-menu", SHOTS);
    await page.keyboard.press("Escape");
    await page.getByRole("menu").waitFor({ state: "hidden" });
    await screenshot(page, "kiosk-schedule", SHOTS);
    expect(errors).toEqual([]);
  });

  it("labels the users group CLASS with Students in a school", async () => {
    const { page, errors } = await signIn("admin@maple.demo");
    expect(await page.title()).toBe("Maple Street School | Home");
    const classGroup = mainNav(page).getByRole("group", { name: "CLASS", exact: true });
    expect(await classGroup.getByRole("link", { name: "Students" }).isVisible()).toBe(true);
    expect(await mainNav(page).getByRole("link", { name: "Messages" }).isVisible()).toBe(true);
    // school organizations have no Check Users In/Out button
    expect(await page.getByRole("button", { name: "Check Users In/Out" }).count()).toBe(0);
    await screenshot(page, "school-admin-home", SHOTS);
    expect(errors).toEqual([]);
  });

  it("shows a coach 'Forbidden Page' on /role, inside the shell", async () => {
    const { page } = await signIn("coach@northside.demo");
    const response = await page.goto("/role");
    expect(response?.status()).toBe(403);
    expect((await page.locator("main").innerText()).trim()).toBe("Forbidden Page");
    expect(await mainNav(page).isVisible()).toBe(true);
    await screenshot(page, "coach-role-forbidden", SHOTS);
  });

  it("sends an anonymous visitor of /role to /login", async () => {
    const { page } = await freshPage();
    await page.goto("/role");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.title()).toBe("Login");
    await screenshot(page, "anonymous-login", SHOTS);
  });

  it("lands an unknown path on the 404 page", async () => {
    const { page } = await freshPage();
    const response = await page.goto("/no-such-page/at-all");
    expect(new URL(page.url()).pathname).toBe("/404-page-not-found");
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe("404 - Page Not Found");
    expect(await page.getByRole("heading", { name: "404 - Page Not Found", level: 1 }).isVisible()).toBe(true);
    await screenshot(page, "not-found", SHOTS);
  });

  it("refuses a wrong password with the spec's message and status 400", async () => {
    const { page, errors } = await freshPage();
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login");
    await fillLogin(page, "admin@northside.demo", "not-the-password");
    expect((await answered).status()).toBe(400);
    await page.getByText("Incorrect username or password.").waitFor();
    await screenshot(page, "login-failed", SHOTS);
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
  });

  it("slides the sidebar in on a phone and closes it on Escape", async () => {
    const { page } = await signIn("admin@northside.demo", PHONE);
    const sidebar = page.locator("#rc-sidebar");
    expect(await sidebar.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => sidebar.isVisible()).toBe(true);
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    expect((await sidebar.boundingBox())?.width).toBe(320);
    await screenshot(page, "phone-sidebar-open", SHOTS);
    await page.keyboard.press("Escape");
    await expect.poll(() => sidebar.isVisible()).toBe(false);
    await screenshot(page, "phone-sidebar-closed", SHOTS);
  });

  it("logs out from the profile menu", async () => {
    const { page } = await signIn("organization@northside.demo");
    await page.getByRole("button", { name: /Profile menu of/ }).click();
    await page.getByRole("menuitem", { name: "Log Out of Account" }).click();
    await page.waitForURL(`${app!.baseUrl}/login`);
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("resets a password from the forgot-password link", async () => {
    const username = "participant@northside.demo";
    const { page, errors } = await freshPage();
    await clearForgotPasswordLimit();
    await page.goto("/forgot-password", { waitUntil: "networkidle" });
    await page.getByLabel("E-mail or username").fill(username);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("If an account matches, we sent a link to reset the password.").waitFor();

    // an unknown account gets the same answer and no mail
    await page.getByLabel("E-mail or username").fill("nobody@nowhere.demo");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("If an account matches, we sent a link to reset the password.").waitFor();
    await screenshot(page, "forgot-password-sent", SHOTS);

    // the demo outbox holds other messages (decision 059): only these two addresses are asked about
    const mails = (await outbox(app!.databaseUrl)).filter((m) => [username, "nobody@nowhere.demo"].includes(m.to_address));
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([[username, "Reset your Rollcall password"]]);
    const link = /\/reset-password\?token=[\w-]+&user=[0-9a-f-]{36}/.exec(mails[0]!.body)?.[0];
    expect(link).toBeDefined();

    await page.goto(link!, { waitUntil: "networkidle" });
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
    await page.getByLabel("Confirm new password").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.waitForURL(`${app!.baseUrl}/login`);
    await page.getByText("Your password was reset. Sign in with the new password.").waitFor();
    await screenshot(page, "password-reset-toast", SHOTS);

    // the link works once
    await page.goto(link!, { waitUntil: "networkidle" });
    await page.getByLabel("New password", { exact: true }).fill("another-new-password");
    await page.getByLabel("Confirm new password").fill("another-new-password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByText("This reset link is invalid or has expired. Ask for a new one.").waitFor();

    await waitForProjections(app!.baseUrl);
    await fillLogin(page, username, "a-brand-new-password");
    await page.waitForURL(`${app!.baseUrl}/`);
    expect(errors.filter((e) => !e.includes("status of 400"))).toEqual([]);
  });
});
