import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HealthReport } from "../../modules/kernel";
import { launchBrowser, screenshot, startApp, type RunningApp } from "./harness";

describe("health", () => {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const consoleErrors: string[] = [];
  const requestedUrls: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    page.on("request", (request) => requestedUrls.push(request.url()));
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("GET /api/health answers the report as JSON", async () => {
    const response = await fetch(`${app!.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const report = (await response.json()) as HealthReport;
    expect(report.ok).toBe(true);
    expect(report.role).toBe("all");
    const names = report.components.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["PostgreSQL", "Redis"]));
    expect(report.projections.map((p) => p.name)).toContain("event-stats");
  });

  it("shows /health in the browser", async () => {
    const report = (await (await fetch(`${app!.baseUrl}/api/health`)).json()) as HealthReport;

    const response = await page.goto(`${app!.baseUrl}/health`, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe("Health · Rollcall");
    await page.getByRole("heading", { name: "System health", level: 1 }).waitFor();
    expect(await page.getByText("All systems operational", { exact: true }).isVisible()).toBe(true);

    const components = page.getByRole("region", { name: "Components" });
    for (const component of report.components) {
      const row = components.getByRole("row").filter({ has: page.getByRole("rowheader", { name: component.name, exact: true }) });
      expect(await row.count(), `row for ${component.name}`).toBe(1);
      expect(await row.getByText("OK", { exact: true }).isVisible()).toBe(true);
    }
    for (const name of ["PostgreSQL", "Redis"]) {
      expect(await components.getByRole("rowheader", { name, exact: true }).count(), `row for ${name}`).toBe(1);
    }

    const projections = page.getByRole("region", { name: "Projections" });
    expect(await projections.getByRole("rowheader", { name: "event-stats", exact: true }).count()).toBe(1);

    await screenshot(page, "health");
    // hydrated without complaint, and nothing fetched from anywhere but the app
    expect(consoleErrors).toEqual([]);
    expect(requestedUrls.filter((url) => !url.startsWith(app!.baseUrl))).toEqual([]);
  });
});
