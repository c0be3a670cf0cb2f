import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client";
import { audit, VIEWPORTS } from "./axe";
import { checkInByApi, INDEPENDENT, scan, signedInPage, snap, startCheckInSuite, STOP_TEXT, type CheckInSuite } from "./check-in-helpers";
import { settled } from "./page-helpers";

/** The touch targets of the kiosk's screen and bar that are smaller than 44 x 44 px, by name. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("main button, main input, main [role=radio], header button")]
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(({ el, box }) => `${el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName}: ${Math.round(box.width)}x${Math.round(box.height)}`),
  );
}

// issue 15: the kiosk made for a tablet on a stand; one flag language; the small things
describe("the kiosk on a tablet, the flag language and the small things of issue 15", () => {
  let suite: CheckInSuite | undefined;
  let kiosk: Page;
  let staff: Page;
  let admin: HttpClient;
  let member: CheckInSuite["member"];
  const errors: string[] = [];
  const message = () => kiosk.getByTestId("kiosk-message");
  const field = () => kiosk.getByRole("textbox", { name: "Please scan the barcode for the 8 digit Member ID" });

  beforeAll(async () => {
    suite = await startCheckInSuite(errors);
    ({ kiosk, staff, admin, member } = suite);
  });
  afterAll(() => suite?.close());

  it.each(VIEWPORTS)("shows the kiosk one scan screen at $name size: no menu, list or search; 44 px targets; no serious axe violation", async ({ name, width, height }) => {
    await kiosk.setViewportSize({ width, height });
    await kiosk.goto("/check-in", { waitUntil: "networkidle" });
    await field().waitFor();
    expect(await kiosk.getByRole("complementary", { name: "Main menu" }).count()).toBe(0);
    expect(await kiosk.getByRole("button", { name: "Open menu" }).count()).toBe(0);
    expect(await kiosk.getByRole("tab").count()).toBe(0);
    expect(await kiosk.getByRole("searchbox").count()).toBe(0);
    expect(await kiosk.getByRole("table").count()).toBe(0);
    expect(await kiosk.getByText("Look up users by name or Member ID").count()).toBe(0);
    expect(await smallTargets(kiosk)).toEqual([]);
    // the field is focused, so a scanner or a keyboard types straight in
    expect(await field().evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await audit(kiosk, `kiosk ${name}`)).toEqual([]);
    await snap(kiosk, `kiosk-${name}`);
  });

  it("has a real text field behind the eight boxes that a tablet's keyboard fills", async () => {
    await kiosk.setViewportSize({ width: 820, height: 1180 });
    await kiosk.goto("/check-in", { waitUntil: "networkidle" });
    const input = field();
    expect(await input.evaluate((el) => [el.getAttribute("inputmode"), el.getAttribute("autocomplete"), el.getAttribute("autocapitalize"), el.getAttribute("spellcheck")])).toEqual([
      "text",
      "off",
      "characters",
      "false",
    ]);
    // a tap on the boxes lands on the field
    await kiosk.locator("body").click({ position: { x: 5, y: 5 } });
    const boxes = kiosk.getByTestId("member-id-boxes");
    const box = (await boxes.boundingBox())!;
    await kiosk.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

    // letters and digits go in upper case; another character is named, not dropped silently, until the entry is emptied
    await kiosk.keyboard.type("ab#1");
    expect(await input.inputValue()).toBe("AB1");
    const invalid = kiosk.getByTestId("member-id-invalid");
    expect(await invalid.textContent()).toBe("A Member ID has only letters and numbers. '#' is not part of it.");
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await boxes.locator(".rc-ci-box[data-filled=true]").count()).toBe(3);
    await snap(kiosk, "kiosk-tablet-invalid-character");
    await kiosk.keyboard.type("2");
    expect(await invalid.isVisible()).toBe(true);
    await kiosk.getByRole("button", { name: "Clear" }).click();
    expect(await input.inputValue()).toBe("");
    expect(await invalid.count()).toBe(0);
  });

  it("says what to do for an unknown ID and for a child already checked in; a success clears itself after 4 s", async () => {
    await kiosk.setViewportSize({ width: 820, height: 1180 });
    await scan(kiosk, "ZZ9ZZ9ZZ");
    await message().getByText("We could not find that Member ID. Please check it and try again, or see a staff member.", { exact: true }).waitFor();
    await snap(kiosk, "kiosk-tablet-unknown-id");

    const m = member((x) => x.is_waiver_signed);
    await scan(kiosk, m.member_id);
    await message().getByText(`${m.first_name} successfully checked in`, { exact: true }).waitFor();
    expect(await message().textContent()).not.toContain(m.full_name.split(" ").slice(1).join(" "));
    await snap(kiosk, "kiosk-tablet-success");
    const shown = Date.now();
    await message().waitFor({ state: "detached", timeout: 6000 });
    expect(Date.now() - shown).toBeGreaterThan(3000);

    await scan(kiosk, m.member_id);
    await message().getByText("You are already checked in. Have a great day!", { exact: true }).waitFor();
    await snap(kiosk, "kiosk-tablet-already-in");
    expect(errors).toEqual([]);
  });

  it("marks a stop-flagged child who is in on the board, and staff read the reason before check-out; the kiosk never shows it", async () => {
    const m = member((x) => x.is_waiver_signed && x.pick_up_permission !== INDEPENDENT);
    await checkInByApi(admin, m.member_id);
    const row = staff.locator(`[data-testid="board-row"][data-member-id="${m.member_id}"]`);
    await row.waitFor();
    const reason = "Custody order on file: call the office before release";
    const flagged = await admin.request("POST", "/api/note/flag", { body: { user_id: m.id, message: reason, type: "stop", action: "Flag" } });
    expect(flagged.status, await flagged.clone().text()).toBe(200);
    await row.getByTestId("board-flag").getByText("Stop flag", { exact: true }).waitFor({ timeout: 3000 });
    expect(await row.getAttribute("data-stop")).toBe("true");

    await row.getByRole("button", { name: `Check Out ${m.full_name}` }).click();
    const dialog = staff.getByTestId("participant-dialog");
    await dialog.getByTestId("stop-banner").getByText(`Reason: ${reason}`).waitFor();
    expect(await dialog.getByText("Stop flag: The member cannot check in or out until the flag is resolved.").isVisible()).toBe(true);
    expect(await staff.getByRole("dialog", { name: "Picked Up By" }).count()).toBe(0);
    await snap(staff, "check-in-stop-flag-check-out", dialog);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });

    // the kiosk: the spec's words for checking out, nothing of the reason
    await kiosk.getByRole("radio", { name: "Check Out" }).click();
    await kiosk.getByRole("heading", { name: "Check Out Users on Northside Youth Centre" }).waitFor();
    await scan(kiosk, m.member_id);
    await message().getByText("Unable to Check Out. Please speak with a staff member.", { exact: true }).waitFor();
    expect(await kiosk.getByText(reason).count()).toBe(0);
    await kiosk.getByRole("radio", { name: "Check In" }).click();
    await kiosk.getByRole("heading", { name: "Check In Users to Northside Youth Centre" }).waitFor();
    await scan(kiosk, m.member_id);
    await message().getByText(STOP_TEXT, { exact: true }).waitFor();
    expect(await kiosk.getByText(reason).count()).toBe(0);
  });

  it("names the flag the same way on the participant's header, its notes and Flagged Members", async () => {
    const m = member((x) => x.is_waiver_signed);
    const flagged = await admin.request("POST", "/api/note/flag", { body: { user_id: m.id, message: "Bee sting allergy: EpiPen in the office", type: "warn", action: "Flag" } });
    expect(flagged.status).toBe(200);
    const page = await staff.context().newPage();
    try {
      await page.goto(`/participants/${m.id}?tab=notes`, { waitUntil: "networkidle" });
      await page.getByTestId("header-flag").getByText("Warn flag", { exact: true }).waitFor();
      await page.getByTestId("note-flag").getByText("Warn flag", { exact: true }).waitFor({ timeout: 5000 });
      await page.getByRole("button", { name: "Flag This Member" }).click();
      const dialog = page.getByTestId("flag-dialog");
      expect(await dialog.getByText("Warn flag: A reminder. The member can still check in.").isVisible()).toBe(true);
      expect(await dialog.getByText("Stop flag: The member cannot check in or out until the flag is resolved.").isVisible()).toBe(true);
      await settled(dialog);
      await snap(page, "flag-dialog-language");
      await page.keyboard.press("Escape");
      await page.goto("/user/flagged", { waitUntil: "networkidle" });
      const listed = page.locator(`[data-testid="flagged-row"][data-member-id="${m.member_id}"]`);
      expect(await listed.getByText("Warn flag", { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText("Take Caution").count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it("sends a non-school admin from /students to /participants and shows no 'Page 0 of 0' for an empty search", async () => {
    const page = await staff.context().newPage();
    try {
      const answer = await page.goto("/students", { waitUntil: "networkidle" });
      expect(new URL(page.url()).pathname).toBe("/participants");
      expect(answer?.status()).toBe(200);
      await page.goto("/participants?search=zzzznobodyzzzz", { waitUntil: "networkidle" });
      expect(await page.getByText(/Page \d+ of \d+/).count()).toBe(0);
      expect(await page.getByRole("navigation", { name: "Pagination" }).count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it("lists Granters once for the superadmin, who opens the audit history an admin can", async () => {
    const { context, page } = await signedInPage(kiosk.context().browser()!, suite!.app.baseUrl, "superadmin@northside.demo", errors);
    try {
      await page.goto("/", { waitUntil: "networkidle" });
      expect(await page.getByRole("complementary", { name: "Main menu" }).getByRole("link", { name: "Granters", exact: true }).count()).toBe(1);
      const m = member(() => true);
      const answer = await page.goto(`/participants/${m.id}/audit`, { waitUntil: "networkidle" });
      expect(answer?.status()).toBe(200);
      await page.getByRole("heading", { name: /Audit History/ }).first().waitFor();
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });
});
