import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { testServices } from "../support/services";
import { checkInByApi, INDEPENDENT, loadMembers, memberPicker, signedInPage, type Member } from "./check-in-helpers";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";
import { settled } from "./page-helpers";
import { audit, VIEWPORTS } from "./axe";

describe("accessibility (axe-core): no serious or critical violation on any page", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let admin: Page;
  let kiosk: Page;
  let anonymous: Page;
  let member: Member;
  let pickUp: Member;

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    await clearSignInLimits((await testServices()).redisUrl);
    const api = new HttpClient(app.baseUrl);
    await api.signIn("admin@northside.demo");
    const pick = memberPicker(await loadMembers(api));
    member = pick((m) => m.is_waiver_signed);
    pickUp = pick((m) => m.is_waiver_signed && m.pick_up_permission !== INDEPENDENT && m.pickup_contacts.some((c) => c.can_pickup));
    await checkInByApi(api, pickUp.member_id);
    for (const [username, assign] of [
      ["admin@northside.demo", (p: Page) => (admin = p)],
      ["kiosk@northside.demo", (p: Page) => (kiosk = p)],
    ] as const) {
      const session = await signedInPage(browser, app.baseUrl, username, pageErrors);
      contexts.push(session.context);
      assign(session.page);
    }
    const context = await browser.newContext({ baseURL: app.baseUrl });
    contexts.push(context);
    anonymous = await context.newPage();
    anonymous.on("pageerror", (error) => pageErrors.push(`signed out: ${error.message}`));
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  /** Each path at each viewport; every violation of all of them in one failure message. */
  async function auditPages(page: Page, who: string, paths: string[]) {
    const found: string[] = [];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const path of paths) {
        await page.goto(path, { waitUntil: "networkidle" });
        found.push(...(await audit(page, `${who} ${path} @${viewport.name}`)));
      }
    }
    expect(found, found.join("\n")).toEqual([]);
  }

  it("the admin's pages", async () => {
    await auditPages(admin, "admin", [
      "/",
      "/check-in",
      "/participants",
      `/participants/${member.id}`,
      `/participants/${member.id}/audit`,
      "/user/flagged",
      "/exports",
      "/role",
      "/customize",
      "/my-profile",
      "/health",
      "/students",
      "/inbox",
      `/view-waiver/${member.id}`,
      "/no-such-page",
    ]);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it("the kiosk's pages", async () => {
    await auditPages(kiosk, "kiosk", ["/check-in", "/participants"]);
  }, 40_000);

  it("the signed-out pages", async () => {
    await auditPages(anonymous, "signed out", ["/login", "/forgot-password", "/reset-password", `/sign-waiver/${member.id}?token=expired`, "/no-such-page"]);
  }, 40_000);

  it("the check-in dialogs: the participant dialog and Picked Up By", async () => {
    const found: string[] = [];
    for (const viewport of VIEWPORTS) {
      await admin.setViewportSize(viewport);
      await admin.goto("/check-in", { waitUntil: "networkidle" });
      const row = admin.locator(`[data-testid="board-row"][data-member-id="${pickUp.member_id}"]`);
      await row.getByRole("button", { name: pickUp.full_name, exact: true }).click();
      const details = admin.getByTestId("participant-dialog");
      await details.getByText("Personal Info").waitFor();
      await settled(details);
      found.push(...(await audit(admin, `participant dialog @${viewport.name}`)));
      await details.getByRole("button", { name: "Done" }).click();
      await details.waitFor({ state: "hidden" });

      await row.getByRole("button", { name: `Check Out ${pickUp.full_name}` }).click();
      const pickedUpBy = admin.getByRole("dialog", { name: "Picked Up By" });
      await pickedUpBy.waitFor();
      await settled(pickedUpBy);
      found.push(...(await audit(admin, `Picked Up By @${viewport.name}`)));
      await pickedUpBy.getByRole("button", { name: "Cancel" }).click();
      await pickedUpBy.waitFor({ state: "hidden" });
    }
    expect(found, found.join("\n")).toEqual([]);
  }, 40_000);
});
