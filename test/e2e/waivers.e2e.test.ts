import { describe, expect, it } from "vitest";
import { auditEverySize } from "./axe";
import { browserSuite } from "./browser-suite";
import { screenshot } from "./harness";
import { gotoSettled } from "./page-helpers";

const DESKTOP = { width: 1280, height: 900 };
const NEW_TITLE = "Participation Waiver 2027";

/**
 * The Waivers page (decision 100) in real Chromium: the admin sees who signed, who did not and who signed an
 * older version, sends a signing link (a toast), publishes a new text (everyone needs a new signature), and
 * a fresh signing link shows the new text. Axe and no sideways scrolling at desktop, tablet and phone.
 */
describe("the Waivers page", () => {
  const suite = browserSuite();

  it("lists waiver statuses, sends a link, publishes a new version the sign page then shows", async () => {
    const found: string[] = [];
    const { page } = await suite.signIn("admin@northside.demo");
    await page.setViewportSize(DESKTOP);
    await gotoSettled(page, "/waivers");
    await page.getByRole("heading", { name: "Waivers", level: 1 }).waitFor();
    await page.getByTestId("waiver-table").waitFor();
    await screenshot(page, "waivers-desktop");
    await auditEverySize(page, "waivers", found);
    await page.setViewportSize(DESKTOP);

    // the two demo members who signed only the older text
    await page.getByRole("link", { name: "Needs new signature (2)" }).click();
    await page.waitForURL(/status=resign/);
    await expect.poll(() => page.getByTestId("waiver-row").count()).toBe(2);
    expect(await page.locator('[data-testid="waiver-row"][data-status="resign"]').count()).toBe(2);
    await page.getByText("version 2025-06-01").first().waitFor();

    // one click sends the link by e-mail
    await page.getByRole("button", { name: /^Send link for / }).first().click();
    await page.getByText(/^Waiver link sent to \S+@\S+$/).waitFor();

    // the text's history, and a new version
    const versions = page.getByTestId("waiver-versions");
    await versions.getByText("Version 2025-06-01", { exact: false }).waitFor();
    await page.getByRole("textbox", { name: "Title" }).fill(NEW_TITLE);
    await page.getByRole("textbox", { name: "Waiver text" }).fill("A new text for the new season.\n\nIt covers trips away from the centre too.");
    await page.getByRole("button", { name: "Publish version" }).click();
    await page.getByText("Waiver version successfully created").waitFor();
    await page.getByRole("link", { name: "Signed (0)" }).waitFor();
    await versions.locator("li").first().getByText(NEW_TITLE).waitFor();
    await versions.locator("li").first().getByText("Current").waitFor();
    await auditEverySize(page, "waivers after a new version", found);

    // a fresh signing link shows the new text
    await page.getByRole("link", { name: /^Needs new signature \(\d+\)$/ }).click();
    await page.waitForURL(/status=resign/);
    const firstRow = page.getByTestId("waiver-row").first();
    const href = await firstRow.getByRole("link").first().getAttribute("href");
    const participantId = href!.split("/").pop()!;
    const link = (await (await page.request.get(`/api/user-detail/waiver-token?participant_id=${participantId}`)).json()) as { url: string };
    await gotoSettled(page, link.url);
    await page.getByRole("heading", { name: NEW_TITLE }).waitFor();
    await page.getByText("It covers trips away from the centre too.").waitFor();
    await screenshot(page, "waivers-sign-new-version");

    expect(found).toEqual([]);
    expect(suite.errors).toEqual([]);
  }, 240_000);
});
