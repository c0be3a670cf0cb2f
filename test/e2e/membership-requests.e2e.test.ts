import Redis from "ioredis";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFrom } from "../../modules/kernel";
import { HttpClient } from "../support/http-client";
import { testServices } from "../support/services";
import { audit } from "./axe";
import { signedInPage } from "./check-in-helpers";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { gotoSettled, settled } from "./page-helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const NORTHSIDE = idFrom("demo", "organization", "northside-youth-centre");

/**
 * A membership request approved end to end (decision 066) in real Chromium: a parent fills the public form (the
 * browser's schema first), the admin approves it on /requests behind its confirmation, the invitation link is read
 * from mail_outbox, the parent accepts it and signs in with the new password. Axe on the public form and /requests at
 * desktop and phone. A member's request (decision 068): approved into their own account, the invitation accepted,
 * their waiver signed as themselves on the step that follows (axe at desktop and phone), then home.
 */
describe("a membership request approved end to end", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let visitor: BrowserContext | undefined;
  const errors: string[] = [];
  let admin: Page;

  beforeAll(async () => {
    const redis = new Redis((await testServices()).redisUrl);
    const keys = await redis.keys("rollcall:ratelimit:membership-request:*");
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    ({ context, page: admin } = await signedInPage(browser, app.baseUrl, "admin@northside.demo", errors));
  }, 180_000);
  afterAll(async () => {
    await visitor?.close().catch(() => undefined);
    await context?.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  const noSidewaysScroll = async (page: Page, where: string) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `sideways scroll: ${where}`).toBeLessThanOrEqual(0);

  it("submits the public form, approves on /requests, accepts the mailed invitation, signs in; axe at desktop and phone", async () => {
    const found: string[] = [];
    const last = `Okafor${Date.now().toString(36)}`;
    const email = `pat.${Date.now().toString(36)}@example.org`;

    visitor = await browser!.newContext({ viewport: DESKTOP, baseURL: app!.baseUrl });
    const parent = await visitor.newPage();
    parent.on("pageerror", (error) => errors.push(`visitor: ${error.message}`));
    await gotoSettled(parent, `/invitation/request?organization=${NORTHSIDE}`);
    await parent.getByRole("heading", { name: "Membership Request", level: 1 }).waitFor();
    found.push(...(await audit(parent, "membership request @1280")));
    await parent.setViewportSize(PHONE);
    await noSidewaysScroll(parent, "membership request @390");
    found.push(...(await audit(parent, "membership request @390")));
    await screenshot(parent, "membership-request-phone");
    await parent.setViewportSize(DESKTOP);

    // the browser's schema first: the fields it asks for
    await parent.getByLabel("Who is this request for?").selectOption({ label: "My child (I am their parent or guardian)" });
    await parent.getByRole("button", { name: "Send Request" }).click();
    await parent.getByText("First name is required").waitFor();
    await parent.getByLabel("First name", { exact: true }).fill("Pat");
    await parent.getByLabel("Last name", { exact: true }).fill(last);
    await parent.getByLabel("E-mail").fill(email);
    await parent.getByLabel("Child's first name").fill("Kim");
    await parent.getByLabel("Child's last name").fill(last);
    await parent.getByLabel("Child's date of birth").fill("2016-05-30");
    await parent.getByLabel("Child's gender").selectOption("Male");
    // leaving the last field checks it again (its message goes, the layout settles) before the click
    await parent.getByRole("button", { name: "Send Request" }).focus();
    await parent.getByText("Child's date of birth is required").waitFor({ state: "detached" });
    await parent.getByRole("button", { name: "Send Request" }).click();
    await parent
      .getByText("Thank you. Your request has been sent")
      .waitFor({ timeout: 10_000 })
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\n${await parent.locator("main, body").first().innerText()}`);
      });

    // the admin approves it on /requests
    await gotoSettled(admin, `/requests?search=${last}`);
    const row = admin.getByTestId("request-row").filter({ hasText: `Pat ${last}` });
    await row.waitFor();
    found.push(...(await audit(admin, "requests @1280")));
    await admin.setViewportSize(PHONE);
    await noSidewaysScroll(admin, "requests @390");
    found.push(...(await audit(admin, "requests @390")));
    await admin.setViewportSize(DESKTOP);
    await row.getByRole("button", { name: `Approve Pat ${last}` }).click();
    const dialog = admin.getByRole("alertdialog");
    await dialog.getByText("an invitation is sent").waitFor();
    // the dialog fades in: axe measured its button's contrast half-way (the project's settled helper)
    await settled(dialog);
    found.push(...(await audit(admin, "approve dialog @1280")));
    await dialog.getByRole("button", { name: "Approve" }).click();
    await admin.getByText("Request successfully approved").first().waitFor();

    // the invitation's link from the outbox
    const db = new pg.Client({ connectionString: app!.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ body: string }>("select body from mail_outbox where to_address = $1 and kind = 'invitation' order by id desc limit 1", [email]).finally(() => db.end());
    const link = new URL(/https?:\/\/\S+\/invite\/\S+/.exec(rows[0]!.body)![0]);

    await gotoSettled(parent, `${link.pathname}${link.search}`);
    await parent.getByRole("heading", { name: "Accept your invitation", level: 1 }).waitFor();
    await parent.getByLabel("Password", { exact: true }).fill("pat-parents-well");
    await parent.getByLabel("Confirm password").fill("pat-parents-well");
    await parent.getByRole("button", { name: "Accept Invitation" }).click();
    await parent.waitForURL((url) => url.pathname === "/");

    // and signs in with the new password
    await waitForProjections(app!.baseUrl);
    const signIn = new HttpClient(app!.baseUrl);
    expect((await signIn.signIn(email, "pat-parents-well")).status).toBe(200);
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("a member's request approved → the invitation accepted → their waiver signed → home; axe on the waiver step at desktop and phone", async () => {
    const found: string[] = [];
    const last = `Mensah${Date.now().toString(36)}`;
    const email = `ama.${Date.now().toString(36)}@example.org`;

    const member = await browser!.newContext({ viewport: DESKTOP, baseURL: app!.baseUrl });
    try {
      const page = await member.newPage();
      page.on("pageerror", (error) => errors.push(`member: ${error.message}`));
      await gotoSettled(page, `/invitation/request?organization=${NORTHSIDE}`);
      await page.getByLabel("Who is this request for?").selectOption({ label: "Myself (I want to join)" });
      await page.getByLabel("First name", { exact: true }).fill("Ama");
      await page.getByLabel("Last name", { exact: true }).fill(last);
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Date of birth").fill("2010-04-12");
      await page.getByLabel("Gender").selectOption("Female");
      await page.getByRole("button", { name: "Send Request" }).focus();
      await page.getByRole("button", { name: "Send Request" }).click();
      await page.getByText("Thank you. Your request has been sent").waitFor({ timeout: 10_000 });

      await gotoSettled(admin, `/requests?search=${last}`);
      const row = admin.getByTestId("request-row").filter({ hasText: `Ama ${last}` });
      await row.getByRole("button", { name: `Approve Ama ${last}` }).click();
      const dialog = admin.getByRole("alertdialog");
      await settled(dialog);
      await dialog.getByRole("button", { name: "Approve" }).click();
      await admin.getByText("Request successfully approved").first().waitFor();

      const db = new pg.Client({ connectionString: app!.databaseUrl });
      await db.connect();
      const { rows } = await db.query<{ body: string }>("select body from mail_outbox where to_address = $1 and kind = 'invitation' order by id desc limit 1", [email]).finally(() => db.end());
      const link = new URL(/https?:\/\/\S+\/invite\/\S+/.exec(rows[0]!.body)![0]);

      // staff see the account Invited on the participant's panel
      await gotoSettled(admin, `/participants?search=${last}`);
      await admin.getByRole("link", { name: `Edit Ama ${last}` }).click();
      const account = admin.getByTestId("participant-account");
      await account.getByTestId("participant-invitation-status").filter({ hasText: "Invited" }).waitFor();
      await account.getByRole("button", { name: `Resend the invitation to Ama ${last}` }).waitFor();

      await gotoSettled(page, `${link.pathname}${link.search}`);
      await page.getByRole("heading", { name: "Accept your invitation", level: 1 }).waitFor();
      await page.getByLabel("Password", { exact: true }).fill("ama-own-password");
      await page.getByLabel("Confirm password").fill("ama-own-password");
      await page.getByRole("button", { name: "Accept Invitation" }).click();
      // the last step: their own waiver, signed as themselves
      await page.waitForURL((url) => url.pathname.startsWith("/sign-waiver/") && url.searchParams.get("joining") === "1");
      await page.getByTestId("joining-step").waitFor();
      await settled(page.locator("main, body").first());
      found.push(...(await audit(page, "invitation waiver step @1280")));
      await page.setViewportSize(PHONE);
      await noSidewaysScroll(page, "invitation waiver step @390");
      found.push(...(await audit(page, "invitation waiver step @390")));
      await screenshot(page, "invitation-waiver-step-phone");
      await page.setViewportSize(DESKTOP);
      await page.getByLabel("Full Name").fill(`Ama ${last}`);
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Sign Waiver" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await page.getByTestId("own-waiver-signed").waitFor();
      expect(found, found.join("\n")).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await member.close().catch(() => undefined);
    }
  });
});
