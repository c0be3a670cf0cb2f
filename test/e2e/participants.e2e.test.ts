import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, startApp, waitForProjections, type RunningApp } from "./harness";
import { signIn } from "./page-helpers";

const SCREENSHOTS = fileURLToPath(new URL("./screenshots", import.meta.url));

async function shot(page: Page, name: string) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe("the participant list (/participants) in the browser", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let baseUrl: string;
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const rows = () => page.getByRole("table").locator("tbody tr");
  const query = () => new URL(page.url()).searchParams;
  const status = () => page.getByRole("navigation", { name: "Pagination" }).getByText(/^Page \d+ of \d+$/);

  beforeAll(async () => {
    app = await startApp();
    baseUrl = app.baseUrl;
    await waitForProjections(baseUrl);
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await signIn(page, baseUrl, "admin@northside.demo");
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("lists 10 of the 200 participants, newest first, with the paginator", async () => {
    await page.goto(`${baseUrl}/participants`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Participants", level: 1 }).waitFor();
    expect(await page.title()).toBe("Northside Youth Centre | Participants");
    await page.getByTestId("participant-count").getByText("200 participants").waitFor();
    expect(await rows().count()).toBe(10);
    expect(await status().textContent()).toBe("Page 1 of 20");
    expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
    const headers = await page.getByRole("table").getByRole("columnheader").allTextContents();
    // the Edit links' column for those who create participant profiles (decision 065), and their own accounts' invitations (decision 068)
    expect(headers).toEqual(["Photo", "Full Name", "Member ID", "Status", "Waiver Signed", "Age", "Invitation", "Actions"]);
    for (const id of await page.getByTestId("member-id").allTextContents()) expect(id).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    await shot(page, "participants-list");
  });

  it("finds one participant by Member ID after the debounce, and shows them all again when cleared", async () => {
    const memberId = (await page.getByTestId("member-id").nth(6).textContent())!;
    const name = (await rows().nth(6).getByRole("rowheader").textContent())!;
    const search = page.getByRole("searchbox", { name: "Search by name or Member ID" });
    await search.fill(memberId.toLowerCase());
    // nothing happens before the 1000 ms debounce
    await page.waitForTimeout(500);
    expect(query().get("search")).toBeNull();
    await page.waitForURL((url) => url.searchParams.get("search") === memberId.toLowerCase());
    await page.getByTestId("participant-count").getByText("1 participant", { exact: true }).waitFor();
    expect(await rows().count()).toBe(1);
    expect(await rows().first().getByRole("rowheader").textContent()).toBe(name);
    expect(await page.getByTestId("member-id").textContent()).toBe(memberId);
    await shot(page, "participants-search");

    await search.fill("");
    await page.waitForURL((url) => !url.searchParams.has("search"));
    await page.getByTestId("participant-count").getByText("200 participants").waitFor();
    expect(await rows().count()).toBe(10);
  });

  it("goes to a page only from 1 to the total", async () => {
    const goTo = page.getByLabel("Go to page");
    await goTo.fill("21");
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await page.getByRole("alert").getByText("Enter a page from 1 to 20").waitFor();
    expect(query().get("page")).toBeNull();
    expect(await status().textContent()).toBe("Page 1 of 20");
    await shot(page, "participants-go-to-page-refused");
    for (const bad of ["0", "-3", "2.5", "abc"]) {
      await goTo.fill(bad);
      await page.getByRole("button", { name: "Go", exact: true }).click();
      await page.getByRole("alert").waitFor();
      expect(query().get("page"), bad).toBeNull();
    }

    await goTo.fill("20");
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "19");
    await status().getByText("Page 20 of 20").waitFor();
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Previous" }).click();
    await status().getByText("Page 19 of 20").waitFor();
  });

  it("changes the page size to 20 and sorts by name", async () => {
    await page.getByRole("combobox", { name: "Rows per page" }).click();
    expect(await page.getByRole("option").allTextContents()).toEqual(["10", "20", "40", "60", "80"]);
    await page.getByRole("option", { name: "20", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("size") === "20");
    await status().getByText("Page 1 of 10").waitFor();
    expect(await rows().count()).toBe(20);
    await shot(page, "participants-size-20");

    await page.getByRole("combobox", { name: "Sort by" }).click();
    await page.getByRole("option", { name: "Name A-Z" }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "full_name,asc");
    const byName = (list: string[]) => [...list].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
    const headers = page.getByRole("table").getByRole("rowheader");
    const sortedPage = async () => {
      const list = await headers.allTextContents();
      return list.length === 20 && list.join() === byName(list).join();
    };
    await expect.poll(sortedPage, { timeout: 5000 }).toBe(true);
    const names = await headers.allTextContents();
    // the state is in the URL: a reload shows the same list
    await page.reload({ waitUntil: "networkidle" });
    expect(await page.getByRole("table").getByRole("rowheader").allTextContents()).toEqual(names);
  });

  it("hides the paginator on a phone", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/participants`, { waitUntil: "networkidle" });
    expect(await rows().count()).toBe(10);
    expect(await page.getByRole("navigation", { name: "Pagination" }).isVisible()).toBe(false);
    await shot(page, "participants-phone");
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
