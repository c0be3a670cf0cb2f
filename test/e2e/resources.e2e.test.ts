import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { auditEverySize } from "./axe";
import { browserSuite } from "./browser-suite";
import { screenshot } from "./harness";
import { gotoSettled } from "./page-helpers";

const TITLE = "Swim day permission slip";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

/** The card of a resource on /resource. */
const card = (page: Page, title: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, level: 3 }) });

/**
 * Resources (decision 101) in real Chromium: the admin adds a PDF shown to the participants' group, a member
 * (child1@, a participant) sees it and opens it, and the admin's count goes up. Axe and no sideways scrolling
 * at desktop, tablet and phone on /resource for staff and for a member; a screenshot of each.
 */
describe("the resources page", () => {
  const suite = browserSuite();

  it("staff add a file for a group, a member of it opens it, the download count goes up", async () => {
    const found: string[] = [];
    const staff = await suite.signIn("admin@northside.demo");
    const admin = staff.page;
    await gotoSettled(admin, "/resource");
    await admin.getByRole("heading", { name: "Resources", level: 1 }).waitFor();
    // the demo resources, with their counts
    await card(admin, "Member Handbook").getByText(/Opened \d+ times/).waitFor();
    await auditEverySize(admin, "resources (staff)", found);

    const form = admin.getByRole("heading", { name: "Add a resource" }).locator("..");
    await form.getByRole("textbox", { name: "Title" }).fill(TITLE);
    await form.getByRole("textbox", { name: "Description (optional)" }).fill("Sign and bring it back before Friday.");
    await form.locator('input[type="file"][name="file"]').setInputFiles({ name: "swim-day.pdf", mimeType: "application/pdf", buffer: PDF });
    await form.getByRole("radio", { name: "Chosen user groups" }).click();
    await form.getByRole("checkbox", { name: "Participants" }).click();
    await form.getByRole("button", { name: "Add resource" }).click();
    await admin.getByText("Resource successfully created").waitFor();
    await card(admin, TITLE).getByText("Shown to Participants · Opened 0 times").waitFor();
    // the form starts empty again for the next one
    expect(await form.getByRole("textbox", { name: "Title" }).inputValue()).toBe("");
    await screenshot(admin, "resources-staff");

    // a participant sees it (the parents' guide is not theirs) and opens it
    const member = await suite.signIn("child1@northside.demo");
    const page = member.page;
    await gotoSettled(page, "/resource");
    await card(page, TITLE).waitFor();
    expect(await page.getByRole("heading", { name: "Pick-up guide for parents" }).count()).toBe(0);
    expect(await page.getByText(/Opened \d+/).count()).toBe(0);
    await auditEverySize(page, "resources (member)", found);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "resources-member-phone");
    const [tab] = await Promise.all([page.waitForEvent("popup"), card(page, TITLE).getByRole("link", { name: `Open: ${TITLE} (opens in a new tab)` }).click()]);
    const opened = await tab.waitForEvent("response", { predicate: (r) => r.url().includes("/open"), timeout: 10_000 }).catch(() => null);
    if (opened) expect([200, 304]).toContain(opened.status());

    // the admin's page counts it
    for (let i = 0; i < 50; i++) {
      await admin.reload();
      if ((await card(admin, TITLE).getByText("Opened once").count()) > 0) break;
      await admin.waitForTimeout(200);
    }
    await card(admin, TITLE).getByText("Shown to Participants · Opened once").waitFor({ timeout: 1000 });
    await tab.close();
    expect(found).toEqual([]);
    expect(suite.errors).toEqual([]);
  }, 240_000);
});
