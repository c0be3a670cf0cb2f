import { describe, expect, it } from "vitest";
import { auditEverySize } from "./axe";
import { browserSuite } from "./browser-suite";
import { screenshot } from "./harness";
import { gotoSettled } from "./page-helpers";

/**
 * The built-in dashboards (decisions 092-094) in real Chromium on the demo data: every dashboard renders with
 * figures (the demo's check-ins), its chart draws, its table opens, the CSV downloads the table's figures; a
 * range upside down shows the message; axe and no sideways scrolling at desktop, tablet and phone.
 */
describe("the /reports dashboards", () => {
  const suite = browserSuite();

  it("renders every dashboard with the demo's figures, a chart, a table and a CSV", async () => {
    const found: string[] = [];
    const { page } = await suite.signIn("admin@northside.demo");
    await gotoSettled(page, "/reports");
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();
    for (const title of ["Attendance over time", "Check-ins by hour of the week", "Members active, new and lapsed", "Program attendance rates", "Flags raised and resolved", "Screening completion", "Survey completions", "Points earned and spent"])
      await page.getByRole("heading", { name: title, level: 2 }).waitFor();
    const attendance = page.getByRole("region", { name: "Attendance over time", exact: true });
    // real figures: the demo's check-ins of the last 30 days
    const checkIns = Number((await attendance.locator(".rt-DataListValue").first().innerText()).replace(/\D/g, ""));
    expect(checkIns).toBeGreaterThan(0);
    // the chart is drawn (an SVG with bars or a line) and named by its text alternative
    const chart = attendance.getByRole("img", { name: /^Attendance over time: .* check-ins from / });
    await chart.locator("svg.recharts-surface").first().waitFor();
    await attendance.getByText("Table view").click();
    await attendance.getByRole("region", { name: "Attendance over time table" }).getByRole("columnheader", { name: "Check-ins" }).waitFor();
    await screenshot(page, "reports-desktop");
    await auditEverySize(page, "reports", found);
    await page.setViewportSize({ width: 768, height: 1024 });
    await screenshot(page, "reports-tablet");

    const download = page.waitForEvent("download");
    await attendance.getByRole("link", { name: /Download CSV/ }).click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of csv) chunks.push(c as Buffer);
    const lines = Buffer.concat(chunks).toString("utf8").trim().split("\r\n");
    expect(lines[0]).toBe("Date,Check-ins,Members checked in");
    expect(lines.length).toBe(31);
    expect(lines.slice(1).reduce((s, l) => s + Number(l.split(",")[1]), 0)).toBe(checkIns);

    await gotoSettled(page, "/reports?from=2026-05-01&to=2026-04-01");
    await page.getByRole("alert").getByText("The start date must be on or before the end date").waitFor();
    expect(found).toEqual([]);
    expect(suite.errors).toEqual([]);
  }, 240_000);

  it("embeds a configured Tableau report: the web component, served by the app, upgraded with the page view's token", async () => {
    const { page } = await suite.signIn("admin@maple.demo");
    // no Tableau server here: its requests are refused at once
    await page.route("https://tableau.example.org/**", (route) => route.abort());
    const csrf = ((await (await page.request.get("/api/auth/csrf")).json()) as { csrf: string }).csrf;
    const current = (await (await page.request.get("/api/setting/organization")).json()) as { features: Record<string, unknown>; address: object };
    const nav = [{ title: "Attendance Overview", tableau_link: "https://tableau.example.org/views/Attendance/Overview" }, { title: "", tableau_link: "" }, { title: "", tableau_link: "" }];
    const report = { is_enabled: true, nav, client_id: "maple-client", user_email: "analyst@maple.demo", audience: "tableau", scope: "tableau:views:embed", algorithm: "HS256", secret_id: "sid", secret_value: "a-secret-value-for-the-browser-test-123" };
    const saved = await page.request.put("/api/setting/organization", {
      headers: { "x-csrf-token": csrf },
      data: { ...current, address: { ...current.address, street_address: "12 Maple Street", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3" }, features: { ...current.features, report } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await expect.poll(async () => (await page.request.get("/reports/attendance-overview")).status(), { timeout: 15_000 }).toBe(200);
    await gotoSettled(page, "/reports/attendance-overview");
    await page.getByRole("heading", { name: "Attendance Overview", level: 1 }).waitFor();
    await page.waitForFunction(() => !!window.customElements.get("tableau-viz"), undefined, { timeout: 15_000 });
    const viz = page.locator("tableau-viz");
    expect(await viz.getAttribute("src")).toBe(nav[0]!.tableau_link);
    expect(await viz.getAttribute("token")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await screenshot(page, "reports-tableau");
  }, 120_000);
});
