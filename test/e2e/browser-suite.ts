import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { signedInPage } from "./check-in-helpers";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";

/**
 * An area's browser test file: its own app (the seeded demo data, projections caught up) and one Chromium,
 * started before the file's tests and closed after them. `signIn` opens a signed-in page in a context of its
 * own (closed with the file); page errors of every signed-in page land in `errors`, which a test expects empty.
 */
export function browserSuite() {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    await waitForProjections(app.baseUrl);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  return {
    errors,
    async signIn(username: string) {
      const session = await signedInPage(browser!, app!.baseUrl, username, errors);
      contexts.push(session.context);
      return session;
    },
  };
}
