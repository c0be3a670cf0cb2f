import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pickedUpByText } from "../../modules/check-in/client";
import { parseExportCsv, PARTICIPANT_HEADER } from "../../modules/exports";
import { dayBoundsIn, todayIn } from "../../modules/organizations";
import { DEMO_VISITS, DEMO_VISITS_STILL_IN } from "../factories/check-ins";
import { DEMO_FLAGGED_PARTICIPANT_IDS, DEMO_VISITOR_PARTICIPANT_IDS } from "../factories/demo-seed";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, waitForProjections, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string; full_name: string; is_waiver_signed: boolean; pick_up_permission: string; created_date: string };
type ExportItem = { id: string; status: string; download_url: string | null };
type BoardRow = { id: string; member_id: string; check_in_time: string; check_out_time: string | null; pick_up_name: string | null; pick_up_relationship: string | null; security_code: string | null };
const INDEPENDENT = "Child may travel to and from the facility independently";
const TORONTO = "America/Toronto";
/** UTC+14 all year: from 10:00 UTC on, its date is already the next day's */
const KIRITIMATI = "Pacific/Kiritimati";

const CHECK_IN_COLUMNS = ["Member ID", "Name", "Contact email", "Contact number", "Check-in time", "Check-out time", "Date", "Program Registered", "Picked up by", "Time zone"];
const slashed = (ymd: string) => `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}`;
const clock = (at: Date, timeZone: string) => new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", minute: "2-digit", hour12: true }).format(at).toLowerCase();
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The most recent 12:00 or 20:00 UTC at least an hour ago (so at most 17 hours ago): in Kiritimati it is
 * 02:00 or 10:00 of the next day, so the organization's date and the UTC date differ.
 */
function nextDayInKiritimati(now = Date.now()): Date {
  for (let back = 60; back < 24 * 60; back++) {
    const at = new Date(Math.floor((now - back * 60_000) / 60_000) * 60_000);
    if (at.getUTCMinutes() === 0 && (at.getUTCHours() === 12 || at.getUTCHours() === 20)) return at;
  }
  throw new Error("no 12:00 or 20:00 UTC in the last day");
}

/**
 * Issue 15, 'Exports agree with the screens' (decision 041), over the API with the worker, on real
 * PostgreSQL and Redis: the check-in CSV's 'Picked up by' says what the board says; every CSV writes its
 * times in the organization's zone and names it.
 */
describe("exports agree with the screens: Picked up by, and times in the organization's named zone", () => {
  let app: InProcessApp;
  let admin: HttpClient;
  let coach: HttpClient;
  let members: Member[];
  const used = new Set<string>([...DEMO_FLAGGED_PARTICIPANT_IDS, ...DEMO_VISITOR_PARTICIPANT_IDS]);
  const fresh = (pred: (m: Member) => boolean) => {
    const found = members.find((m) => !used.has(m.id) && m.is_waiver_signed && pred(m))!;
    used.add(found.id);
    return found;
  };

  const list = async () => ((await (await admin.request("GET", "/api/export")).json()) as { data: ExportItem[] }).data;
  const exported = async (body: unknown): Promise<string[][]> => {
    const asked = await admin.request("POST", "/api/export", { body });
    expect(asked.status, await asked.clone().text()).toBe(202);
    const { data } = (await asked.json()) as { data: { id: string } };
    const done = await eventually(async () => (await list()).find((e) => e.id === data.id), (e) => !!e && e.status !== "Requested", { timeoutMs: 30_000, everyMs: 100 });
    expect(done!.status).toBe("Completed");
    return parseExportCsv(Buffer.from(await (await admin.request("GET", done!.download_url!)).arrayBuffer()).toString("utf8"));
  };
  const board = async (day: { start: string; end: string }, search = "") =>
    ((await (await coach.request("GET", `/api/check-in?${new URLSearchParams({ type: "notYetCheckout", all: "true", ...day, search })}`)).json()) as { data: BoardRow[] }).data;

  beforeAll(async () => {
    app = await startInProcessApp("exports_screens");
    await clearSignInLimits((await testServices()).redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    coach = new HttpClient(app.baseUrl);
    await coach.signIn("coach@northside.demo");
    members = ((await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] }).data;
    await waitForProjections(app.baseUrl);
  }, 120_000);
  afterAll(() => app?.stop());

  it("seeds today's visits with security codes, some collected by a listed adult, so the board and the CSV show them", async () => {
    const today = todayIn(TORONTO, new Date());
    // the seed's visitors of the day; the demo family's child may have a visit of their own (decision 040)
    const visitorMemberIds = new Set(members.filter((m) => DEMO_VISITOR_PARTICIPANT_IDS.has(m.id)).map((m) => m.member_id));
    const day = await eventually(() => board(dayBoundsIn(TORONTO, new Date())), (r) => r.filter((x) => visitorMemberIds.has(x.member_id)).length >= DEMO_VISITS);
    const rows = day.filter((r) => visitorMemberIds.has(r.member_id));
    expect(rows).toHaveLength(DEMO_VISITS);
    expect(rows.every((r) => /^[ACDEFGHJKMNPQRTUVWXY34679]{4}$/.test(r.security_code ?? ""))).toBe(true);
    expect(new Set(rows.map((r) => r.security_code)).size).toBe(DEMO_VISITS);
    expect(rows.filter((r) => !r.check_out_time)).toHaveLength(DEMO_VISITS_STILL_IN);
    const collected = rows.filter((r) => r.check_out_time && r.pick_up_name !== "NA");
    expect(collected.length).toBeGreaterThan(0);

    const csv = await exported({ kind: "check-ins", filters: { from: today, to: today } });
    expect(csv[0]).toEqual(CHECK_IN_COLUMNS);
    expect(csv).toHaveLength(1 + day.length);
    for (const r of rows) {
      const line = csv.find((c) => c[0] === r.member_id)!;
      expect(line[8], r.member_id).toBe(pickedUpByText(r.pick_up_name, r.pick_up_relationship));
      expect(line[8] === "", r.member_id).toBe(!r.check_out_time || r.pick_up_name === "NA");
    }
  });

  it("fills 'Picked up by' for a child collected by an adult of their list, as the board names them, and leaves it blank otherwise", async () => {
    const day = dayBoundsIn(TORONTO, new Date());
    const today = todayIn(TORONTO, new Date());
    const collected = fresh((m) => m.pick_up_permission !== INDEPENDENT);
    const alone = fresh((m) => m.pick_up_permission === INDEPENDENT);
    const stays = fresh(() => true);
    for (const m of [collected, alone, stays]) expect((await coach.request("POST", "/api/check-in", { body: { ...day, memberId: m.member_id, type: "in" } })).status).toBe(200);
    const detail = (await (await coach.request("GET", `/api/participant/${collected.id}`)).json()) as { pick_up_people: { id: string; name: string; relationship: string }[] };
    const person = detail.pick_up_people.at(-1)!;
    const out = await coach.request("POST", "/api/check-in", { body: { ...day, memberId: collected.member_id, type: "out", pick_up_person_id: person.id } });
    expect(out.status, await out.clone().text()).toBe(200);
    expect((await coach.request("POST", "/api/check-in", { body: { ...day, memberId: alone.member_id, type: "out" } })).status).toBe(200);
    await waitForProjections(app.baseUrl);

    const csv = await exported({ kind: "check-ins", filters: { from: today, to: today } });
    const line = (m: Member) => csv.find((r) => r[0] === m.member_id)!;
    expect(line(collected)[8]).toBe(`${person.name} (${person.relationship})`);
    const [onBoard] = await board(day, collected.member_id);
    expect(pickedUpByText(onBoard!.pick_up_name, onBoard!.pick_up_relationship)).toBe(line(collected)[8]);
    expect(line(alone)[5]).not.toBe("");
    expect(line(alone)[8]).toBe("");
    expect(line(stays)[5]).toBe("");
    expect(line(stays)[8]).toBe("");
  });

  it("writes every CSV's dates and times in the organization's zone, far from UTC, and names the zone", async () => {
    const settings = (await (await admin.request("GET", "/api/setting/organization")).json()) as Record<string, unknown>;
    const { id: _id, main_color: _c, ...current } = settings;
    const saved = await admin.request("PUT", "/api/setting/organization", { body: { ...current, address: { street_address: "1 Main Road", city: "London", state: "Line Islands", postal_code: "00000" }, time_zone: KIRITIMATI } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await eventually(async () => (await (await admin.request("GET", "/api/setting/organization")).json()) as { time_zone: string }, (s) => s.time_zone === KIRITIMATI);

    // a visit at 12:00 or 20:00 UTC: the next day in Kiritimati, checked out half an hour later by an adult of the list
    const at = nextDayInKiritimati();
    const outAt = new Date(at.getTime() + 30 * 60_000);
    const localDay = todayIn(KIRITIMATI, at);
    expect(localDay).not.toBe(utcDay(at));
    const day = dayBoundsIn(KIRITIMATI, at);
    const m = fresh((x) => x.pick_up_permission !== INDEPENDENT);
    expect((await coach.request("POST", "/api/check-in", { body: { ...day, memberId: m.member_id, type: "in", time: at.toISOString() } })).status).toBe(200);
    const person = ((await (await coach.request("GET", `/api/participant/${m.id}`)).json()) as { pick_up_people: { id: string }[] }).pick_up_people[0]!;
    const out = await coach.request("POST", "/api/check-in", { body: { ...day, memberId: m.member_id, type: "out", time: outAt.toISOString(), pick_up_person_id: person.id } });
    expect(out.status, await out.clone().text()).toBe(200);
    // and a note on the member, for the audit CSV
    expect((await admin.request("POST", "/api/note", { body: { user_id: m.id, message: "Picked up early today", type: "Away" } })).status).toBe(200);
    await waitForProjections(app.baseUrl);

    // check-ins: the visit is on Kiritimati's date, its times are Kiritimati's, every row names the zone
    const checkIns = await exported({ kind: "check-ins", filters: { from: localDay, to: localDay, timeZone: "UTC" } });
    expect(checkIns[0]).toEqual(CHECK_IN_COLUMNS);
    const visit = checkIns.find((r) => r[0] === m.member_id)!;
    expect(visit.slice(4, 7)).toEqual([clock(at, KIRITIMATI), clock(outAt, KIRITIMATI), slashed(localDay)]);
    expect(visit[4]).not.toBe(clock(at, "UTC"));
    expect(checkIns.slice(1).map((r) => r[9])).toEqual(checkIns.slice(1).map(() => KIRITIMATI));
    // the UTC date of the visit is another day in Kiritimati: that export does not hold it
    expect((await exported({ kind: "check-ins", filters: { from: utcDay(at), to: utcDay(at) } })).find((r) => r[0] === m.member_id)).toBeUndefined();

    // participants: the created date in the zone, the zone named
    const participants = await exported({ kind: "participants", filters: { statuses: ["Active"], search: m.member_id } });
    expect(participants[0]!.at(-1)).toBe("Time zone");
    const createdColumn = PARTICIPANT_HEADER.indexOf("Created date");
    expect(participants[0]![createdColumn]).toBe("Created date");
    const created = new Date(m.created_date);
    expect(participants[1]!.slice(createdColumn)).toEqual([slashed(todayIn(KIRITIMATI, created)), KIRITIMATI]);

    // the audit CSV (the download and the note and flag history export): the date and the exact instant in the zone, the zone named
    const audit = (await (await admin.request("GET", `/api/audit/participant/${m.id}`)).json()) as { timeline: { occurredAt: string; action: string }[] };
    const noted = audit.timeline.find((e) => e.action === "Note created")!;
    const download = await parseExportCsv(await (await admin.request("GET", `/api/audit/participant/${m.id}/timeline.csv`)).text());
    const history = await exported({ kind: "flag-history", filters: { participantId: m.id, timeZone: "UTC" } });
    for (const rows of [download, history]) {
      expect(rows[0]).toEqual(["Date", "Timestamp", "Actor", "Role", "Record", "Action", "Record ID", "Comment ID", "What changed", "Before", "After", "Time zone"]);
      const row = rows.find((r) => r[5] === "Note created")!;
      const local = new Intl.DateTimeFormat("en-US", { timeZone: KIRITIMATI, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: true }).format(new Date(noted.occurredAt));
      expect(row[0]).toBe(local.replace(", ", " at "));
      expect(row[1]).toMatch(/\+14:00$/);
      expect(new Date(row[1]!).toISOString()).toBe(noted.occurredAt);
      expect(row[11]).toBe(KIRITIMATI);
    }
  });
});
