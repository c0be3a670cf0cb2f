import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditDate } from "../../modules/audit";
import { CHECK_IN_HEADER, parseExportCsv } from "../../modules/exports";
import { dayBoundsIn, todayIn } from "../../modules/organizations";
import { DEMO_FLAGGED_PARTICIPANT_IDS, demoOrganizations } from "../factories/demo-seed";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, waitForProjections, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string; full_name: string; is_waiver_signed: boolean; pick_up_permission: string };
type ExportItem = { id: string; status: string; rows: number | null; download_url: string | null; file_name: string };
const INDEPENDENT = "Child may travel to and from the facility independently";
const TORONTO = "America/Toronto";
const VANCOUVER = "America/Vancouver";
const MESSAGE = "Time Zone must be a valid time zone, e.g. America/Vancouver";

/** MM/DD/YYYY and MM-DD-YYYY of a 'YYYY-MM-DD' day. */
const slashed = (ymd: string) => `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}`;
const dashed = (ymd: string) => `${ymd.slice(5, 7)}-${ymd.slice(8, 10)}-${ymd.slice(0, 4)}`;

/**
 * The latest instant of the last 23 hours (a minute back at least) that is still "yesterday" in
 * Vancouver but already "today" in Toronto: between Toronto's midnight and Vancouver's, every day.
 */
function yesterdayInVancouverTodayInToronto(now = Date.now()): Date {
  for (let back = 2; back < 23 * 60; back += 1) {
    const at = new Date(now - back * 60_000);
    if (todayIn(TORONTO, at) !== todayIn(VANCOUVER, at)) return at;
  }
  throw new Error("no such instant in the last 23 hours");
}

describe("the organization's time zone over the API (decision 032), on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let admin: HttpClient;
  let coach: HttpClient;
  let mapleAdmin: HttpClient;
  let members: Member[];

  const settingsOf = async (client: HttpClient) => (await (await client.request("GET", "/api/setting/organization")).json()) as Record<string, unknown> & { time_zone: string };
  const put = (client: HttpClient, body: unknown) => client.request("PUT", "/api/setting/organization", { body });
  const list = async (client: HttpClient) => ((await (await client.request("GET", "/api/export")).json()) as { data: ExportItem[] }).data;
  const finished = async (client: HttpClient, id: string): Promise<ExportItem> =>
    eventually(async () => (await list(client)).find((e) => e.id === id), (item) => !!item && item.status !== "Requested", { timeoutMs: 30_000, everyMs: 100 }) as Promise<ExportItem>;
  const exportCheckIns = async (day: string) => {
    const asked = await admin.request("POST", "/api/export", { body: { kind: "check-ins", filters: { from: day, to: day } } });
    expect(asked.status, await asked.clone().text()).toBe(202);
    const { data } = (await asked.json()) as { data: { id: string; file_name: string } };
    const done = await finished(admin, data.id);
    expect(done.status).toBe("Completed");
    const file = await admin.request("GET", done.download_url!);
    return { fileName: data.file_name, rows: await parseExportCsv(Buffer.from(await file.arrayBuffer()).toString("utf8")) };
  };

  beforeAll(async () => {
    app = await startInProcessApp("time_zone");
    const { redisUrl } = await testServices();
    await clearSignInLimits(redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    coach = new HttpClient(app.baseUrl);
    await coach.signIn("coach@northside.demo");
    mapleAdmin = new HttpClient(app.baseUrl);
    await mapleAdmin.signIn("admin@maple.demo");
    const report = (await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] };
    members = report.data;
  }, 120_000);
  afterAll(() => app?.stop());

  it("seeds Maple Street School in Vancouver and Northside in Toronto", async () => {
    expect(demoOrganizations.map((o) => [o.name, o.timeZone])).toEqual([["Maple Street School", VANCOUVER], ["Northside Youth Centre", TORONTO]]);
    expect((await settingsOf(mapleAdmin)).time_zone).toBe(VANCOUVER);
    expect((await settingsOf(admin)).time_zone).toBe(TORONTO);
  });

  it("sets the zone with PUT and reads it back with GET; an unknown zone is a 400 and changes nothing", async () => {
    const { id: _id, main_color: _c, ...current } = await settingsOf(admin);
    const settings = { ...current, address: { street_address: "12 Northside Road", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3" } };
    for (const bad of ["Mars/Olympus", "+05:00", "Vancouver", 42]) {
      const refused = await put(admin, { ...settings, time_zone: bad });
      expect(refused.status, String(bad)).toBe(400);
      expect(await refused.json()).toEqual({ code: "VALIDATION", message: MESSAGE });
    }
    const saved = await put(admin, { ...settings, time_zone: "america/vancouver" });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toEqual({ message: "Organization successfully updated" });
    expect((await eventually(() => settingsOf(admin), (s) => s.time_zone !== TORONTO)).time_zone).toBe(VANCOUVER);
    // a client that does not know the setting leaves it as it is
    const { time_zone: _tz, ...withoutZone } = settings;
    expect((await put(admin, { ...withoutZone, phone_number: "604-555-0100" })).status).toBe(200);
    const after = await eventually(() => settingsOf(admin), (s) => s.phone_number === "604-555-0100");
    expect(after.time_zone).toBe(VANCOUVER);
  });

  it("puts a check-in that is 'yesterday' in Vancouver but 'today' in Toronto on Vancouver's day: board and export", async () => {
    await eventually(() => settingsOf(admin), (s) => s.time_zone === VANCOUVER);
    const at = yesterdayInVancouverTodayInToronto();
    const vancouverDay = todayIn(VANCOUVER, at);
    const torontoDay = todayIn(TORONTO, at);
    expect(torontoDay > vancouverDay).toBe(true);
    const member = members.find((m) => m.is_waiver_signed && m.pick_up_permission === INDEPENDENT && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id))!;
    // the day the check-in screens send: the organization's, in its zone
    const day = dayBoundsIn(VANCOUVER, at);
    const checkedIn = await coach.request("POST", "/api/check-in", { body: { memberId: member.member_id, type: "in", time: at.toISOString(), ...day } });
    expect(checkedIn.status, await checkedIn.clone().text()).toBe(200);
    await waitForProjections(app.baseUrl);

    const board = (await (await coach.request("GET", `/api/check-in?${new URLSearchParams({ type: "notYetCheckout", all: "true", ...day, search: member.member_id })}`)).json()) as { data: { member_id: string; check_in_time: string }[] };
    expect(board.data.map((r) => [r.member_id, r.check_in_time])).toEqual([[member.member_id, at.toISOString()]]);

    // the CSV of Vancouver's day holds it, dated and timed in Vancouver; Vancouver's next day (Toronto's date) does not
    const inVancouver = await exportCheckIns(vancouverDay);
    expect(inVancouver.fileName).toBe(`check-ins-${dashed(vancouverDay)}.csv`);
    expect(inVancouver.rows[0]).toEqual([...CHECK_IN_HEADER]);
    const row = inVancouver.rows.find((r) => r[1] === member.full_name);
    expect(row, "the check-in is on Vancouver's day").toBeDefined();
    expect(row![6]).toBe(slashed(vancouverDay));
    const time = new Intl.DateTimeFormat("en-US", { timeZone: VANCOUVER, hour: "2-digit", minute: "2-digit", hour12: true }).format(at).toLowerCase();
    expect(row![4]).toBe(time);
    const nextDay = await exportCheckIns(torontoDay);
    expect(nextDay.rows.find((r) => r[1] === member.full_name)).toBeUndefined();
  });

  it("writes the audit CSV's times in the organization's zone", async () => {
    const flagged = members.find((m) => DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id))!;
    const audit = (await (await admin.request("GET", `/api/audit/participant/${flagged.id}`)).json()) as { timeline: { occurredAt: string }[] };
    expect(audit.timeline.length).toBeGreaterThan(0);
    const response = await admin.request("GET", `/api/audit/participant/${flagged.id}/timeline.csv`);
    expect(response.status).toBe(200);
    const rows = await parseExportCsv(await response.text());
    expect(rows[1]![0]).toBe(auditDate(audit.timeline[0]!.occurredAt, VANCOUVER));
    expect(rows[1]![0]).not.toBe(auditDate(audit.timeline[0]!.occurredAt, TORONTO));
  });
});
