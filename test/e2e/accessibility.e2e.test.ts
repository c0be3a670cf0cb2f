import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { testServices } from "../support/services";
import { checkInByApi, INDEPENDENT, loadMembers, memberPicker, signedInPage, type Member } from "./check-in-helpers";
import { launchBrowser, screenshot, startApp, waitForProjections, type RunningApp } from "./harness";
import { settled } from "./page-helpers";
import { audit, VIEWPORTS } from "./axe";

describe("accessibility (axe-core): no serious or critical violation on any page", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  let admin: Page;
  let kiosk: Page;
  let anonymous: Page;
  let member: Member;
  const found: string[] = [];
  let pickUp: Member;

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    await clearSignInLimits((await testServices()).redisUrl);
    const api = new HttpClient(app.baseUrl);
    await api.signIn("admin@northside.demo");
    const pick = memberPicker(await loadMembers(api));
    member = pick((m) => m.is_waiver_signed);
    pickUp = pick((m) => m.is_waiver_signed && m.pick_up_permission !== INDEPENDENT && m.pickup_contacts.some((c) => c.can_pickup));
    await checkInByApi(api, pickUp.member_id);
    for (const [username, assign] of [
      ["admin@northside.demo", (p: Page) => (admin = p)],
      ["kiosk@northside.demo", (p: Page) => (kiosk = p)],
    ] as const) {
      const session = await signedInPage(browser, app.baseUrl, username, pageErrors);
      contexts.push(session.context);
      assign(session.page);
    }
    const context = await browser.newContext({ baseURL: app.baseUrl });
    contexts.push(context);
    anonymous = await context.newPage();
    anonymous.on("pageerror", (error) => pageErrors.push(`signed out: ${error.message}`));
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  // every page of every role at the three sizes: every-page-a11y.e2e.test.ts; here the dialogs and the keyboard

  it("'Skip to main content' is the first Tab stop, shows itself, and moves the focus to <main>", async () => {
    for (const [who, page, path] of [["admin", admin, "/participants"], ["kiosk", kiosk, "/programs-events"], ["signed out", anonymous, "/login"]] as const) {
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.goto(path, { waitUntil: "networkidle" });
        // (the kiosk's /check-in, also its Home, gives its Member ID field the focus on load, for the scanner: its schedule is used)
        // a page that focuses its first field on load (sign-in) has the skip link one step back, before that field
        const autofocused = await page.evaluate(() => !!document.activeElement?.closest("#main-content"));
        await page.keyboard.press(autofocused ? "Shift+Tab" : "Tab");
        const skip = page.getByRole("link", { name: "Skip to main content" });
        expect(await skip.evaluate((el) => el === document.activeElement), `${who} @${viewport.name}: the first Tab stop`).toBe(true);
        const box = await skip.boundingBox();
        expect(box && box.y >= 0 && box.x >= 0 && box.width > 0, `${who} @${viewport.name}: visible on focus (${JSON.stringify(box)})`).toBe(true);
        if (viewport.name === "desktop") await screenshot(page, `a11y-skip-link-${who.replace(" ", "-")}`, "test/e2e/screenshots");
        await page.keyboard.press("Enter");
        expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");
        // the next Tab stop is past the menu and the top bar: in the page (or after it, on a page without a control)
        // (a page whose main holds no control, like the kiosk's home, has nothing there to land on: Tab wraps)
        const controls = await page.evaluate(() => document.querySelectorAll("#main-content a[href], #main-content button, #main-content input, #main-content select, #main-content textarea, #main-content [tabindex='0']").length);
        await page.keyboard.press("Tab");
        if (controls > 0) expect(await page.evaluate(() => !document.activeElement?.closest(".rc-topbar, .rc-sidebar, .rc-skip-link")), `${who} @${viewport.name}: Tab after the skip`).toBe(true);
        // off screen again without the focus
        if (!(await skip.evaluate((el) => el === document.activeElement))) expect((await skip.boundingBox())!.y).toBeLessThan(0);
      }
    }
  }, 90_000);

  it("the Add Users search: arrows move through the results, Enter picks, Escape closes then clears (combobox)", async () => {
    await admin.setViewportSize(VIEWPORTS[0]);
    await admin.goto("/check-in", { waitUntil: "networkidle" });
    await admin.getByRole("button", { name: "Check In Users" }).click();
    const dialog = admin.getByRole("dialog", { name: /^Check In Users to / });
    await dialog.waitFor();
    const search = dialog.getByRole("combobox", { name: "Add Users" });
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await search.getAttribute("aria-expanded")).toBe("false");
    const active = () => search.getAttribute("aria-activedescendant");
    const selected = () => dialog.locator('[role="option"][aria-selected="true"]').getAttribute("id");

    await search.pressSequentially("a");
    const listbox = dialog.getByRole("listbox", { name: "Search results" });
    await listbox.waitFor();
    const options = listbox.getByRole("option");
    const count = await options.count();
    expect(count).toBeGreaterThan(2);
    expect(await search.getAttribute("aria-expanded")).toBe("true");
    expect(await search.getAttribute("aria-controls")).toBe(await listbox.getAttribute("id"));
    expect(await active()).toBeNull();
    const ids = await options.evaluateAll((els) => els.map((el) => el.id));

    await admin.keyboard.press("ArrowDown");
    expect(await active()).toBe(ids[0]);
    await admin.keyboard.press("ArrowDown");
    expect(await active()).toBe(ids[1]);
    expect(await selected()).toBe(ids[1]);
    await admin.keyboard.press("ArrowUp");
    await admin.keyboard.press("ArrowUp");
    expect(await active()).toBe(ids[count - 1]);
    found.push(...(await audit(admin, "Add Users, results open", '[role="dialog"]')));
    await screenshot(admin, "a11y-add-users-combobox", "test/e2e/screenshots");

    // Escape closes the list (the dialog stays), a second Escape clears the text
    await admin.keyboard.press("Escape");
    await listbox.waitFor({ state: "hidden" });
    expect(await dialog.isVisible()).toBe(true);
    expect(await search.inputValue()).toBe("a");
    expect(await search.getAttribute("aria-expanded")).toBe("false");
    await admin.keyboard.press("ArrowDown");
    expect(await active()).toBe(ids[0]);
    await admin.keyboard.press("Escape");
    await admin.keyboard.press("Escape");
    expect(await search.inputValue()).toBe("");
    expect(await dialog.isVisible()).toBe(true);

    // Enter picks the active result: the participant dialog opens for that member
    await search.pressSequentially(member.member_id);
    await listbox.getByRole("option", { name: new RegExp(member.member_id) }).waitFor();
    await admin.keyboard.press("ArrowDown");
    await admin.keyboard.press("Enter");
    const details = admin.getByTestId("participant-dialog");
    await details.getByText(member.full_name).first().waitFor();
    await details.getByRole("button", { name: "Done" }).click();
    await details.waitFor({ state: "hidden" });
    await dialog.getByRole("region", { name: "List of Users" }).getByText(member.full_name).waitFor();
    // with nothing to close or clear, Escape closes the dialog (the pick cleared the search and closed its
    // list: waited for, as a loaded machine may still be settling the search's last answer)
    await search.focus();
    await expect.poll(() => search.inputValue()).toBe("");
    await expect.poll(() => search.getAttribute("aria-expanded")).toBe("false");
    await admin.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(found, found.join("\n")).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it("the check-in dialogs: the participant dialog and Picked Up By", async () => {
    const found: string[] = [];
    for (const viewport of VIEWPORTS) {
      await admin.setViewportSize(viewport);
      await admin.goto("/check-in", { waitUntil: "networkidle" });
      const row = admin.locator(`[data-testid="board-row"][data-member-id="${pickUp.member_id}"]`);
      await row.getByRole("button", { name: pickUp.full_name, exact: true }).click();
      const details = admin.getByTestId("participant-dialog");
      await details.getByText("Personal Info").waitFor();
      await settled(details);
      found.push(...(await audit(admin, `participant dialog @${viewport.name}`)));
      await details.getByRole("button", { name: "Done" }).click();
      await details.waitFor({ state: "hidden" });

      await row.getByRole("button", { name: `Check Out ${pickUp.full_name}` }).click();
      const pickedUpBy = admin.getByRole("dialog", { name: "Picked Up By" });
      await pickedUpBy.waitFor();
      await settled(pickedUpBy);
      found.push(...(await audit(admin, `Picked Up By @${viewport.name}`)));
      await pickedUpBy.getByRole("button", { name: "Cancel" }).click();
      await pickedUpBy.waitFor({ state: "hidden" });
    }
    expect(found, found.join("\n")).toEqual([]);
  }, 90_000);
});
