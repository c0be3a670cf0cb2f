import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { audit } from "./axe";
import { launchBrowser, screenshot } from "./harness";

/**
 * The mail pages in a browser (decision 059), at desktop and phone sizes with axe: the development outbox
 * (its list and a message: the HTML sandboxed, the text), then an unsubscribe link confirmed with the
 * button, and a forged link. One app (NODE_ENV=test: /dev/mail is not served in production), one browser.
 */
const SHOTS = "test/e2e/screenshots/mail";
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

let app: InProcessApp | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  app = await startInProcessApp("mail-e2e");
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function newsletterRow() {
  const until = Date.now() + 15_000;
  for (;;) {
    const { rows } = await app!.app.core.pool.query<{ id: string; status: string; headers: Record<string, string> }>("select id, status, headers from mail_outbox where kind = 'newsletter'");
    if (rows[0] && rows[0].status !== "queued") return rows[0];
    if (Date.now() > until) throw new Error("the demo newsletter did not settle");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("mail pages in the browser", () => {
  it("shows the outbox and a message, and unsubscribes from a link; no serious axe violation", async () => {
    const newsletter = await newsletterRow();
    const unsubscribePath = new URL(/^<(.+)>$/.exec(newsletter.headers["List-Unsubscribe"]!)![1]!).pathname;
    const problems: string[] = [];
    for (const size of SIZES) {
      const context = await browser!.newContext({ viewport: size, baseURL: app!.baseUrl });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));

      await page.goto("/dev/mail", { waitUntil: "networkidle" });
      await page.getByRole("heading", { name: "Mail Outbox" }).waitFor();
      await page.getByTestId("dev-mail-list").getByRole("link", { name: "This week at Northside Youth Centre" }).waitFor();
      problems.push(...(await audit(page, `/dev/mail @${size.name}`)));
      await screenshot(page, `dev-mail-${size.name}`, SHOTS);

      await page.getByRole("link", { name: "This week at Northside Youth Centre" }).click();
      await page.waitForURL(`**/dev/mail/${newsletter.id}`);
      await page.getByRole("heading", { name: "This week at Northside Youth Centre", level: 1 }).waitFor();
      await expect.poll(() => page.getByTestId("dev-mail-text").textContent()).toContain("Spring programs open for registration on Monday.");
      const frame = page.frameLocator('[data-testid="dev-mail-html"]');
      await frame.getByRole("link", { name: "See the programs" }).waitFor();
      problems.push(...(await audit(page, `/dev/mail/${newsletter.id} @${size.name}`)));
      await screenshot(page, `dev-mail-message-${size.name}`, SHOTS);

      await page.goto("/unsubscribe/forged.link", { waitUntil: "networkidle" });
      await page.getByTestId("unsubscribe-invalid").getByText("This unsubscribe link is not valid.").waitFor();
      problems.push(...(await audit(page, `/unsubscribe/forged @${size.name}`)));

      await page.goto(unsubscribePath, { waitUntil: "networkidle" });
      if (size.name === "desktop") {
        await page.getByText("Stop the newsletters of Northside Youth Centre to parent@northside.demo?").waitFor();
        problems.push(...(await audit(page, `/unsubscribe @${size.name}`)));
        await screenshot(page, `unsubscribe-${size.name}`, SHOTS);
        await page.getByRole("button", { name: "Unsubscribe" }).click();
      }
      // the second size finds the address already unsubscribed
      await page.getByTestId("unsubscribe-done").getByText("You are unsubscribed: parent@northside.demo no longer receives newsletters from Northside Youth Centre.").waitFor();
      problems.push(...(await audit(page, `/unsubscribe done @${size.name}`)));
      await screenshot(page, `unsubscribe-done-${size.name}`, SHOTS);

      expect(errors).toEqual([]);
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
