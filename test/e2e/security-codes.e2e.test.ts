import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import type { HttpClient } from "../support/http-client";
import { INDEPENDENT, localDay, scan, snap, startCheckInSuite, type CheckInSuite } from "./check-in-helpers";
import { settled } from "./page-helpers";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "tablet", width: 820, height: 1180 },
  { name: "phone", width: 390, height: 844 },
] as const;
type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/** axe-core on the page (or one element): the serious and critical violations, one line each. */
async function axe(page: Page, where: string, scope?: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const run = (window as unknown as { axe: { run(ctx: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
    return (await run.run(selector ? { include: [selector] } : document, { resultTypes: ["violations"] })).violations;
  }, scope ?? null);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${where}: ${v.id} ${v.help} ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
}

/** Security codes and tags in the browser (docs/decisions/036): the board's code, the tag page, the kiosk's claim code. */
describe("security codes and tags in the browser", () => {
  let suite: CheckInSuite | undefined;
  let admin: HttpClient;
  let staff: Page;
  let kiosk: Page;
  let child: ReturnType<CheckInSuite["member"]>;
  let visitId = "";
  let code = "";
  const errors: string[] = [];

  const boardRowOf = async (memberId: string) => {
    const query = new URLSearchParams({ type: "notYetCheckout", all: "true", ...localDay(), search: memberId });
    type Row = { id: string; member_id: string; security_code: string | null; check_out_time: string | null };
    return ((await (await admin.request("GET", `/api/check-in?${query}`)).json()) as { data: Row[] }).data.find((r) => r.member_id === memberId);
  };

  beforeAll(async () => {
    suite = await startCheckInSuite(errors);
    ({ admin, staff, kiosk } = suite);
    child = suite.member((m) => m.is_waiver_signed && m.pick_up_permission !== INDEPENDENT && m.pickup_contacts.some((c) => c.can_pickup) && m.medical_conditions.length === 0);
  }, 180_000);
  afterAll(() => suite?.close());

  it("checks a child in at the kiosk and offers 'Print Tags'; the staff board shows the code and opens the tags", async () => {
    await scan(kiosk, child.member_id);
    // the kiosk's success message (decision 037) offers the tags while it shows (4 s)
    const confirmed = kiosk.getByTestId("kiosk-message");
    await confirmed.getByText(`${child.first_name} successfully checked in`, { exact: false }).waitFor();
    const href = await confirmed.getByRole("link", { name: "Print Tags" }).getAttribute("href");
    const row = await eventually(() => boardRowOf(child.member_id), (r) => !!r?.security_code);
    visitId = row!.id;
    code = row!.security_code!;
    expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{4}$/);
    expect(href).toBe(`/check-in/tags/${visitId}?print=1`);

    const boardRow = staff.locator(`[data-testid="board-row"][data-member-id="${child.member_id}"]`);
    await boardRow.getByTestId("board-code").getByText(code, { exact: true }).waitFor();
    await staff.getByRole("columnheader", { name: "Code" }).waitFor();
    await snap(staff, "security-codes-board");
    await boardRow.getByRole("link", { name: `Tags for ${child.full_name}` }).click();
    await staff.waitForURL(`**/check-in/tags/${visitId}`);
    await staff.getByRole("heading", { name: `Tags for ${child.full_name}` }).waitFor();
    expect(await staff.getByTestId("name-tag-code").textContent()).toBe(code);
    expect(await staff.getByTestId("claim-tag-code").textContent()).toBe(code);
  });

  it("prints one label per page at the chosen stock's size, passes axe at desktop, tablet and phone sizes, and reprints the same code", async () => {
    for (const viewport of VIEWPORTS) {
      await staff.setViewportSize(viewport);
      await staff.goto(`/check-in/tags/${visitId}`, { waitUntil: "networkidle" });
      expect(await staff.getByTestId("claim-tag-code").textContent()).toBe(code);
      expect(await axe(staff, `tags ${viewport.name}`)).toEqual([]);
      await snap(staff, `security-codes-tags-${viewport.name}`);
    }
    await staff.setViewportSize({ width: 1280, height: 800 });
    // the stock switch: the label's size on screen, and the @page size of the linked stylesheet
    await staff.getByRole("radio", { name: "4 × 2 in" }).click();
    await staff.waitForURL("**?stock=large");
    const box = await staff.getByTestId("claim-tag").boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([384, 192]);
    // the large stock's stylesheet is linked by the new page: read its @page rule once it has loaded
    const pageRule = await staff.waitForFunction(
      () => [...document.styleSheets].flatMap((s) => [...s.cssRules]).find((r): r is CSSPageRule => r instanceof CSSPageRule && r.style.getPropertyValue("size") === "4in 2in")?.style.getPropertyValue("size"),
      undefined,
      { timeout: 10_000 },
    );
    expect(await pageRule.jsonValue()).toBe("4in 2in");
    await snap(staff, "security-codes-tags-large");
    // print media: the toolbar is gone, the labels stay
    await staff.emulateMedia({ media: "print" });
    expect(await staff.getByRole("button", { name: "Print Tags" }).isVisible()).toBe(false);
    expect(await staff.getByTestId("name-tag").isVisible()).toBe(true);
    await staff.emulateMedia({ media: "screen" });
    await staff.goto("/check-in", { waitUntil: "networkidle" });
  });

  it("checks the child out at the kiosk only with the matching claim code and a person of the list", async () => {
    await kiosk.getByRole("radio", { name: "Check Out" }).click();
    await kiosk.getByRole("heading", { name: "Check Out Users on Northside Youth Centre" }).waitFor();
    await scan(kiosk, child.member_id);
    await kiosk.getByText("Please see a staff member to check out", { exact: true }).waitFor();
    await kiosk.getByRole("button", { name: "Enter Claim Code" }).click();
    const dialog = kiosk.getByTestId("claim-code-dialog");
    await settled(dialog);
    const wrong = code === "QQQQ" ? "WWWW" : "QQQQ";
    await dialog.getByLabel("Claim Code").fill(wrong);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByRole("alert").getByText(`That claim code does not match ${child.full_name}'s tag. Check the claim tag, or see a staff member`).waitFor();
    expect(await dialog.getByRole("radio").count()).toBe(0);
    for (const viewport of VIEWPORTS) {
      await kiosk.setViewportSize(viewport);
      expect(await axe(kiosk, `claim dialog ${viewport.name}`, '[data-testid="claim-code-dialog"]')).toEqual([]);
    }
    await kiosk.setViewportSize({ width: 1280, height: 800 });
    await snap(kiosk, "security-codes-claim-mismatch", dialog);

    await dialog.getByLabel("Claim Code").fill(code.toLowerCase());
    await dialog.getByRole("button", { name: "Continue" }).click();
    const choices = dialog.getByRole("radio");
    await choices.first().waitFor();
    await choices.first().click();
    await snap(kiosk, "security-codes-claim-choose", dialog);
    await dialog.getByRole("button", { name: "Check Out" }).click();
    await dialog.waitFor({ state: "hidden" });
    await kiosk.getByText(`${child.first_name} successfully checked out`).waitFor();
    const row = await eventually(() => boardRowOf(child.member_id), (r) => !!r?.check_out_time);
    expect(row!.check_out_time).not.toBeNull();
    expect(errors).toEqual([]);
  });
});
