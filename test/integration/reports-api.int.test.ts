import { decodeJwt, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { REPORT_NAMES, type ReportFigures } from "../../modules/reports";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Failure = { code: string; message: string };

/**
 * GET /api/report/{name} and its CSV (decision 092) on the demo data, real PostgreSQL and Redis: every dashboard
 * answers figures (the demo's check-ins show on first start), the CSV holds the JSON's columns and rows, bad input
 * is a 400 with a readable message (never a 500), and only 'view reports' staff may read them.
 */
describe("the dashboards' calls", () => {
  let app: InProcessApp;
  let admin: HttpClient, coach: HttpClient, maple: HttpClient;

  const call = async <T>(client: HttpClient, path: string, status = 200): Promise<T> => {
    const response = await client.request("GET", path);
    const text = await response.text();
    expect(response.status, `${path}: ${text.slice(0, 300)}`).toBe(status);
    return JSON.parse(text) as T;
  };

  beforeAll(async () => {
    app = await startInProcessApp("reports_api");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, coach, maple] = [new HttpClient(app.baseUrl), new HttpClient(app.baseUrl), new HttpClient(app.baseUrl)];
    await admin.signIn("admin@northside.demo");
    await coach.signIn("coach@northside.demo");
    await maple.signIn("admin@maple.demo");
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("answers every dashboard; the demo's check-ins are counted on first start; the CSV is the same figures", async () => {
    for (const name of REPORT_NAMES) {
      const figures = await call<ReportFigures>(admin, `/api/report/${name}`);
      expect(figures.name).toBe(name);
      expect(figures.columns.length).toBeGreaterThan(0);
      const response = await admin.request("GET", `/api/report/${name}/csv`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/csv");
      const lines = (await response.text()).trimEnd().split("\r\n");
      expect(lines[0]).toBe(figures.columns.map((c) => c.label).join(","));
      expect(lines.slice(1)).toEqual(figures.rows.map((r) => figures.columns.map((c) => String(r[c.key])).join(",")));
    }
    const attendance = await call<ReportFigures>(admin, "/api/report/attendance");
    expect(attendance.rows).toHaveLength(30);
    expect(attendance.rows.reduce((s, r) => s + Number(r.checkins), 0)).toBeGreaterThan(0);
    const members = await call<ReportFigures>(admin, "/api/report/members");
    expect(Number(members.summary[0]!.value)).toBeGreaterThan(0);
    // another organization sees its own figures, not Northside's
    const theirs = await call<ReportFigures>(maple, "/api/report/attendance");
    expect(theirs.rows.reduce((s, r) => s + Number(r.checkins), 0)).not.toBe(attendance.rows.reduce((s, r) => s + Number(r.checkins), 0));
  });

  it("filters by program, group, age band and gender, and draws long ranges per month", async () => {
    const all = await call<ReportFigures>(admin, "/api/report/attendance");
    const total = (f: ReportFigures) => f.rows.reduce((s, r) => s + Number(r.checkins), 0);
    const female = await call<ReportFigures>(admin, "/api/report/attendance?gender=Female");
    const male = await call<ReportFigures>(admin, "/api/report/attendance?gender=Male");
    expect(total(female) + total(male)).toBeLessThanOrEqual(total(all));
    expect(female.filters.gender).toBe("Female");
    const year = await call<ReportFigures>(admin, "/api/report/attendance?from=2025-01-01&to=2025-12-31");
    expect(year.bucket).toBe("month");
    expect(year.rows.map((r) => r.date)).toEqual(Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, "0")}`));
  });

  it("answers bad input with 400 and a readable message, never a 500", async () => {
    const bad: [string, RegExp][] = [
      ["/api/report/attendance?from=2026-05-01&to=2026-04-01", /^The start date must be on or before the end date$/],
      ["/api/report/attendance?from=2019-01-01&to=2026-01-01", /^The date range must be at most 5 years$/],
      ["/api/report/attendance?from=2026-02-30", /^Start date must be a real date$/],
      ["/api/report/attendance?to=yesterday", /^End date must be a date, YYYY-MM-DD$/],
      ["/api/report/attendance?program_id=no-such-program", /^Program not found/],
      ["/api/report/attendance?group_id=no-such-group", /^User group not found/],
      ["/api/report/attendance?age_band=7-8", /^Age band must be one of/],
      ["/api/report/attendance?gender=Robot", /^Gender must be one of/],
      ["/api/report/weekly-magic", /^Unknown report 'weekly-magic'/],
      ["/api/report/weekly-magic/csv", /^Unknown report 'weekly-magic'/],
    ];
    for (const [path, message] of bad) {
      const failure = await call<Failure>(admin, path, 400);
      expect(failure.message, path).toMatch(message);
      expect(Object.keys(failure).sort()).toEqual(["code", "message"]);
    }
  });

  it("lets only staff with 'view reports' read them", async () => {
    await call<Failure>(coach, "/api/report/attendance", 403);
    await call<Failure>(coach, "/api/report/attendance/csv", 403);
    const response = await new HttpClient(app.baseUrl).request("GET", "/api/report/attendance");
    expect(response.status).toBe(401);
  });

  it("embeds a configured Tableau report with a connected-app token made for the page view (decision 098)", async () => {
    const secret = "maple-connected-app-secret-value-0123456789";
    const save = async (report: Record<string, unknown>) => {
      const current = (await (await maple.request("GET", "/api/setting/organization")).json()) as { features: Record<string, unknown>; address: object };
      const body = { ...current, address: { ...current.address, street_address: "12 Maple Street", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3" }, features: { ...current.features, report } };
      const response = await maple.request("PUT", "/api/setting/organization", { body });
      expect(response.status, await response.clone().text()).toBe(200);
    };
    const nav = [
      { title: "Attendance Overview", tableau_link: "https://tableau.example.org/views/Attendance/Overview" },
      { title: "", tableau_link: "" },
      { title: "", tableau_link: "" },
    ];
    const report = { is_enabled: true, nav, client_id: "maple-client", user_email: "analyst@maple.demo", audience: "tableau", scope: "tableau:views:embed", algorithm: "HS256", secret_id: "maple-secret-id", secret_value: secret };
    await save(report);
    type Page = { page: { kind: string; title: string; link?: string; token?: string; problems?: string[] | null } };
    const data = "?_data=routes%2Freports.%24slug";
    const page = await eventually(async () => (await maple.request("GET", `/reports/attendance-overview${data}`)).json() as Promise<Page>, (p) => p.page?.kind === "ready");
    expect(page.page).toMatchObject({ title: "Attendance Overview", link: nav[0]!.tableau_link });
    const key = new TextEncoder().encode(secret);
    const { payload, protectedHeader } = await jwtVerify(page.page.token!, key, { issuer: "maple-client", audience: "tableau", subject: "analyst@maple.demo", algorithms: ["HS256"] });
    expect(protectedHeader).toMatchObject({ alg: "HS256", kid: "maple-secret-id", iss: "maple-client" });
    expect(payload.scp).toEqual(["tableau:views:embed"]);
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(300);
    expect(typeof payload.jti).toBe("string");
    // each view gets its own token; the page carries the web component with it, never the secret
    const again = (await (await maple.request("GET", `/reports/attendance-overview${data}`)).json()) as Page;
    expect(decodeJwt(again.page.token!).jti).not.toBe(payload.jti);
    const html = await (await maple.request("GET", "/reports/attendance-overview")).text();
    expect(html).toMatch(/<tableau-viz[^>]* src="https:\/\/tableau.example.org\/views\/Attendance\/Overview"/);
    expect(html).toMatch(/<tableau-viz[^>]* token="[\w-]+\.[\w-]+\.[\w-]+"/);
    expect(html).not.toContain(secret);
    expect((await maple.request("GET", `/reports/no-such-report${data}`)).status).toBe(404);
    // a misconfiguration: admins read what is wrong
    await save({ ...report, algorithm: "RS256" });
    const wrong = await eventually(async () => (await maple.request("GET", `/reports/attendance-overview${data}`)).json() as Promise<Page>, (p) => p.page?.kind === "misconfigured");
    expect(wrong.page.problems!.join(" ")).toContain("HS256");
    // the feature off: the page is not there
    await save({ ...report, is_enabled: false });
    await eventually(async () => (await maple.request("GET", `/reports/attendance-overview${data}`)).status, (status) => status === 404);
  });
});
