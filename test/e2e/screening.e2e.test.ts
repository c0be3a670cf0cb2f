import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFrom } from "../../modules/kernel";
import { DAILY_SCREENING_ORGANIZATION_ID, DEMO_FLAGGED_PARTICIPANT_IDS, DEMO_PASSWORD } from "../factories/demo-seed";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { testServices } from "../support/services";
import { scan, signedInPage, snap, STOP_TEXT, visitsToday } from "./check-in-helpers";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";

const maya = idFrom("demo", "participant", DAILY_SCREENING_ORGANIZATION_ID, "child", 1);
const leo = idFrom("demo", "participant", DAILY_SCREENING_ORGANIZATION_ID, "child", 2);

/** The daily screening in the browser: a parent of two children at Maple Street School (screening on), then the kiosk. */
describe("daily screening: the parent's prompt and form, the kiosk", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let admin: HttpClient;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const memberIds: Record<string, string> = {};

  /** Signs in through the /login form in a fresh context and waits for Home. */
  async function signIn(username: string) {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, baseURL: app!.baseUrl });
    contexts.push(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(`${username}: ${error.message}`));
    await clearSignInLimits((await testServices()).redisUrl);
    await page.goto("/login", { waitUntil: "networkidle" });
    await page.getByLabel("Username or e-mail").fill(username);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Log In" }).click();
    await page.waitForURL(`${app!.baseUrl}/`);
    return page;
  }
  const dialog = (page: Page, step: string) => page.getByTestId(`screening-${step}`);
  const question = (scope: Locator, label: RegExp, name: string) => scope.getByRole("group", { name: new RegExp(`${label.source}.*\\(${name}\\)`) });
  const answerAll = async (scope: Locator, name: string, yesTo?: RegExp) => {
    for (const label of [/fever, a new cough/, /close contact/, /stay home/]) {
      const answer = yesTo && yesTo.source === label.source ? "YES" : "NO";
      await question(scope, label, name).getByRole("radio", { name: answer, exact: true }).click();
    }
  };

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    await clearSignInLimits((await testServices()).redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@maple.demo");
    for (const [key, id] of [["maya", maya], ["leo", leo]] as const) {
      memberIds[key] = ((await (await admin.request("GET", `/api/participant/${id}`)).json()) as { member_id: string }).member_id;
    }
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it("No shows 'Thank you for letting us know' and posts a decline with only user_id on close", async () => {
    const page = await signIn("parent@maple.demo");
    // this run's declines are answered in the browser, so the children are still to be screened by the next test
    const declines: unknown[] = [];
    await page.route("**/api/note/daily/screening", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      declines.push(route.request().postDataJSON());
      await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ data: [], failed: false, message: "Thank you for letting us know" }) });
    });
    const intro = dialog(page, "intro");
    await intro.getByText("Will Leo Maple and Maya Maple be taking part in programs at Maple Street School today?", { exact: false }).waitFor();
    await snap(page, "screening-intro", intro);
    await intro.getByRole("button", { name: "No" }).click();
    const thanks = dialog(page, "thanks");
    await thanks.getByRole("heading", { name: "Thank you for letting us know" }).waitFor();
    await snap(page, "screening-thank-you", thanks);
    await thanks.getByRole("button", { name: "Close" }).click();
    await thanks.waitFor({ state: "hidden" });
    expect(declines.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([{ user_id: leo }, { user_id: maya }].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))));
  });

  it("a parent fills for both children, one YES and one all NO, and sees 'Follow Up Required'", async () => {
    const page = await signIn("parent@maple.demo");
    await dialog(page, "intro").getByRole("button", { name: "Yes" }).click();
    const form = dialog(page, "form");
    await form.getByRole("heading", { name: "Daily Health Screening Form" }).waitFor();
    expect(await form.getByText("All fields are mandatory").isVisible()).toBe(true);
    const continueButton = form.getByRole("button", { name: "Continue" });
    expect(await continueButton.isDisabled()).toBe(true);
    await snap(page, "screening-form-multi", form);

    // Leo's section is open first; Maya's opens from its header
    await answerAll(form, "Leo Maple");
    expect(await continueButton.isDisabled()).toBe(true); // Maya is selected and unanswered
    await form.getByRole("button", { name: /Maya Maple/ }).click();
    await answerAll(form, "Maya Maple", /fever, a new cough/);
    expect(await continueButton.isDisabled()).toBe(false);
    // at least one selected: unchecking both disables Continue, one is enough
    await form.getByRole("checkbox", { name: "Include Maya Maple" }).click();
    expect(await continueButton.isDisabled()).toBe(false);
    await form.getByRole("checkbox", { name: "Include Leo Maple" }).click();
    expect(await continueButton.isDisabled()).toBe(true);
    await form.getByRole("checkbox", { name: "Include Leo Maple" }).click();
    await form.getByRole("checkbox", { name: "Include Maya Maple" }).click();
    await snap(page, "screening-form-filled", form);

    // cancelling a filled form asks; No returns to the form with the answers kept
    await form.getByRole("button", { name: "Cancel" }).click();
    const confirm = dialog(page, "confirmCancel");
    await confirm.getByText("Are you sure you want to cancel?", { exact: false }).waitFor();
    await snap(page, "screening-cancel-confirmation", confirm);
    await confirm.getByRole("button", { name: "No" }).click();
    expect(await dialog(page, "form").getByRole("button", { name: "Continue" }).isDisabled()).toBe(false);

    await dialog(page, "form").getByRole("button", { name: "Continue" }).click();
    const preview = dialog(page, "preview");
    await preview.getByRole("heading", { name: "Preview" }).waitFor();
    expect(await preview.getByRole("heading", { name: "Maya Maple" }).isVisible()).toBe(true);
    await snap(page, "screening-preview", preview);
    await preview.getByRole("button", { name: "Make Changes" }).click();
    await dialog(page, "form").getByRole("button", { name: "Continue" }).click();
    const posted = page.waitForResponse((r) => r.url().endsWith("/api/note/daily/screening") && r.request().method() === "POST");
    await dialog(page, "preview").getByRole("button", { name: "Submit Form" }).click();
    const leoAnswer = await posted; expect(leoAnswer.status(), await leoAnswer.text()).toBe(200);

    const followUp = dialog(page, "followUp");
    await followUp.getByRole("heading", { name: "Follow Up Required" }).waitFor();
    const failure = await followUp.getByTestId("screening-failure-text").innerText();
    expect(failure).toMatch(/^Sorry! Unfortunately based on today's screening answers for Maya Maple, you will be unable to participate today\./);
    expect(await followUp.getByRole("link", { name: "416-555-0142" }).isVisible()).toBe(true);
    expect(await followUp.getByRole("link", { name: "Virtual Program Hub" }).getAttribute("href")).toBe("/programs-events");
    expect(await followUp.getByText("Leo Maple is clear to participate today.").isVisible()).toBe(true);
    await snap(page, "screening-follow-up-required", followUp);
    await followUp.getByRole("button", { name: "Done" }).click();
    await followUp.waitFor({ state: "hidden" });

    // signed in again: nobody to screen, Maya is flagged: the follow-up dialog, once per session
    await page.reload({ waitUntil: "networkidle" });
    const again = dialog(page, "followUp");
    await again.getByRole("heading", { name: "Follow Up Required" }).waitFor();
    await again.getByRole("button", { name: "Done" }).click();
    await page.reload({ waitUntil: "networkidle" });
    await page.waitForTimeout(500);
    expect(await dialog(page, "followUp").count()).toBe(0);
  });

  it("Maya, signed in herself, gets the follow-up instead of the intro", async () => {
    const page = await signIn("child1@maple.demo");
    const followUp = dialog(page, "followUp");
    await followUp.getByRole("heading", { name: "Follow Up Required" }).waitFor();
    expect(await followUp.getByTestId("screening-failure-text").innerText()).toMatch(/^Sorry! Unfortunately based on your answers to today's screening, you will be unable to participate today\./);
    expect(await dialog(page, "intro").count()).toBe(0);
  });

  // issue 15 changed the kiosk's answers: a message on its screen, no dialog (the screening's follow-up named the child in public)
  it("the kiosk refuses the flagged child with the spec's stop text, and checks the other one in", async () => {
    const kioskSession = await signedInPage(browser!, app!.baseUrl, "kiosk@maple.demo", errors);
    contexts.push(kioskSession.context);
    const kiosk = kioskSession.page;
    await kiosk.goto("/check-in", { waitUntil: "networkidle" });
    await kiosk.getByRole("heading", { name: "Check In Users to Maple Street School" }).waitFor();

    // the kiosk posts at once and the server refuses (decision 045): 409, nothing recorded
    const posts: number[] = [];
    kiosk.on("response", (r) => void (r.url().endsWith("/api/check-in") && r.request().method() === "POST" && posts.push(r.status())));
    await scan(kiosk, memberIds.maya!);
    const message = kiosk.getByTestId("kiosk-message");
    await message.getByText(STOP_TEXT, { exact: true }).waitFor();
    expect(await kiosk.getByRole("dialog").count()).toBe(0);
    expect(await kiosk.getByText("Follow Up Required").count()).toBe(0);
    await snap(kiosk, "screening-kiosk-flagged");
    expect(posts.filter((status) => status !== 409)).toEqual([]);
    expect(await visitsToday(admin, memberIds.maya!)).toEqual([]);

    const posted = kiosk.waitForResponse((r) => r.url().endsWith("/api/check-in") && r.request().method() === "POST");
    await scan(kiosk, memberIds.leo!);
    const leoAnswer = await posted; expect(leoAnswer.status(), await leoAnswer.text()).toBe(200);
    await message.getByText("Leo successfully checked in", { exact: true }).waitFor();
    await snap(kiosk, "screening-kiosk-clean-checked-in");
    expect((await visitsToday(admin, memberIds.leo!)).length).toBe(1);
  });

  it("staff fill the form on a person's behalf from the participant dialog ('Fill form now')", async () => {
    const response = await admin.request("GET", "/api/participant_report?page=0&size=40&statuses=Active");
    expect(response.status, await response.clone().text()).toBe(200);
    const report = (await response.json()) as { data: { id: string; member_id: string; full_name: string; is_waiver_signed: boolean }[] };
    const m = report.data.find((x) => x.is_waiver_signed && x.id !== maya && x.id !== leo && !DEMO_FLAGGED_PARTICIPANT_IDS.has(x.id))!;
    const staffSession = await signedInPage(browser!, app!.baseUrl, "admin@maple.demo", errors);
    contexts.push(staffSession.context);
    const staff = staffSession.page;
    await staff.goto("/check-in", { waitUntil: "networkidle" });
    await staff.getByTestId("live-state").getByText("Live", { exact: true }).waitFor();
    // the board counts who has not screened today, live
    const notScreened = staff.getByTestId("count-not-screened");
    await expect.poll(async () => Number(await notScreened.textContent())).toBeGreaterThan(0);
    const before = Number(await notScreened.textContent());
    await staff.getByRole("button", { name: "Check In Users" }).click();
    const checkInDialog = staff.getByRole("dialog", { name: "Check In Users to Maple Street School" });
    await checkInDialog.waitFor();
    await checkInDialog.getByLabel("Add Users").fill(m.member_id);
    await checkInDialog.getByRole("option", { name: new RegExp(m.member_id) }).click();
    const participant = staff.getByTestId("participant-dialog");
    await participant.getByText("Participant has not completed the screening form", { exact: false }).waitFor();
    expect(await participant.getByText("Screening not filled").isVisible()).toBe(true);
    await participant.getByRole("button", { name: "Fill form now" }).click();
    const form = dialog(staff, "form");
    await form.getByRole("heading", { name: "Daily Health Screening Form" }).waitFor();
    await answerAll(form, m.full_name);
    await snap(staff, "screening-on-behalf-form", form);
    await form.getByRole("button", { name: "Continue" }).click();
    await dialog(staff, "preview").getByRole("button", { name: "Submit Form" }).click();
    const success = dialog(staff, "success");
    await success.getByRole("heading", { name: "Success!" }).waitFor();
    expect(await success.getByText(`${m.full_name} is clear to participate today.`).isVisible()).toBe(true);
    await snap(staff, "screening-success", success);
    await success.getByRole("button", { name: "Done" }).click();
    await participant.getByText("Screening passed").waitFor();
    expect(await participant.getByRole("button", { name: "Done" }).isDisabled()).toBe(false);
    await expect.poll(async () => Number(await notScreened.textContent()), { timeout: 3000 }).toBe(before - 1);
    // the list behind the count, after a reload: the person screened is no longer in it
    await staff.goto("/check-in", { waitUntil: "networkidle" });
    await staff.getByTestId("live-state").getByText("Live", { exact: true }).waitFor();
    await staff.getByRole("button", { name: "Show" }).click();
    const list = staff.getByTestId("not-screened-list");
    await list.waitFor();
    expect(await list.locator(`[data-participant-id="${m.id}"]`).count()).toBe(0);
    await snap(staff, "screening-board-not-screened");
    expect(errors).toEqual([]);
  });
});
