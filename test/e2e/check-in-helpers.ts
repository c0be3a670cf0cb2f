import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { dayBoundsIn, DEFAULT_TIME_ZONE } from "../../modules/organizations";
import { expect } from "vitest";
import { DEMO_FLAGGED_PARTICIPANT_IDS, DEMO_PASSWORD, DEMO_VISITOR_PARTICIPANT_IDS } from "../factories/demo-seed";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { testServices } from "../support/services";
import { launchBrowser, screenshot, startApp, waitForProjections } from "./harness";
import { settled } from "./page-helpers";

export const INDEPENDENT = "Child may travel to and from the facility independently";
export const STOP_TEXT = "Unable to Check In. Please speak with a staff member.";
export const WAIVER_TEXT = "Please see a staff member to finish your sign-up.";

/** A participant_report row, as much of it as the tests pick members by. */
export type Member = {
  id: string;
  member_id: string;
  full_name: string;
  first_name: string;
  status: string;
  is_waiver_signed: boolean;
  pick_up_permission: string;
  medical_conditions: string[];
  pickup_contacts: { can_pickup: boolean }[];
};

/** The organization's day as the page sends it: Northside's, in its zone (America/Toronto, decision 032). */
export function localDay(timeZone = DEFAULT_TIME_ZONE) {
  return dayBoundsIn(timeZone, new Date());
}

/** A browser context signed in through the API (its cookies are the page's), and its page. */
export async function signedInPage(browser: Browser, baseURL: string, username: string, errors: string[], options: { timezoneId?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL, ...options });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(`${username}: ${error.message}`));
  await clearSignInLimits((await testServices()).redisUrl);
  const csrf = ((await (await page.request.get("/api/auth/csrf")).json()) as { csrf: string }).csrf;
  const response = await page.request.post("/api/auth/login", { data: { username, password: DEMO_PASSWORD }, headers: { "x-csrf-token": csrf } });
  expect(response.status(), await response.text()).toBe(200);
  return { context, page };
}

/** The organization's first 240 participants by name (as the admin sees them in /api/participant_report). */
export async function loadMembers(admin: HttpClient): Promise<Member[]> {
  const members: Member[] = [];
  for (const page of [0, 1, 2]) {
    const response = await admin.request("GET", `/api/participant_report?size=80&page=${page}&sort=full_name,asc`);
    members.push(...((await response.json()) as { data: Member[] }).data);
  }
  return members;
}

/** Hands out active demo members, each once, so every test has members nobody checked in yet (none the seed flagged or checked in). */
export function memberPicker(members: Member[]) {
  const used = new Set<string>([...DEMO_FLAGGED_PARTICIPANT_IDS, ...DEMO_VISITOR_PARTICIPANT_IDS]);
  return (wanted: (m: Member) => boolean): Member => {
    const found = members.find((m) => !used.has(m.id) && m.status === "Active" && wanted(m));
    if (!found) throw new Error("no demo member fits");
    used.add(found.id);
    return found;
  };
}

/** Today's visits of one member, from GET /api/check-in (the board call). */
export async function visitsToday(admin: HttpClient, memberId: string) {
  const day = localDay();
  const query = new URLSearchParams({ type: "notYetCheckout", all: "true", ...day, search: memberId });
  const response = await admin.request("GET", `/api/check-in?${query}`);
  type Visit = { member_id: string; check_out_time: string | null; pick_up_name: string | null; pick_up_relationship: string | null };
  return ((await response.json()) as { data: Visit[] }).data.filter(
    (r) => r.member_id === memberId,
  );
}

/** A check-in made by the admin through POST /api/check-in. */
export async function checkInByApi(admin: HttpClient, memberId: string) {
  const response = await admin.request("POST", "/api/check-in", { body: { memberId, type: "in", ...localDay() } });
  expect(response.status, await response.text()).toBe(200);
}

export type CheckInSuite = Awaited<ReturnType<typeof startCheckInSuite>>;

/**
 * One app (with the demo data), the admin's API client, and two browser contexts on /check-in: the
 * admin's board (live) and the kiosk. `close` ends them all.
 */
export async function startCheckInSuite(errors: string[]) {
  const app = await startApp();
  const contexts: BrowserContext[] = [];
  let browser: Browser | undefined;
  const close = async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app.stop();
  };
  try {
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
    await clearSignInLimits((await testServices()).redisUrl);
    const admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    const member = memberPicker(await loadMembers(admin));
    const signedIn = async (username: string) => {
      const session = await signedInPage(browser!, app.baseUrl, username, errors);
      contexts.push(session.context);
      return session;
    };
    const { page: staff } = await signedIn("admin@northside.demo");
    const { context: kioskContext, page: kiosk } = await signedIn("kiosk@northside.demo");
    await staff.goto("/check-in", { waitUntil: "networkidle" });
    await staff.getByTestId("live-state").getByText("Live", { exact: true }).waitFor();
    await kiosk.goto("/check-in", { waitUntil: "networkidle" });
    return { app, admin, staff, kiosk, kioskContext, member, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A screenshot in test/e2e/screenshots, once the dialog's animation ended. */
export async function snap(page: Page, name: string, dialog?: Locator) {
  if (dialog) await settled(dialog);
  await screenshot(page, name, "test/e2e/screenshots");
}

/** A barcode scan at the kiosk: the Member ID typed (lower case, as a scanner may) and Enter. */
export async function scan(kiosk: Page, memberId: string) {
  await kiosk.keyboard.type(memberId.toLowerCase(), { delay: 5 });
  await kiosk.keyboard.press("Enter");
}

/**
 * Scans a member the kiosk must refuse: its message (issue 15: the kiosk's own words, no dialog), which
 * clears itself; nothing is posted.
 */
export async function expectRefusedAtKiosk(kiosk: Page, admin: HttpClient, memberId: string, screenshotName: string, text: string) {
  // the kiosk posts at once (decision 045) and the server refuses: every POST answered 409, nothing recorded
  const posts: number[] = [];
  const listener = (r: { url(): string; request(): { method(): string }; status(): number }) =>
    void (r.url().endsWith("/api/check-in") && r.request().method() === "POST" && posts.push(r.status()));
  kiosk.on("response", listener);
  await scan(kiosk, memberId);
  const message = kiosk.getByTestId("kiosk-message");
  await message.getByText(text, { exact: true }).waitFor();
  expect(await message.getAttribute("role")).toBe("alert");
  expect(await kiosk.getByRole("dialog").count()).toBe(0);
  await snap(kiosk, screenshotName);
  kiosk.off("response", listener);
  expect(posts.filter((status) => status !== 409)).toEqual([]);
  expect(await visitsToday(admin, memberId)).toEqual([]);
  // the next member starts afresh: a key clears the message
  await kiosk.getByRole("button", { name: "Clear" }).click();
  await message.waitFor({ state: "detached" });
}
