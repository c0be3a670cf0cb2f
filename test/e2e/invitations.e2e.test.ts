import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "./axe";
import { signedInPage } from "./check-in-helpers";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { gotoSettled } from "./page-helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * A coach invitation (decision 063) in real Chromium, from sending to the coach's first sign-in: the admin
 * invites a new coach from the coach group's list (Invite, then the row says Invited), the mail's link is
 * read from mail_outbox, the coach opens it in a browser of their own, sets a password and their phone
 * number and lands on / signed in; the same link then says 'Token expired'. Axe on the accept page at
 * desktop and phone.
 */
describe("a coach invitation, from sending to first sign-in", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let invitee: BrowserContext | undefined;
  const errors: string[] = [];
  let admin: Page;
  let coachGroupId: string;

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    ({ context, page: admin } = await signedInPage(browser, app.baseUrl, "admin@northside.demo", errors));
    const groups = (await (await admin.request.get("/api/user/role")).json()) as { data: { id: string; name: string }[] };
    coachGroupId = groups.data.find((g) => g.name === "COACH")!.id;
  }, 180_000);
  afterAll(async () => {
    await invitee?.close().catch(() => undefined);
    await context?.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it("invites from the list, accepts through the mailed link, signs in; axe at desktop and phone", async () => {
    const found: string[] = [];
    const email = `quinn.${Date.now().toString(36)}@northside.demo`;
    const csrf = ((await (await admin.request.get("/api/auth/csrf")).json()) as { csrf: string }).csrf;
    const created = await admin.request.post("/api/user", { data: { first_name: "Quinn", last_name: "Abara", email, user_group_id: coachGroupId, status: "Active" }, headers: { "x-csrf-token": csrf } });
    expect(created.status(), await created.text()).toBe(200);

    await admin.setViewportSize(DESKTOP);
    await gotoSettled(admin, `/user/${coachGroupId}?search=Abara`);
    const row = admin.getByTestId("user-row").filter({ hasText: "Quinn Abara" });
    await row.waitFor();
    expect(await row.getByTestId("user-invitation").textContent()).toBe("Pending");
    await row.getByRole("button", { name: "Invite Quinn Abara" }).click();
    await admin.getByText("Invitation successfully created").first().waitFor();
    await row.getByTestId("user-invitation").filter({ hasText: "Invited" }).waitFor();
    expect(await row.getByRole("button", { name: "Revoke the invitation of Quinn Abara" }).count()).toBe(1);
    found.push(...(await audit(admin, "user list with invitations @1280")));

    // the mail in the outbox carries the absolute link
    const db = new pg.Client({ connectionString: app!.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ body: string }>("select body from mail_outbox where to_address = $1 order by id desc limit 1", [email]).finally(() => db.end());
    const link = new URL(/https?:\/\/\S+\/user\/invite\/\S+/.exec(rows[0]!.body)![0]);
    const path = `${link.pathname}${link.search}`;

    invitee = await browser!.newContext({ viewport: DESKTOP, baseURL: app!.baseUrl });
    const coach = await invitee.newPage();
    coach.on("pageerror", (error) => errors.push(`invitee: ${error.message}`));
    await gotoSettled(coach, path);
    await coach.getByRole("heading", { name: "Accept your invitation", level: 1 }).waitFor();
    expect(await coach.getByTestId("invitation-organization").textContent()).toContain("Northside Youth Centre");
    expect(await coach.getByLabel("First name").inputValue()).toBe("Quinn");
    found.push(...(await audit(coach, "accept invitation @1280")));
    await coach.setViewportSize(PHONE);
    const overflow = await coach.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "sideways scroll at 390").toBeLessThanOrEqual(0);
    found.push(...(await audit(coach, "accept invitation @390")));
    await screenshot(coach, "invitation-accept-phone");
    await coach.setViewportSize(DESKTOP);

    // the browser's schema first (passwords that differ), then the real thing
    await coach.getByLabel("Phone number").fill("416 555 0166");
    await coach.getByLabel("Password", { exact: true }).fill("quinn-coaches-well");
    await coach.getByLabel("Confirm password").fill("something-else");
    await coach.getByRole("button", { name: "Accept Invitation" }).click();
    await coach.getByText("The passwords do not match").waitFor();
    await coach.getByLabel("Confirm password").fill("quinn-coaches-well");
    await coach.getByRole("button", { name: "Accept Invitation" }).click();
    await coach.waitForURL((url) => url.pathname === "/");
    const session = (await (await coach.request.get("/api/auth/session")).json()) as { user: { id: string } | null };
    expect(session.user).not.toBeNull();

    // the link works once
    await gotoSettled(coach, path);
    await coach.getByRole("heading", { name: "Token expired", level: 1 }).waitFor();
    found.push(...(await audit(coach, "token expired @1280")));

    // the list says Accepted
    await waitForProjections(app!.baseUrl);
    await gotoSettled(admin, `/user/${coachGroupId}?search=Abara`);
    await admin.getByTestId("user-row").filter({ hasText: "Quinn Abara" }).getByTestId("user-invitation").filter({ hasText: "Accepted" }).waitFor();
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
