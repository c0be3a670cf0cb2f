import { describe, expect, it } from "vitest";
import { auditEverySize } from "./axe";
import { browserSuite } from "./browser-suite";
import { gotoSettled } from "./page-helpers";

/**
 * The Integrations page (decision 080) in real Chromium: the admin makes an API key through the form, sees it
 * once, finds it in the table; the demo's keys and example webhook are listed. Axe at desktop, tablet and phone.
 */
describe("the Integrations page", () => {
  const suite = browserSuite();


  it("makes a key shown once, lists the demo's keys and webhook; axe at three sizes", async () => {
    const found: string[] = [];
    const admin = await suite.signIn("admin@northside.demo");
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
    expect(suite.errors).toEqual([]);
  }, 120_000);
});
