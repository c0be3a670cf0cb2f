import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../factories/demo-seed";
import { clearSignInLimits } from "../support/http-client";
import { testServices } from "../support/services";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";

const SCREENSHOTS = fileURLToPath(new URL("./screenshots", import.meta.url));

async function shot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

type ReportRow = { id: string; full_name: string; is_waiver_signed: boolean };

describe("the waiver link in the browser: a signed-out parent signs once", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let admin: BrowserContext;
  let parent: BrowserContext;
  let baseUrl: string;
  const pageErrors: string[] = [];
  let member: ReportRow;
  let link: string;

  beforeAll(async () => {
    app = await startApp();
    baseUrl = app.baseUrl;
    await waitForProjections(baseUrl);
    browser = await launchBrowser();
    admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await clearSignInLimits((await testServices()).redisUrl);
    const csrf = ((await (await admin.request.get(`${baseUrl}/api/auth/csrf`)).json()) as { csrf: string }).csrf;
    const login = await admin.request.post(`${baseUrl}/api/auth/login`, { data: { username: "admin@northside.demo", password: DEMO_PASSWORD }, headers: { "x-csrf-token": csrf } });
    expect(login.status(), await login.text()).toBe(200);
    // a fresh context: no session, no cookies, as a parent opening the e-mailed link
    parent = await browser.newContext({ viewport: { width: 900, height: 900 } });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("as admin, gets a link through the API for a member without a waiver", async () => {
    const report = (await (await admin.request.get(`${baseUrl}/api/participant_report?size=80&statuses=Active`)).json()) as { data: ReportRow[] };
    member = report.data.find((row) => !row.is_waiver_signed)!;
    expect(member, "a demo member without a waiver").toBeDefined();
    const response = await admin.request.get(`${baseUrl}/api/user-detail/waiver-token?participant_id=${member.id}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { token: string; expires_at: string; url: string };
    expect(body.url).toBe(`/sign-waiver/${member.id}?token=${body.token}`);
    link = `${baseUrl}${body.url}`;
  });

  it("opens the link signed out: the name, the waiver, and 'Full Name is required' on an empty submit", async () => {
    const page = await parent.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const response = await page.goto(link, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    expect(await page.title()).toContain("Sign Waiver");
    await page.getByRole("heading", { name: "Sign Waiver", level: 1 }).waitFor();
    await page.getByText(member.full_name, { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Participation Waiver and Consent" }).waitFor();
    for (const heading of ["1. Taking part", "2. Medical emergencies", "3. Photos and video"]) await page.getByRole("heading", { name: heading }).waitFor();
    await shot(page, "waiver-sign");

    await page.getByRole("button", { name: "Sign Waiver" }).click();
    await page.getByText("Full Name is required").waitFor();
    await page.getByText("Consent is required").waitFor();
    expect(page.url()).toBe(link);
    await shot(page, "waiver-sign-required");

    await page.getByLabel("Full Name").fill("Ngozi Okafor");
    await page.getByLabel("I have read this waiver").check();
    await page.getByRole("button", { name: "Sign Waiver" }).click();
    await page.getByText("Thank you: the waiver is signed.").waitFor();
    expect(await page.getByRole("link", { name: "View the signed waiver" }).getAttribute("href")).toBe(`/view-waiver/${member.id}`);
    await shot(page, "waiver-signed");
    await page.close();
  });

  it("opens the link again: 400 'Token expired' with the sub-text, and nothing about the member", async () => {
    const page = await parent.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const response = await page.goto(link, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(400);
    await page.getByText("Token expired", { exact: true }).waitFor();
    await page.getByText("This waiver link has expired. Please contact support to have it resent.").waitFor();
    expect(await page.getByText(member.full_name).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Sign Waiver" }).count()).toBe(0);
    await shot(page, "waiver-token-expired");
    await page.close();
  });

  it("shows the signed waiver to the admin: who, when, the address; and a 404 page to the signed-out parent", async () => {
    await waitForProjections(baseUrl);
    const page = await admin.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
    expect((await page.goto(`${baseUrl}/view-waiver/${member.id}`, { waitUntil: "networkidle" }))?.status()).toBe(200);
    const signature = page.getByTestId("waiver-signature");
    await signature.getByText("Ngozi Okafor").waitFor();
    expect(await signature.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)/);
    expect(await signature.textContent()).toContain("127.0.0.1");
    await shot(page, "waiver-view");

    const outsider = await parent.newPage();
    expect((await outsider.goto(`${baseUrl}/view-waiver/${member.id}`, { waitUntil: "networkidle" }))?.status()).toBe(404);
    await outsider.getByRole("heading", { name: "404 - Page Not Found" }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
