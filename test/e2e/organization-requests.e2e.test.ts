import type { Browser, BrowserContext, Page } from "playwright-core";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audit } from "./axe";
import { signedInPage } from "./check-in-helpers";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";
import { gotoSettled } from "./page-helpers";
import { testServices } from "../support/services";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * An organization request (decision 067) in real Chromium: a visitor fills the public form at
 * /requests/organization/new (a name taken is said on its field first), the superadmin approves it from
 * /requests/organization, the new organization appears on /organization and is deactivated there; the superadmin
 * creates an invited granter on /granters and edits it; a deactivated organization is reactivated; the superadmin
 * enters Maple Street School from /organization (decision 069: the banner on the dashboard and /participants) and
 * leaves it. Axe on the pages at desktop and phone.
 */
describe("an organization request, from the public form to the organization list", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let visitor: BrowserContext | undefined;
  let context: BrowserContext | undefined;
  const errors: string[] = [];
  let superadmin: Page;

  beforeAll(async () => {
    const redis = new Redis((await testServices()).redisUrl);
    const keys = await redis.keys("rollcall:ratelimit:organization-request:ip:*");
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    ({ context, page: superadmin } = await signedInPage(browser, app.baseUrl, "superadmin@northside.demo", errors));
  }, 180_000);
  afterAll(async () => {
    await visitor?.close().catch(() => undefined);
    await context?.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  const both = async (page: Page, name: string) => {
    const found: string[] = [];
    await page.setViewportSize(DESKTOP);
    found.push(...(await audit(page, `${name} @1280`)));
    await page.setViewportSize(PHONE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name}: sideways scroll at 390`).toBeLessThanOrEqual(0);
    found.push(...(await audit(page, `${name} @390`)));
    await page.setViewportSize(DESKTOP);
    return found;
  };

  it("requests, approves, lists; axe at desktop and phone", async () => {
    const found: string[] = [];
    const name = `Cedar Grove Club ${Date.now().toString(36)}`;
    visitor = await browser!.newContext({ viewport: DESKTOP, baseURL: app!.baseUrl });
    const page = await visitor.newPage();
    page.on("pageerror", (error) => errors.push(`visitor: ${error.message}`));
    await gotoSettled(page, "/requests/organization/new");
    await page.getByRole("heading", { name: "Request an Organization", level: 1 }).waitFor();
    found.push(...(await both(page, "organization request form")));

    const fill = async (org: string) => {
      await page.getByLabel("Name", { exact: true }).fill(org);
      await page.getByLabel("Type").selectOption("other");
      await page.getByLabel("Street Address").fill("7 Cedar Lane");
      await page.getByLabel("City").fill("Calgary");
      await page.getByLabel("Province/State").fill("Alberta");
      await page.getByLabel("Postal Code").fill("T2P 1J9");
      await page.getByLabel("First Name").fill("Cora");
      await page.getByLabel("Last Name").fill("Lind");
      await page.getByLabel("E-mail").fill(`cora.${Date.now().toString(36)}@example.org`);
      await page.getByLabel("Phone Number").fill("403 555 0110");
      await page.getByRole("button", { name: "Send Request" }).click();
    };
    await fill("Northside Youth Centre");
    await page.getByText("An organization with this name exists already").waitFor();
    await fill(name);
    await page.getByText("Organization Request successfully created").waitFor();

    await gotoSettled(superadmin, `/requests/organization?status=Pending&search=${encodeURIComponent(name)}`);
    const row = superadmin.getByTestId("organization-request-row").filter({ hasText: name });
    await row.waitFor();
    found.push(...(await both(superadmin, "organization requests")));
    await row.getByRole("button", { name: `Approve ${name}` }).click();
    await superadmin.getByText("Organization Request successfully approved").first().waitFor();

    await waitForProjections(app!.baseUrl);
    await gotoSettled(superadmin, `/organization?search=${encodeURIComponent(name)}`);
    await superadmin.getByTestId("organization-row").filter({ hasText: name }).waitFor();
    found.push(...(await both(superadmin, "organizations")));
    const orgRow = superadmin.getByTestId("organization-row").filter({ hasText: name });
    await orgRow.getByRole("button", { name: `Deactivate ${name}` }).click();
    await superadmin.getByText("Organization successfully deactivated").first().waitFor();
    await superadmin.getByTestId("organization-row").filter({ hasText: name }).getByText("Deactivated").waitFor();
    // and reactivated (decision 069)
    await superadmin.getByRole("button", { name: `Reactivate ${name}` }).click();
    await superadmin.getByText("Organization successfully reactivated").first().waitFor();
    await superadmin.getByTestId("organization-row").filter({ hasText: name }).getByText("Active").waitFor();

    // a superadmin creates one directly
    const direct = `Birch Hill Club ${Date.now().toString(36)}`;
    await superadmin.getByText("New Organization").click();
    for (const [label, value] of [
      ["Name", direct],
      ["Street Address", "3 Birch Road"],
      ["City", "Regina"],
      ["Province/State", "Saskatchewan"],
      ["Postal Code", "S4P 3Y2"],
      ["Contact First Name", "Bea"],
      ["Contact Last Name", "Holm"],
      ["Contact E-mail", `bea.${Date.now().toString(36)}@example.org`],
      ["Contact Phone Number", "306 555 0123"],
    ] as const) {
      await superadmin.getByLabel(label, { exact: true }).fill(value);
    }
    await superadmin.getByRole("button", { name: "Create Organization" }).click();
    await superadmin.getByText("Organization successfully created").first().waitFor();
    await gotoSettled(superadmin, `/organization?search=${encodeURIComponent(direct)}`);
    await superadmin.getByTestId("organization-row").filter({ hasText: direct }).waitFor();
    // and edits it
    await superadmin.getByRole("link", { name: `Edit ${direct}` }).click();
    await superadmin.getByRole("heading", { name: `Edit ${direct}` }).waitFor();
    await superadmin.locator("#edit-city").fill("Saskatoon");
    await superadmin.locator("#edit-postal_code").fill("S7K 1J5");
    await superadmin.getByRole("button", { name: "Save" }).click();
    await superadmin.getByText("Organization successfully updated").first().waitFor();
    await superadmin.getByTestId("organization-row").filter({ hasText: "Saskatoon" }).waitFor();

    // /granters: the superadmin creates a granter, who is invited
    const email = `gale.${Date.now().toString(36)}@example.org`;
    await gotoSettled(superadmin, "/granters");
    await superadmin.getByLabel("First Name").fill("Gale");
    await superadmin.getByLabel("Last Name").fill("Okafor");
    await superadmin.getByLabel("E-mail", { exact: true }).fill(email);
    await superadmin.getByRole("button", { name: "Create and Invite" }).click();
    await superadmin.getByText("Granter successfully created").first().waitFor();
    await superadmin.getByTestId("granter-row").filter({ hasText: email }).getByText("Invited").waitFor();
    found.push(...(await both(superadmin, "granters")));
    // and edits them (decision 069)
    await superadmin.getByRole("link", { name: "Edit Gale Okafor" }).click();
    await superadmin.getByRole("heading", { name: "Edit Gale Okafor" }).waitFor();
    await superadmin.locator("#edit-granter-last_name").fill("Okafor-Reyes");
    await superadmin.locator("#edit-granter-phone_number").fill("204 555 0177");
    await superadmin.getByRole("button", { name: "Save" }).click();
    await superadmin.getByText("Granter successfully updated").first().waitFor();
    await superadmin.getByTestId("granter-row").filter({ hasText: "Okafor-Reyes" }).waitFor();
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("enters another organization from /organization: the banner on every page, axe at desktop and phone; leaves (decision 069)", async () => {
    const found: string[] = [];
    await gotoSettled(superadmin, "/organization?search=Maple%20Street%20School");
    await superadmin.getByRole("button", { name: "Enter Maple Street School" }).click();
    const banner = superadmin.getByRole("region", { name: "Superadmin in another organization" });
    await banner.getByText("You are in Maple Street School as a superadmin of Northside Youth Centre.").waitFor();
    await superadmin.getByText("You are now in Maple Street School as a superadmin").first().waitFor();
    found.push(...(await both(superadmin, "dashboard inside another organization")));

    // the participants are Maple's now, and the banner stays
    await gotoSettled(superadmin, "/participants");
    await banner.waitFor();
    found.push(...(await both(superadmin, "participants inside another organization")));
    await gotoSettled(superadmin, "/organization?search=Maple%20Street%20School");
    await superadmin.getByTestId("organization-row").filter({ hasText: "Maple Street School" }).getByText("You are here").waitFor();

    await banner.getByRole("button", { name: "Leave Maple Street School" }).click();
    await superadmin.getByText("You are back in Northside Youth Centre").first().waitFor();
    await gotoSettled(superadmin, "/participants");
    expect(await superadmin.getByTestId("acting-as-banner").count()).toBe(0);
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
