import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEverySize } from "./axe";
import { signedInPage } from "./check-in-helpers";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";
import { gotoSettled } from "./page-helpers";

/**
 * The Integrations page (decision 080) in real Chromium: the admin makes an API key through the form, sees it
 * once, finds it in the table; the demo's keys and example webhook are listed. Axe at desktop, tablet and phone.
 */
describe("the Integrations page", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });


  it("makes a key shown once, lists the demo's keys and webhook; axe at three sizes", async () => {
    const found: string[] = [];
    const admin = await signedInPage(browser!, app!.baseUrl, "admin@northside.demo", errors);
    contexts.push(admin.context);
    const page = admin.page;
    await gotoSettled(page, "/integrations");
    await page.getByRole("heading", { name: "Integrations", level: 1 }).waitFor();
    expect(await page.getByRole("rowheader", { name: "Spring sign-up import" }).isVisible()).toBe(true);
    expect(await page.getByText("https://hooks.example.org/rollcall").isVisible()).toBe(true);
    await page.getByLabel("Name", { exact: true }).fill("Door scanner");
    await page.getByRole("checkbox", { name: "Check in/out members" }).check();
    await page.getByRole("button", { name: "Create API key" }).click();
    const shown = page.getByRole("status").filter({ hasText: "Copy the key for Door scanner now" });
    await shown.waitFor();
    expect(await shown.textContent()).toMatch(/rck_[0-9a-f]{32}_/);
    await page.getByRole("rowheader", { name: "Door scanner" }).waitFor();
    await auditEverySize(page, "integrations", found);
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
