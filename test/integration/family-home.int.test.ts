import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFrom } from "../../modules/kernel";
import { dayBoundsIn, todayIn } from "../../modules/organizations";
import { demoOrganizations } from "../factories/demo-seed";
import { demoFamilyChildIds } from "../factories/family";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Person = Record<string, unknown> & {
  id: string;
  full_name: string;
  is_waiver_signed: boolean;
  showScreening: boolean;
  check_in_time: string | null;
  check_out_time: string | null;
  pick_up_name: string | null;
  pick_up_relationship: string | null;
  programs_and_events: { name: string }[];
};
type Home = {
  family: null | { parent: boolean; timeZone: string; today: string; screeningOn: boolean; canSignWaiver: boolean; children: { person: Person; month: { count: number; recent: { check_in_time: string }[] } }[] };
};

const northside = demoOrganizations.find((o) => o.domain === "northside.demo")!;
const maple = demoOrganizations.find((o) => o.domain === "maple.demo")!;
const maya = idFrom("demo", "participant", northside.id, "child", 1);
const leo = idFrom("demo", "participant", northside.id, "child", 2);
const [picked, unsigned] = demoFamilyChildIds(northside.id) as [string, string];
/** every field a card may carry: anything else (medical, notes, flags, the home address...) must not be there */
const CARD_FIELDS = ["id", "first_name", "full_name", "member_id", "is_waiver_signed", "showScreening", "hasfilled", "check_in_time", "check_out_time", "pick_up_name", "pick_up_relationship", "programs_and_events"];

/** The parents' home (decision 040) through its loader, on real PostgreSQL with the demo data. */
describe("the parents' home: each parent's own children, today's state, the waiver, this month's visits", () => {
  let app: InProcessApp;
  const clients: Record<string, HttpClient> = {};
  const home = async (who: string) => {
    const response = await clients[who]!.request("GET", "/?_data=routes%2F_index");
    expect(response.status).toBe(200);
    return (await response.json()) as Home;
  };
  const card = async (who: string, id: string) => (await home(who)).family!.children.find((c) => c.person.id === id);
  const signWaiver = (who: string, participantId: string) =>
    clients[who]!.request("POST", "/?index", {
      body: new URLSearchParams({ intent: "sign-waiver", participantId }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
    });

  beforeAll(async () => {
    app = await startInProcessApp("family");
    await clearSignInLimits((await testServices()).redisUrl);
    for (const who of ["family@northside.demo", "parent@northside.demo", "child1@northside.demo", "admin@northside.demo", "coach@northside.demo", "family@maple.demo", "kiosk@northside.demo"]) {
      clients[who] = new HttpClient(app.baseUrl);
      await clients[who].signIn(who);
    }
  }, 180_000);
  afterAll(() => app?.stop());

  it("shows the demo family's two children: one picked up today by the parent, one with a waiver to sign", async () => {
    const { family } = await home("family@northside.demo");
    expect(family).toMatchObject({ parent: true, screeningOn: false, canSignWaiver: true, timeZone: northside.timeZone });
    expect(family!.children.map((c) => c.person.id).sort()).toEqual([picked, unsigned].sort());
    const first = family!.children.find((c) => c.person.id === picked)!;
    expect(first.person.check_in_time).not.toBeNull();
    expect(first.person.check_out_time).not.toBeNull();
    expect(first.person.pick_up_name).toMatch(/^Farah /);
    expect(first.person.pick_up_relationship).toBe("Parent");
    expect(first.month.count).toBeGreaterThanOrEqual(1);
    expect(first.month.recent[0]!.check_in_time).toBe(first.person.check_in_time);
    const second = family!.children.find((c) => c.person.id === unsigned)!;
    expect(second.person.is_waiver_signed).toBe(false);
    expect(second.person.check_in_time).toBeNull();
    for (const c of family!.children) expect(Object.keys(c.person).every((k) => CARD_FIELDS.includes(k))).toBe(true);
  });

  it("shows a parent their own children only: another parent's child never appears", async () => {
    const own = (await home("parent@northside.demo")).family!.children.map((c) => c.person.id);
    expect(own.sort()).toEqual([maya, leo].sort());
    const other = (await home("family@northside.demo")).family!.children.map((c) => c.person.id);
    expect(other).not.toContain(maya);
    expect(other).not.toContain(leo);
    // the other organization's family is its own
    const mapleFamily = (await home("family@maple.demo")).family!;
    expect(mapleFamily.screeningOn).toBe(true);
    expect(mapleFamily.children.map((c) => c.person.id).sort()).toEqual(demoFamilyChildIds(maple.id).sort());
  });

  it("shows a member their own card, and staff no family at all", async () => {
    const member = (await home("child1@northside.demo")).family!;
    expect(member.parent).toBe(false);
    expect(member.canSignWaiver).toBe(false);
    expect(member.children.map((c) => c.person.id)).toEqual([maya]);
    expect((await home("admin@northside.demo")).family).toBeNull();
    expect((await home("coach@northside.demo")).family).toBeNull();
  });

  it("follows a child through the day: not checked in, checked in, picked up by whom and when", async () => {
    const before = (await card("parent@northside.demo", leo))!;
    expect([before.person.check_in_time, before.person.check_out_time]).toEqual([null, null]);
    const visitsBefore = before.month.count;
    const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
    const coach = clients["coach@northside.demo"]!;
    const detail = (await (await coach.request("GET", `/api/participant/${leo}`)).json()) as { member_id: string; pick_up_people: { id: string; name: string; relationship: string }[] };
    const checkedIn = await coach.request("POST", "/api/check-in", { body: { ...day, memberId: detail.member_id, type: "in" } });
    expect(checkedIn.status, await checkedIn.clone().text()).toBe(200);
    const inCard = await eventually(
      () => card("parent@northside.demo", leo),
      (c) => !!c?.person.check_in_time,
    );
    expect(inCard!.person.check_out_time).toBeNull();
    expect(inCard!.person.pick_up_name).toBeNull();
    expect(inCard!.month.count).toBe(visitsBefore + 1);

    const parent = detail.pick_up_people.find((p) => p.relationship === "Parent")!;
    const checkedOut = await coach.request("POST", "/api/check-in", { body: { ...day, memberId: detail.member_id, type: "out", pick_up_person_id: parent.id } });
    expect(checkedOut.status, await checkedOut.clone().text()).toBe(200);
    const outCard = await eventually(
      () => card("parent@northside.demo", leo),
      (c) => !!c?.person.check_out_time,
    );
    expect([outCard!.person.pick_up_name, outCard!.person.pick_up_relationship]).toEqual([parent.name, "Parent"]);
    expect(Date.parse(outCard!.person.check_out_time!)).toBeGreaterThanOrEqual(Date.parse(outCard!.person.check_in_time!));
    // the other family saw none of it
    expect((await home("family@northside.demo")).family!.children.map((c) => c.person.id)).not.toContain(leo);
  });

  it("gives 'Sign waiver' a fresh link for the parent's own unsigned child only", async () => {
    const own = await signWaiver("family@northside.demo", unsigned);
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toMatch(new RegExp(`^/sign-waiver/${unsigned}\\?token=[A-Za-z0-9_-]{20,}$`));
    // another parent's child: 404, and nothing about them
    const other = await signWaiver("family@northside.demo", maya);
    expect(other.status).toBe(404);
    const page = await other.text();
    expect(page).toContain("Participant not found");
    expect(page).not.toContain("Maya");
    // a child whose waiver is signed already
    expect((await signWaiver("family@northside.demo", picked)).status).toBe(409);
    // a member may not ask, not even for themselves
    expect((await signWaiver("child1@northside.demo", maya)).status).toBe(404);
  });

  it("shows staff today's figures from the board, the day's programs and the flags, and sends a kiosk to check-in (decision 097)", async () => {
    type Today = { day: string; inNow: number; visitsToday: number; expected: number; expectedArrived: number; programs: { registered: number; arrived: number }[]; stopFlags: number; warnFlags: number; unscreenedInNow: number | null };
    const { today } = (await (await clients["admin@northside.demo"]!.request("GET", "/?_data=routes%2F_index")).json()) as { today: Today | null; family: unknown };
    expect(today).not.toBeNull();
    const bounds = dayBoundsIn(northside.timeZone, new Date());
    const board = (await (
      await clients["admin@northside.demo"]!.request("GET", `/api/check-in?type=notYetCheckout&all=true&start=${encodeURIComponent(bounds.start)}&end=${encodeURIComponent(bounds.end)}`)
    ).json()) as { data: { participant_id: string; check_out_time: string | null }[]; additional_info: { programs: { participant_ids: string[] }[]; flags: { participant_id: string; stop: boolean; warn: boolean }[] } };
    expect(today!.day).toBe(todayIn(northside.timeZone, new Date()));
    expect(today!.visitsToday).toBe(board.data.length);
    expect(today!.inNow).toBe(new Set(board.data.filter((r) => !r.check_out_time).map((r) => r.participant_id)).size);
    const expected = new Set(board.additional_info.programs.flatMap((p) => p.participant_ids));
    const came = new Set(board.data.map((r) => r.participant_id));
    expect(today!.expected).toBe(expected.size);
    expect(today!.expectedArrived).toBe([...expected].filter((id) => came.has(id)).length);
    expect(today!.programs).toHaveLength(board.additional_info.programs.length);
    expect(today!.stopFlags).toBe(board.additional_info.flags.filter((f) => f.stop).length);
    expect(today!.warnFlags).toBe(board.additional_info.flags.filter((f) => f.warn).length);
    expect(today!.stopFlags + today!.warnFlags).toBeGreaterThan(0);
    // Northside does not ask for the daily screening: no such figure
    expect(today!.unscreenedInNow).toBeNull();
    // a parent's home has no staff figures; a kiosk's Home is the check-in screen
    expect(((await (await clients["family@northside.demo"]!.request("GET", "/?_data=routes%2F_index")).json()) as { today: unknown }).today).toBeNull();
    const kiosk = await clients["kiosk@northside.demo"]!.request("GET", "/");
    expect(kiosk.status).toBe(302);
    expect(kiosk.headers.get("location")).toBe("/check-in");
  });

  it("answers /help with whom to ask when no support form is configured (decision 099)", async () => {
    const admin = await (await clients["admin@northside.demo"]!.request("GET", "/help")).text();
    expect(admin).toContain("Get In Touch");
    expect(admin).toContain("Customize Scoreboard");
    const parent = await clients["family@northside.demo"]!.request("GET", "/help");
    expect(parent.status).toBe(200);
    const html = await parent.text();
    expect(html).toContain("please ask a staff member of");
    expect(html).not.toContain("Customize Scoreboard");
  });
});
