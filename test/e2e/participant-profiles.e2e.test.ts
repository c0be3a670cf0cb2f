import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARTICIPANT_STATUS_REASON_REQUIRED } from "../../modules/participants";
import { audit } from "./axe";
import { signedInPage } from "./check-in-helpers";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { gotoSettled } from "./page-helpers";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Participant profiles (decision 065) in real Chromium, one browser and one signed-in admin: the status
 * filter shows the demo's Alumni with their reasons; a participant created from /participants (the
 * browser's schema first: required fields, a postal code that does not fit the province), then edited to
 * Inactive with its reason; axe at desktop and phone on the list and the open form. Then (decision 070)
 * a registration field set Required on /customize is required on the participant form; axe on the section.
 */
describe("creating and editing participants on /participants", () => {
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

  it("filters by status, creates a participant after its errors, edits its status; axe at desktop and phone", async () => {
    const found: string[] = [];
    await admin.setViewportSize(DESKTOP);
    await gotoSettled(admin, "/participants");
    await admin.getByRole("heading", { name: "Participants", level: 1 }).waitFor();
    await admin.getByLabel("Status", { exact: true }).selectOption("Alumni");
    await admin.waitForURL(/status=Alumni/);
    // the list is dimmed (aria-busy) while the filtered page loads: axe would measure it half-transparent
    await admin.locator('[aria-busy="true"]').waitFor({ state: "detached" });
    await admin.getByTestId("status-reason").first().waitFor();
    // the list is dimmed while its data loads (the All list has reasons too): axe waits for the new one
    await admin.locator('[aria-busy="true"]').waitFor({ state: "detached" });
    found.push(...(await audit(admin, "participant list, Alumni @1280")));

    await gotoSettled(admin, "/participants");
    await admin.getByRole("link", { name: "Create Participant" }).click();
    const form = admin.getByTestId("participant-form");
    await form.waitFor();
    await form.getByRole("button", { name: "Create Participant" }).click();
    await form.getByText("First Name is required").waitFor();
    await form.getByLabel("First Name").fill("Wren");
    await form.getByLabel("Last Name").fill("Castellano");
    await form.getByLabel("Date of Birth").fill("2016-04-09");
    await form.getByLabel("Gender").selectOption("Non-binary");
    await form.getByLabel("Pick Up Permission").selectOption("Child may travel to and from the facility independently");
    await form.getByLabel("School Name").fill("Northside Public School");
    await form.getByLabel("Province or State").selectOption("Ontario");
    await form.getByLabel("Postal Code").fill("90210");
    await form.getByRole("button", { name: "Create Participant" }).click();
    await form.getByText("Postal Code does not fit Ontario").waitFor();
    expect(await form.getByLabel("Postal Code").getAttribute("aria-invalid")).toBe("true");
    found.push(...(await audit(admin, "participant form with errors @1280")));
    await admin.setViewportSize(PHONE);
    found.push(...(await audit(admin, "participant form @390")));
    await admin.setViewportSize(DESKTOP);
    await form.getByLabel("Postal Code").fill("M4B 1B3");
    await form.getByRole("button", { name: "Create Participant" }).click();
    await admin.getByText("Participant successfully created").first().waitFor();
    await admin.getByTestId("participant-form").waitFor({ state: "detached" });

    await gotoSettled(admin, "/participants?search=Wren%20Castellano");
    await admin.getByRole("link", { name: "Edit Wren Castellano" }).click();
    const edit = admin.getByTestId("participant-form");
    await edit.getByRole("heading", { name: "Edit Wren Castellano" }).waitFor();
    expect(await edit.getByLabel("Postal Code").inputValue()).toBe("M4B 1B3");
    // the photo goes through the upload flow, saved apart from the form
    await edit.getByTestId("participant-photo").getByRole("button", { name: "Upload Photo" }).waitFor();
    await edit.getByLabel("Status", { exact: true }).selectOption("Inactive");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText(PARTICIPANT_STATUS_REASON_REQUIRED).waitFor();
    await edit.getByLabel("Reason").fill("Family moved for the winter");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await admin.getByText("Participant successfully updated").first().waitFor();
    await admin.getByTestId("participant-form").waitFor({ state: "detached" });
    await admin.getByTestId("status-reason").filter({ hasText: "Family moved for the winter" }).waitFor();
    await screenshot(admin, "participant-profiles-desktop");

    await admin.setViewportSize(PHONE);
    await gotoSettled(admin, "/participants");
    await admin.getByRole("heading", { name: "Participants", level: 1 }).waitFor();
    found.push(...(await audit(admin, "participant list @390")));
    await screenshot(admin, "participant-profiles-phone");
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("sets a registration field Required on /customize and the participant form asks for it; axe on the section at desktop and phone", async () => {
    const found: string[] = [];
    const section = admin.getByRole("region", { name: "Registration Fields" });
    const setPhone = async (mode: "Required" | "Optional") => {
      await gotoSettled(admin, "/customize");
      await section.waitFor();
      const phone = section.getByRole("group", { name: "Phone Number" });
      await phone.getByRole("radio", { name: mode }).click();
      expect(await phone.getByRole("radio", { name: mode }).getAttribute("aria-checked")).toBe("true");
      await admin.getByRole("button", { name: "Save Settings" }).click();
      await admin.getByText("Organization successfully updated").first().waitFor();
    };
    await admin.setViewportSize(DESKTOP);
    await setPhone("Required");
    found.push(...(await audit(admin, "registration fields @1280", "section[aria-labelledby='registration-fields-heading']")));
    await admin.setViewportSize(PHONE);
    await gotoSettled(admin, "/customize");
    await section.waitFor();
    expect(await section.getByRole("group", { name: "Phone Number" }).getByRole("radio", { name: "Required" }).getAttribute("aria-checked")).toBe("true");
    await section.scrollIntoViewIfNeeded();
    found.push(...(await audit(admin, "registration fields @390", "section[aria-labelledby='registration-fields-heading']")));
    await screenshot(admin, "registration-fields-phone");

    try {
      await admin.setViewportSize(DESKTOP);
      await gotoSettled(admin, "/participants?edit=new");
      const form = admin.getByTestId("participant-form");
      await form.waitFor();
      await form.getByLabel("Phone Number (required)").waitFor();
      await form.getByLabel("First Name").fill("Soren");
      await form.getByLabel("Last Name").fill("Abernethy");
      await form.getByLabel("Date of Birth").fill("2015-02-11");
      await form.getByLabel("Gender").selectOption("Male");
      await form.getByLabel("Pick Up Permission").selectOption("Child may travel to and from the facility independently");
      await form.getByLabel("School Name").fill("Northside Public School");
      await form.getByRole("button", { name: "Create Participant" }).click();
      await form.getByText("Phone Number is required").waitFor();
      expect(await form.getByLabel("Phone Number (required)").getAttribute("aria-invalid")).toBe("true");
    } finally {
      await admin.setViewportSize(DESKTOP);
      await setPhone("Optional");
    }
    expect(found, found.join("\n")).toEqual([]);
    expect(errors).toEqual([]);
  });
});
