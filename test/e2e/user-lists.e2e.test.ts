import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_IN_USE, STATUS_REASON_REQUIRED } from "../../modules/identity";
import { audit } from "./axe";
import { signedInPage } from "./check-in-helpers";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { gotoSettled } from "./page-helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The staff user list (decision 061) in real Chromium, one browser and one signed-in admin: the coach
 * group's list from the sidebar's link, a search, a coach created in the panel (an e-mail in use shown on
 * its field first), then their status changed to Inactive with its reason; axe at desktop and phone on
 * the list and on the open form, and no sideways scroll of the page on the phone.
 */
describe("the staff user list page", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
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
    await context?.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it("lists, searches, creates a coach and changes their status; axe at desktop and phone", async () => {
    const found: string[] = [];
    await admin.setViewportSize(DESKTOP);
    await gotoSettled(admin, `/user/${coachGroupId}`);
    await admin.getByRole("heading", { name: "Coaches", level: 1 }).waitFor();
    // the sidebar's entry for the group links here
    expect(await admin.locator(`a[href="/user/${coachGroupId}"]`).count()).toBeGreaterThan(0);
    expect(await admin.getByTestId("user-row").count()).toBeGreaterThan(3);
    expect(await admin.getByTestId("user-invitation").filter({ hasText: "Pending" }).count()).toBeGreaterThan(0);
    found.push(...(await audit(admin, "user list @1280")));

    // search (debounced): one demo coach
    await admin.getByRole("searchbox", { name: "Search by name, e-mail or username" }).fill("Nakamura");
    await admin.waitForURL(/search=Nakamura/);
    await admin.getByTestId("list-count").filter({ hasText: "1 user matching 'Nakamura'" }).waitFor();
    const theo = admin.getByTestId("user-row");
    expect(await theo.count()).toBe(1);
    expect(await theo.getByTestId("user-status").textContent()).toBe("Alumni");
    await screenshot(admin, "user-list-search");

    // create: the browser's schema first, then an e-mail in use on its field, then the coach
    await gotoSettled(admin, `/user/${coachGroupId}`);
    await admin.getByRole("link", { name: "Create User" }).click();
    const form = admin.getByTestId("user-form");
    await form.waitFor();
    await form.getByRole("button", { name: "Create User" }).click();
    await form.getByText("First name is required").waitFor();
    await form.getByLabel("First Name").fill("Wren");
    await form.getByLabel("Last Name").fill("Castellano");
    await form.getByLabel("E-mail").fill("coach@northside.demo");
    await form.getByLabel("Phone Number").fill("416 555 0177");
    expect(await form.getByLabel("User Group").inputValue()).toBe(coachGroupId);
    await form.getByRole("button", { name: "Create User" }).click();
    await form.getByText(EMAIL_IN_USE).waitFor();
    expect(await form.getByLabel("E-mail").getAttribute("aria-invalid")).toBe("true");
    found.push(...(await audit(admin, "user form with errors @1280")));
    await admin.setViewportSize(PHONE);
    found.push(...(await audit(admin, "user form @390")));
    await admin.setViewportSize(DESKTOP);
    const email = `wren.${Date.now().toString(36)}@northside.demo`;
    await form.getByLabel("E-mail").fill(email);
    await form.getByRole("button", { name: "Create User" }).click();
    await admin.getByText("User successfully created").first().waitFor();
    await admin.getByTestId("user-form").waitFor({ state: "detached" });
    const wren = admin.getByTestId("user-row").filter({ hasText: "Wren Castellano" });
    await wren.waitFor();
    expect(await wren.getByTestId("user-invitation").textContent()).toBe("Pending");
    expect(await wren.getByTestId("user-status").textContent()).toBe("Active");

    // edit: Inactive needs its reason
    await wren.getByRole("link", { name: "Edit Wren Castellano" }).click();
    const edit = admin.getByTestId("user-form");
    await edit.getByRole("heading", { name: "Edit Wren Castellano" }).waitFor();
    await edit.getByLabel("Status").selectOption("Inactive");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText(STATUS_REASON_REQUIRED).waitFor();
    await edit.getByLabel("Reason").fill("Season ended");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await admin.getByText("User successfully updated").first().waitFor();
    await admin.getByTestId("user-form").waitFor({ state: "detached" });
    const inactive = admin.getByTestId("user-row").filter({ hasText: "Wren Castellano" });
    expect(await inactive.getByTestId("user-status").textContent()).toBe("Inactive");
    expect(await inactive.getByText("Season ended").count()).toBe(1);
    await screenshot(admin, "user-list-desktop");

    // the phone: the list, no sideways scroll of the page (the table scrolls in its own region)
    await admin.setViewportSize(PHONE);
    await gotoSettled(admin, `/user/${coachGroupId}`);
    await admin.getByRole("heading", { name: "Coaches", level: 1 }).waitFor();
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "sideways scroll at 390").toBeLessThanOrEqual(0);
    found.push(...(await audit(admin, "user list @390")));
    await screenshot(admin, "user-list-phone");
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
