import { Redis } from "ioredis";
import pg from "pg";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { DEMO_PASSWORD } from "../factories/demo-seed";
import { clearSignInLimits } from "../support/http-client";
import { testServices } from "../support/services";

/** Waits for the element's open or close animation (Radix menus and dialogs) to end. */
export const settled = (locator: Locator): Promise<void> =>
  locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished))).then(() => undefined);

/** The reset-request limit per address outlives one run (15 minutes in the shared Redis). */
export async function clearForgotPasswordLimit() {
  const redis = new Redis((await testServices()).redisUrl);
  try {
    const keys = await redis.keys("rollcall:ratelimit:forgot-password:*");
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

/** The mails queued in the app's outbox (no mail server runs: the text alternative is `body`, decision 059), oldest first. */
export async function outbox(databaseUrl: string): Promise<{ to_address: string; subject: string; body: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ to_address: string; subject: string; body: string }>("select to_address, subject, body from mail_outbox order by id");
    return rows;
  } finally {
    await client.end();
  }
}

/** Signs a browser page in through the API as a demo account (the sign-in limit cleared first). */
export async function signIn(page: Page, baseUrl: string, username: string) {
  await clearSignInLimits((await testServices()).redisUrl);
  const csrf = ((await (await page.request.get(`${baseUrl}/api/auth/csrf`)).json()) as { csrf: string }).csrf;
  const response = await page.request.post(`${baseUrl}/api/auth/login`, { data: { username, password: DEMO_PASSWORD }, headers: { "x-csrf-token": csrf } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * page.goto, then waits until the page's own requests have been quiet for `quietMs` (the live socket's
 * excepted): the data a page fetches once hydrated is in, without "networkidle"'s fixed half second.
 */
export async function gotoSettled(page: Page, path: string, quietMs = 150) {
  const inFlight = new Set<unknown>();
  const started = (request: { url(): string }) => void (request.url().includes("/socket.io/") || inFlight.add(request));
  const ended = (request: unknown) => void inFlight.delete(request);
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    const response = await page.goto(path, { waitUntil: "load" });
    let quietSince = Date.now();
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      await page.waitForTimeout(25);
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) break;
    }
    return response;
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}
