import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFrom } from "../../modules/kernel";
import { demoOrganizations } from "../factories/demo-seed";
import { audit } from "./axe";
import { signedInPage } from "./check-in-helpers";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { gotoSettled } from "./page-helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const northside = demoOrganizations.find((o) => o.domain === "northside.demo")!;
/** parent@northside.demo's first child */
const mayaId = idFrom("demo", "participant", northside.id, "child", 1);

/**
 * The parents' page (decision 064) in real Chromium, one browser and one signed-in admin: the sidebar's
 * Parents link, a search for the demo parent with no children, Maya linked to her as a second guardian
 * through the participant search, then unlinked after the confirmation dialog; axe at desktop and phone
 * on the list and on the open panel, and no sideways scroll of the page on the phone. Then a parent with one
 * child (the demo co-parent) adds a second from their home: a date of birth in the future first.
 */
describe("the parents' page", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const errors: string[] = [];
  let admin: Page;

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    ({ context, page: admin } = await signedInPage(browser, app.baseUrl, "admin@northside.demo", errors));
  }, 180_000);
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it("links a child to a parent and unlinks it; axe at desktop and phone", async () => {
    const found: string[] = [];
    const maya = (await (await admin.request.get(`/api/participant/${mayaId}`)).json()) as { full_name: string; member_id: string };
    await admin.setViewportSize(DESKTOP);
    await gotoSettled(admin, "/user/parent");
    await admin.getByRole("heading", { name: "Parents", level: 1 }).waitFor();
    expect(await admin.locator('a[href="/user/parent"]').count()).toBeGreaterThan(0);
    expect(await admin.getByTestId("parent-row").count()).toBeGreaterThan(2);
    found.push(...(await audit(admin, "parents @1280")));

    // search (debounced): the demo parent with no child yet
    await admin.getByRole("searchbox", { name: "Search by name, e-mail or a child's name" }).fill("Haddad");
    await admin.waitForURL(/search=Haddad/);
    const noor = admin.getByTestId("parent-row").filter({ hasText: "Noor Haddad" });
    await noor.waitFor();
    // Noor is on the unfiltered first page too: wait for the filtered list, not only for her row
    await expect.poll(() => admin.getByTestId("parent-row").count(), { timeout: 10_000 }).toBe(1);
    expect(await noor.getByTestId("parent-children").textContent()).toBe("No children linked");

    // link Maya (already the demo parent's child: she gets a second guardian)
    await noor.getByRole("link", { name: "Manage Noor Haddad's children" }).click();
    const panel = admin.getByTestId("parent-panel");
    await panel.getByRole("heading", { name: "Noor Haddad's children" }).waitFor();
    await panel.getByRole("combobox", { name: "Link a child" }).fill(maya.full_name);
    await panel.getByRole("option").filter({ hasText: maya.member_id }).click();
    await panel.getByTestId("link-chosen").getByText(maya.full_name).waitFor();
    await panel.getByLabel("Relationship (optional)").fill("Aunt");
    await panel.getByRole("button", { name: `Link ${maya.full_name} to Noor Haddad` }).click();
    await admin.getByText("Child successfully linked").first().waitFor();
    await panel.getByTestId("parent-child").filter({ hasText: maya.full_name }).waitFor();
    expect(await panel.getByTestId("parent-child").filter({ hasText: "Aunt" }).count()).toBe(1);
    expect(await admin.getByTestId("parent-row").filter({ hasText: "Noor Haddad" }).getByTestId("parent-children").textContent()).toBe(maya.full_name);
    found.push(...(await audit(admin, "parent panel @1280")));
    await screenshot(admin, "parents-panel-desktop");
    // her first guardian keeps her
    expect(((await (await admin.request.get("/api/parent?search=parent%40northside.demo")).json()) as { data: { children: { id: string }[] }[] }).data[0]!.children.map((c) => c.id)).toContain(mayaId);

    // the phone: list and panel, no sideways scroll of the page
    await admin.setViewportSize(PHONE);
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "sideways scroll at 390").toBeLessThanOrEqual(0);
    found.push(...(await audit(admin, "parent panel @390")));
    await screenshot(admin, "parents-panel-phone");

    // unlink, after the confirmation dialog
    await panel.getByRole("button", { name: `Unlink ${maya.full_name}` }).click();
    const dialog = admin.getByRole("alertdialog");
    await dialog.getByText(`Unlink ${maya.full_name}?`).waitFor();
    found.push(...(await audit(admin, "unlink dialog @390")));
    await dialog.getByRole("button", { name: `Unlink ${maya.full_name}` }).click();
    await admin.getByText("Child successfully unlinked").first().waitFor();
    await panel.getByText("No children linked yet.").waitFor();
    await admin.setViewportSize(DESKTOP);
    await gotoSettled(admin, "/user/parent");
    await admin.setViewportSize(PHONE);
    found.push(...(await audit(admin, "parents @390")));
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("a parent adds a second child; axe at desktop and phone", async () => {
    const found: string[] = [];
    const own = await signedInPage(browser!, app!.baseUrl, "coparent@northside.demo", errors);
    const parent = own.page;
    try {
      await parent.setViewportSize(DESKTOP);
      await gotoSettled(parent, "/");
      await parent.getByTestId("family-cards").waitFor();
      expect(await parent.getByTestId("family-cards").locator(":scope > *").count()).toBe(1);
      await parent.getByRole("link", { name: "Add a child" }).click();
      const form = parent.getByTestId("add-child-form");
      await form.getByRole("heading", { name: "Add a child" }).waitFor();
      await form.getByLabel("First Name").fill("Idris");
      await form.getByLabel("Last Name").fill("Northside");
      await form.getByLabel("Date of Birth").fill(`${new Date().getUTCFullYear() + 1}-02-03`);
      await form.getByLabel("Gender").selectOption("Male");
      await form.getByLabel("Pick Up Permission").selectOption({ index: 1 });
      await form.getByRole("button", { name: "Add Child" }).click();
      await form.getByText("Date of Birth cannot be in the future").waitFor();
      found.push(...(await audit(parent, "add a child with errors @1280")));
      await parent.setViewportSize(PHONE);
      found.push(...(await audit(parent, "add a child @390")));
      const overflow = await parent.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "sideways scroll at 390").toBeLessThanOrEqual(0);
      await parent.setViewportSize(DESKTOP);
      await form.getByLabel("Date of Birth").fill("2018-06-21");
      await form.getByRole("button", { name: "Add Child" }).click();
      await parent.getByText("Child successfully added").first().waitFor();
      await parent.getByTestId("add-child-form").waitFor({ state: "detached" });
      await parent.getByTestId("family-cards").getByText("Idris").first().waitFor();
      expect(await parent.getByTestId("family-cards").locator(":scope > *").count()).toBe(2);
      await screenshot(parent, "parents-home-second-child");
      await parent.setViewportSize(PHONE);
      found.push(...(await audit(parent, "home with two children @390")));
      expect(found, found.join("\n")).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await own.context.close().catch(() => undefined);
    }
  });
});
