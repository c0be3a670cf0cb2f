import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HealthReport } from "../../modules/kernel";
import { launchBrowser, startApp, type RunningApp } from "./harness";
import { signIn } from "./page-helpers";
import { audit, VIEWPORTS } from "./axe";
import { DEMO_PASSWORD } from "../factories/demo-seed";
import { solidPng } from "../support/craft-zip";

const SCREENSHOTS = fileURLToPath(new URL("./screenshots", import.meta.url));
const ADMIN = "admin@northside.demo";

async function shot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true });
  // from the top: a focused field may have scrolled the page (or an open dialog), and the shell's header is sticky
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    for (const scroller of document.querySelectorAll(".rt-DialogScroll, .rt-AlertDialogScroll")) scroller.scrollTo(0, 0);
  });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The demo seed is appended at start; its accounts can sign in once the projections have caught up. */
async function waitForProjections(baseUrl: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const report = (await (await fetch(`${baseUrl}/api/health`)).json()) as HealthReport;
    if (report.projections.length > 0 && report.projections.every((p) => p.lag === 0)) return;
    if (Date.now() > deadline) throw new Error(`projections still behind: ${JSON.stringify(report.projections)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Signs in through /api/auth/csrf + /api/auth/login with the page's own cookie jar. Every test server
 * signs in from 127.0.0.1 against the same Redis, so the per-IP limit is cleared first.
 */
const toast = (page: Page, text: string) => page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });
const row = (table: Locator, name: string) => table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name, exact: true }) });

describe("admin pages: /role, /customize, /my-profile", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let baseUrl: string;
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    baseUrl = app.baseUrl;
    await waitForProjections(baseUrl);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await signIn(page, baseUrl, ADMIN);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("creates, edits and deletes a user group on /role", async () => {
    await page.goto(`${baseUrl}/role`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "User Groups", level: 1 }).waitFor();
    const table = page.getByRole("table");
    for (const name of ["Participants", "Parents", "Coaches", "Admins"]) await row(table, name).waitFor();
    await shot(page, "role-table");

    // the form refuses an empty group with the spec's messages, in the browser
    await page.getByRole("button", { name: "Create User Group" }).click();
    const dialog = page.getByRole("dialog", { name: "Create User Group" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Create User Group" }).click();
    for (const message of ["Name is required", "Level is required", "Icon is required", "Permission is required"]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    // an admin (level 3) may give levels 1-3 only
    await dialog.getByRole("combobox", { name: "Level" }).click();
    const options = await page.getByRole("option").allTextContents();
    expect(options).toEqual(["1 · Participant / Parent", "2 · Coach", "3 · Admin"]);
    await page.getByRole("option", { name: "1 · Participant / Parent" }).click();

    await dialog.getByLabel("Name", { exact: true }).fill("VOLUNTEERS");
    await dialog.getByLabel("Display Name").fill("Volunteers");
    await dialog.getByRole("radio", { name: "Volunteers" }).check();
    await dialog.getByRole("radio", { name: "Teal" }).check();
    await dialog.getByRole("checkbox", { name: "View schedule" }).check();
    // conform revalidates as the form changes: the errors go as the fields are filled in
    for (const message of ["Name is required", "Level is required", "Icon is required", "Permission is required"]) {
      expect(await dialog.getByText(message, { exact: true }).count(), message).toBe(0);
    }
    await shot(page, "role-create-dialog");
    await dialog.getByRole("button", { name: "Create User Group" }).click();
    await toast(page, "User Group successfully created").waitFor();
    await dialog.waitFor({ state: "detached" });
    const created = row(table, "Volunteers");
    await created.waitFor();
    expect(await created.getByRole("cell").allTextContents()).toEqual(["VOLUNTEERS", "1 · Participant / Parent", "Volunteers", "1", "EditDelete"]);

    // edit: the dialog opens with the group's values
    await created.getByRole("button", { name: "Edit Volunteers" }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit User Group" });
    await editDialog.waitFor();
    expect(await editDialog.getByLabel("Name", { exact: true }).inputValue()).toBe("VOLUNTEERS");
    expect(await editDialog.getByRole("checkbox", { name: "View schedule" }).isChecked()).toBe(true);
    expect(await editDialog.getByRole("checkbox", { name: "View inbox" }).isChecked()).toBe(false);
    expect(await editDialog.getByRole("combobox", { name: "Level" }).textContent()).toBe("1 · Participant / Parent");
    expect(await editDialog.getByRole("radio", { name: "Teal" }).isChecked()).toBe(true);
    await editDialog.getByLabel("Display Name").fill("Weekend Volunteers");
    await editDialog.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "User Group successfully updated").waitFor();
    await row(table, "Weekend Volunteers").waitFor();
    expect(await row(table, "Volunteers").count()).toBe(0);
    await shot(page, "role-updated");

    // delete after the confirmation
    await row(table, "Weekend Volunteers").getByRole("button", { name: "Delete Weekend Volunteers" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete User Group" });
    await confirm.getByText("Are you sure you want to delete Weekend Volunteers?", { exact: true }).waitFor();
    await shot(page, "role-delete-confirm");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "User Group successfully deleted").waitFor();
    await row(table, "Weekend Volunteers").waitFor({ state: "detached" });

    // a refusal shows the server's message
    await row(table, "Participants").getByRole("button", { name: "Delete Participants" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toast(page, "The PARTICIPANT group cannot be deleted").waitFor();
    await row(table, "Participants").waitFor();
    await shot(page, "role-refusal");
  });

  it("validates and saves the organization settings and the theme on /customize", async () => {
    await page.goto(`${baseUrl}/customize`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Customize Scoreboard", level: 1 }).waitFor();
    const name = page.getByLabel("Name", { exact: true });
    expect(await name.inputValue()).toBe("Northside Youth Centre");

    await name.fill("");
    // the address's required parts emptied too: each is asked for
    for (const label of ["Street Address", "City", "State", "Postal Code"]) await page.getByLabel(label, { exact: true }).fill("");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page.getByText("Name is required", { exact: true }).waitFor();
    for (const message of ["Street Address is required", "City is required", "State is required", "Postal Code is required"]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    await shot(page, "customize-errors");

    await name.fill("Northside Youth Centre");
    await page.getByLabel("Street Address").fill("12 Northside Road");
    await page.getByLabel("City").fill("Toronto");
    await page.getByLabel("State").fill("Ontario");
    await page.getByLabel("Postal Code").fill("M4B 1B3");
    // the time zone (decision 032): Toronto by default, Canada and the United States listed first
    const zone = page.getByLabel("Time Zone");
    expect(await zone.inputValue()).toBe("America/Toronto");
    expect(await zone.locator("optgroup").first().getAttribute("label")).toBe("Canada and the United States");
    expect(await zone.locator("option").first().getAttribute("value")).toBe("America/Vancouver");
    await zone.selectOption("America/Winnipeg");
    // a feature's switch shows and hides its fields (the demo has Events on: decision 052)
    const events = page.locator('[data-feature-fields="features.event.is_enabled"]');
    expect(await events.isVisible()).toBe(true);
    await page.getByRole("switch", { name: /^Events/ }).click();
    await events.waitFor({ state: "hidden" });
    await page.getByRole("switch", { name: /^Events/ }).click();
    await events.waitFor();
    await page.getByLabel("Event Subtitle").fill("Drop-in nights");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toast(page, "Organization successfully updated").waitFor();

    // the theme: the current colour is marked; another one saves at once
    expect(await page.getByRole("button", { name: "Purple #95358F" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Teal #12A594" }).click();
    await toast(page, "Theme successfully updated").waitFor();
    await page.getByText("Current colour: Teal #12A594").waitFor();
    expect(await page.getByRole("button", { name: "Teal #12A594" }).getAttribute("aria-pressed")).toBe("true");
    await shot(page, "customize-saved");

    // what was saved is what the API reads back
    const saved = (await (await page.request.get(`${baseUrl}/api/setting/organization`)).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({
      name: "Northside Youth Centre",
      main_color: "#12A594",
      address: { street_address: "12 Northside Road", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3" },
      is_member_check_in_or_out: true,
      features: { event: { is_enabled: true, event_subtitle: "Drop-in nights" } },
      time_zone: "America/Winnipeg",
    });
    // and the page shows it after a reload
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByLabel("Time Zone").inputValue()).toBe("America/Winnipeg");
  });

  it("edits the signed-in user's own name and password on /my-profile (decision 060), and passes axe at each size", async () => {
    await page.goto(`${baseUrl}/my-profile`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "My Profile", level: 1 }).waitFor();
    const account = page.locator('dl[aria-label="Account"]');
    for (const text of [ADMIN, "Northside Youth Centre"]) await account.getByText(text, { exact: true }).first().waitFor();
    await page.getByText("Admins", { exact: true }).first().waitFor();
    const firstName = page.getByLabel("First Name");
    expect(await firstName.inputValue()).toBe("Adam");

    // the name: saved, a toast, and the page (and the shell's menu) show the new one
    await firstName.fill("Adela");
    await page.getByRole("button", { name: "Save Details" }).click();
    await toast(page, "Profile successfully updated").waitFor();
    await page.getByTestId("profile-full-name").filter({ hasText: /^Adela / }).waitFor();

    // the photo: the upload flow, saved at once (decision 058), still there after a reload (checked below)
    const photo = page.getByTestId("profile-photo");
    await photo.getByTestId("photo-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: solidPng(96, 96, [40, 90, 160]) });
    await toast(page, "Photo successfully updated").waitFor();
    await photo.getByRole("img", { name: "Your photo" }).waitFor();

    // the password: a wrong current one is an error on that field; the right one changes it and keeps this session
    await page.getByLabel("Current password").fill("not-the-password");
    await page.getByLabel("New password", { exact: true }).fill("brand-new-password-1");
    await page.getByLabel("Confirm new password").fill("brand-new-password-1");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("The current password is incorrect", { exact: true }).waitFor();
    const found: string[] = [];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      // the page's own content: the /customize test above left the organization on a theme colour of its own choosing
      found.push(...(await audit(page, `my-profile @${viewport.name}`, "main")));
      if (viewport.name === "phone") await shot(page, "my-profile-phone");
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(found).toEqual([]);
    await page.getByLabel("Current password").fill(DEMO_PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("brand-new-password-1");
    await page.getByLabel("Confirm new password").fill("brand-new-password-1");
    await page.getByRole("button", { name: "Change Password" }).click();
    await toast(page, "Password successfully changed").waitFor();
    expect(await page.getByLabel("Current password").inputValue()).toBe("");
    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "My Profile", level: 1 }).waitFor();
    expect(await page.getByLabel("First Name").inputValue()).toBe("Adela");
    await page.getByTestId("profile-photo").getByRole("img", { name: "Your photo" }).waitFor();
    await shot(page, "my-profile");
    expect(pageErrors).toEqual([]);
    // the refused delete and the refused password answer 400, which the browser reports as failed loads; nothing else
    expect(consoleErrors.filter((text) => !/status of 400/.test(text))).toEqual([]);
  });
});
