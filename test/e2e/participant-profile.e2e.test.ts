import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFrom } from "../../modules/kernel";
import { PROFILE_TEXT } from "../../modules/participants/client";
import { demoOrganizations } from "../factories/demo-seed";

import { audit } from "./axe";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";
import { signIn } from "./page-helpers";

const SCREENSHOTS = fileURLToPath(new URL("./screenshots", import.meta.url));
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "tablet", width: 820, height: 1180 },
  { name: "phone", width: 390, height: 844 },
] as const;
const NORTHSIDE = demoOrganizations[1].id;
/** seeded (test/factories): a visitor with a stop flag, and a participant who never came */
const FLAGGED_VISITOR = idFrom("demo", "participant", NORTHSIDE, 27);
const NEVER_CAME = idFrom("demo", "participant", NORTHSIDE, 26);
/** a regular: more visits than one page holds */
const REGULAR = idFrom("demo", "participant", NORTHSIDE, 1);

async function shot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe("the participant profile (/participants/{id}) in the browser", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let baseUrl: string;
  const pageErrors: string[] = [];
  const violations: string[] = [];
  const tab = (name: string) => page.getByRole("tab", { name, includeHidden: true });
  const query = (key: string) => new URL(page.url()).searchParams.get(key);
  /** A tab, or on a phone the select that stands in for the tabs (spec-2 section 2). */
  async function openTab(name: string, phone: boolean) {
    if (!phone) return tab(name).click();
    await page.getByRole("combobox", { name: "Profile section" }).click();
    await page.getByRole("option", { name }).click();
    // the choices close with an animation; until they are gone the page behind is aria-hidden (axe would see it)
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await page.locator('[data-is-root-theme="true"][aria-hidden="true"]').waitFor({ state: "detached" });
  }

  beforeAll(async () => {
    app = await startApp();
    baseUrl = app.baseUrl;
    await waitForProjections(baseUrl);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: SIZES[0] });
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await signIn(page, baseUrl, "admin@northside.demo");
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const size of SIZES) {
    it(`opens each tab at ${size.width}x${size.height}: the tab is in the URL, rendered by the loader; axe finds no serious or critical violation`, async () => {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/participants/${FLAGGED_VISITOR}`, { waitUntil: "networkidle" });
      // Overview: flags with the reason, personal info, guardians, waiver
      expect(await tab("Overview").getAttribute("aria-selected")).toBe("true");
      await page.getByTestId("profile-flags").getByText("Stop flag").waitFor();
      expect(await page.getByTestId("header-flag").first().textContent()).toBe("Stop flag");
      expect(await page.getByTestId("profile-flag").count()).toBeGreaterThan(0);
      await page.getByTestId("profile-personal").getByText("Medical Considerations").waitFor();
      await page.getByTestId("profile-waiver").waitFor();
      expect(await tab("Points").count()).toBe(0);
      expect(await tab("Overview").isVisible()).toBe(size.name !== "phone");
      expect(await page.getByRole("combobox", { name: "Profile section" }).isVisible()).toBe(size.name === "phone");
      violations.push(...(await audit(page, `overview @${size.name}`)));
      await shot(page, `profile-overview-${size.name}`);

      // Visits: the history, newest first, with times and the security code; paged by links
      await openTab("Visits", size.name === "phone");
      await page.waitForURL((url) => url.searchParams.get("tab") === "visits");
      const visits = page.getByTestId("profile-visits");
      await visits.waitFor();
      const rowKind = size.name === "phone" ? "visit-card" : "visit-row";
      expect(await page.getByTestId(rowKind).count()).toBeGreaterThan(0);
      expect(await page.getByTestId(size.name === "phone" ? "visit-row" : "visit-card").first().isVisible().catch(() => false)).toBe(false);
      const first = (await page.getByTestId(rowKind).first().textContent()) ?? "";
      expect(first).toMatch(/\d{1,2}:\d{2} (AM|PM)/);
      await visits.getByText(/Times in .+\./).waitFor();
      if (size.name !== "phone") expect(await page.getByRole("columnheader").allTextContents()).toEqual(["Date", "Program", "Time In", "Time Out", "Picked Up By", "Security Code"]);
      violations.push(...(await audit(page, `visits @${size.name}`)));
      await shot(page, `profile-visits-${size.name}`);

      // Notes: today's notes (the seed wrote one for this visitor, and the flag's note), then every note
      await openTab("Notes", size.name === "phone");
      await page.waitForURL((url) => url.searchParams.get("tab") === "notes");
      const today = page.getByTestId("notes-today");
      await today.getByTestId("today-note").first().waitFor();
      await page.getByRole("button", { name: "Create Note" }).waitFor();
      violations.push(...(await audit(page, `notes @${size.name}`)));
      await shot(page, `profile-notes-${size.name}`);

      // Programs
      await openTab("Programs", size.name === "phone");
      await page.waitForURL((url) => url.searchParams.get("tab") === "programs");
      await page.getByTestId("profile-programs").waitFor();
      await page.getByRole("heading", { name: "Registered Programs" }).waitFor();
      violations.push(...(await audit(page, `programs @${size.name}`)));
      await shot(page, `profile-programs-${size.name}`);

      // Back returns to the tab before; a link opens a tab directly
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get("tab") === "notes");
      await page.getByRole("tab", { name: "Notes", selected: true, includeHidden: true }).waitFor({ state: "attached" });
      await page.getByTestId("notes-today").waitFor();
      await page.goto(`${baseUrl}/participants/${FLAGGED_VISITOR}?tab=visits`, { waitUntil: "networkidle" });
      expect(await tab("Visits").getAttribute("aria-selected")).toBe("true");
      expect(query("tab")).toBe("visits");
    }, 120_000);
  }

  for (const size of [SIZES[0], SIZES[2]]) {
    it(`pages through a regular's visits at ${size.width}x${size.height} with links (the page is in the URL)`, async () => {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl}/participants/${REGULAR}?tab=visits`, { waitUntil: "networkidle" });
      const status = page.getByTestId("visits-page");
      expect(await status.textContent()).toBe("Page 1 of 2");
      const kind = size.name === "phone" ? "visit-card" : "visit-row";
      expect(await page.getByTestId(kind).count()).toBe(10);
      const newest = await page.getByTestId(kind).first().textContent();
      await page.getByRole("link", { name: "Next" }).click();
      await page.waitForURL((url) => url.searchParams.get("page") === "2");
      await status.filter({ hasText: "Page 2 of 2" }).waitFor();
      // 12 past visits, and the demo family's visit of today when the seed gave one (decision 040)
      expect([2, 3]).toContain(await page.getByTestId(kind).count());
      expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
      violations.push(...(await audit(page, `visits page 2 @${size.name}`)));
      await shot(page, `profile-visits-page-2-${size.name}`);
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get("page") === null);
      await status.filter({ hasText: "Page 1 of 2" }).waitFor();
      expect(await page.getByTestId(kind).first().textContent()).toBe(newest);
    });
  }

  it("a participant who never came: the Visits tab says so, with no pages", async () => {
    await page.setViewportSize(SIZES[0]);
    await page.goto(`${baseUrl}/participants/${NEVER_CAME}?tab=visits`, { waitUntil: "networkidle" });
    expect(await page.getByTestId("visits-empty").textContent()).toBe(PROFILE_TEXT.noVisits);
    expect(await page.getByText(/Page \d+ of \d+/).count()).toBe(0);
    violations.push(...(await audit(page, "visits empty")));
    await shot(page, "profile-visits-empty");
  });

  it("the keyboard: arrow keys move along the tabs, Enter opens one", async () => {
    await page.goto(`${baseUrl}/participants/${FLAGGED_VISITOR}`, { waitUntil: "networkidle" });
    // the arrow keys are React's: on a loaded machine the page may still be hydrating, so try a few times
    let moved = false;
    for (let attempt = 0; attempt < 10 && !moved; attempt++) {
      await tab("Overview").focus();
      await page.keyboard.press("ArrowRight");
      moved = await tab("Visits").evaluate((el) => el === document.activeElement);
      if (!moved) await page.waitForTimeout(200);
    }
    expect(moved, "ArrowRight from Overview focuses Visits").toBe(true);
    expect(query("tab")).toBeNull();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("tab") === "visits");
    await page.getByTestId("profile-visits").waitFor();
  });

  it("has no serious or critical axe violation and no page error", () => {
    expect(violations, violations.join("\n")).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
