import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFrom } from "../../modules/kernel";
import { DEFAULT_TIME_ZONE, todayIn } from "../../modules/organizations";
import { VISITS_PAGE_SIZE } from "../../modules/participants/client";
import { demoOrganizations } from "../factories/demo-seed";

import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Visit = { id: string; check_in_time: string; check_out_time: string | null; pick_up_name?: string | null; security_code?: string | null; programs_and_events: { name: string }[] };
type Profile = {
  found: boolean;
  tab: string;
  tabs: string[];
  timeZone: string;
  participant: { id: string; full_name: string };
  person: Record<string, unknown> & { is_flagged: boolean; is_warned: boolean; flags?: { data: { type: string; message: string }[] } };
  waiver: Record<string, unknown>;
  groups: { id: string; name: string }[];
  visits: null | { data: Visit[]; count: number; page: number; pages: number; size: number };
  notesToday: null | { count: number; data: { id: string; message: string }[] };
  programs: null | { registered: { name: string; registered: boolean }[]; dropIn: { name: string; registered: boolean }[] };
};

const NORTHSIDE = demoOrganizations[1].id;
/** the n-th generated demo participant of Northside (test/factories/participants.ts) */
const demo = (index: number) => idFrom("demo", "participant", NORTHSIDE, index);
/** seeded (test/factories/visits.ts): 1 is a regular (12 visits), 3 has no signed waiver (no visits), 27 a stop flag and visits, 26 never came */
const VISITOR = demo(1);
const STOP_FLAGGED = demo(27);
const NO_VISITS = demo(26);

describe("the participant profile page's loader on real PostgreSQL (decision 039)", () => {
  let app: InProcessApp;
  const clients: Record<"admin" | "coach" | "parent" | "participant" | "kiosk" | "maple", HttpClient> = {} as never;

  /** The page's loader data (Remix's data request), and its status. */
  const load = async (client: HttpClient, id: string, query = "") => {
    const response = await client.request("GET", `/participants/${id}?${query}${query ? "&" : ""}_data=${encodeURIComponent("routes/participants_.$id")}`);
    const text = await response.text();
    return { status: response.status, text, body: (response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : null) as Profile | null };
  };
  const ok = async (client: HttpClient, id: string, query = "") => {
    const { status, text, body } = await load(client, id, query);
    expect(status, text).toBe(200);
    return body!;
  };

  beforeAll(async () => {
    app = await startInProcessApp("profile");
    await clearSignInLimits((await testServices()).redisUrl);
    for (const role of ["admin", "coach", "parent", "participant", "kiosk"] as const) {
      clients[role] = new HttpClient(app.baseUrl);
      await clients[role].signIn(`${role}@northside.demo`);
    }
    clients.maple = new HttpClient(app.baseUrl);
    await clients.maple.signIn("admin@maple.demo");
  }, 180_000);
  afterAll(() => app?.stop());

  it("opens on the Overview for staff: the person through the admin's field policy, the waiver with who signed it, no tab's data loaded", async () => {
    const p = await ok(clients.admin, VISITOR);
    expect(p.tab).toBe("overview");
    expect(p.tabs).toEqual(["overview", "visits", "notes", "programs"]);
    expect(p.person).toHaveProperty("medical_conditions");
    expect(p.person).toHaveProperty("pickup_contacts");
    expect(p.person).toHaveProperty("email");
    expect(p.person.is_waiver_signed).toBe(true);
    expect(typeof p.waiver.waiver_signed_by).toBe("string");
    expect(p.visits).toBeNull();
    expect(p.notesToday).toBeNull();
    expect(p.programs).toBeNull();
    // an unknown tab is the Overview
    expect((await ok(clients.admin, VISITOR, "tab=points")).tab).toBe("overview");
  });

  it("a coach sees medical needs and who collects the child, not the home address or the record's history", async () => {
    const p = await ok(clients.coach, VISITOR);
    expect(p.person).toHaveProperty("medical_conditions");
    expect(p.person).toHaveProperty("pickup_contacts");
    expect(p.person).not.toHaveProperty("email");
    expect(p.person).not.toHaveProperty("address");
    expect(p.waiver).not.toHaveProperty("waiver_signed_by");
    expect(p.waiver).not.toHaveProperty("waiver_signed_at");
  });

  it("shows a stop-flagged participant's flag with its reason on the Overview", async () => {
    const p = await ok(clients.admin, STOP_FLAGGED);
    expect(p.person.is_flagged).toBe(true);
    expect(p.person.flags!.data.some((f) => f.type === "stop" && f.message.length > 0)).toBe(true);
    // flagged after its visits: the history is there
    expect((await ok(clients.admin, STOP_FLAGGED, "tab=visits")).visits!.count).toBe(4);
  });

  it("Visits: the seeded history newest first, paged, each with times, who picked up, the security code and the day's programs", async () => {
    const p = await ok(clients.admin, VISITOR, "tab=visits");
    expect(p.tab).toBe("visits");
    const visits = p.visits!;
    // the history's 12 past visits, and today's visit of the demo family's child (decision 040) when the seed gave one
    const today = todayIn(DEFAULT_TIME_ZONE, new Date());
    const past = visits.data.filter((v) => todayIn(DEFAULT_TIME_ZONE, new Date(v.check_in_time)) !== today);
    expect(visits.count - (visits.data.length - past.length)).toBe(12);
    expect(visits.data.length - past.length).toBeLessThanOrEqual(1);
    expect(visits.page).toBe(0);
    expect(visits.pages).toBe(Math.ceil(visits.count / VISITS_PAGE_SIZE));
    const times = visits.data.map((v) => v.check_in_time);
    expect([...times].sort().reverse()).toEqual(times);
    for (const v of past) {
      expect(v.check_out_time! > v.check_in_time).toBe(true);
      expect(v).toHaveProperty("pick_up_name");
      expect(v.security_code).toMatch(/^[A-Z0-9]{4}$/);
      expect(Array.isArray(v.programs_and_events)).toBe(true);
    }
    // the last page, and a page past it answers the last page
    expect(visits.pages).toBe(2);
    {
      const last = (await ok(clients.admin, VISITOR, `tab=visits&page=${visits.pages}`)).visits!;
      expect(last.page).toBe(visits.pages - 1);
      expect(last.data.length).toBe(visits.count - (visits.pages - 1) * VISITS_PAGE_SIZE);
      expect((await ok(clients.admin, VISITOR, "tab=visits&page=999")).visits!.page).toBe(visits.pages - 1);
      expect(new Set([...last.data, ...visits.data].map((v) => v.id)).size).toBe(last.data.length + visits.data.length);
    }
  });

  it("Visits: a participant without visits has none and no pages (no 'Page 0 of 0')", async () => {
    const visits = (await ok(clients.admin, NO_VISITS, "tab=visits")).visits!;
    expect(visits).toMatchObject({ count: 0, pages: 0, page: 0, data: [] });
    // no signed waiver: the check-in rules refused the seed's visits
    expect((await ok(clients.admin, demo(3), "tab=visits")).visits!.count).toBe(0);
  });

  it("the other demo organization's participants have visits too, in its own time zone", async () => {
    const maple = await ok(clients.maple, idFrom("demo", "participant", demoOrganizations[0].id, 1), "tab=visits");
    expect(maple.timeZone).toBe("America/Vancouver");
    expect(maple.visits!.count).toBe(12);
  });

  it("Notes: today's notes the viewer may read; a note for admins only is not a coach's", async () => {
    // the seed's note of the day and the flag's note, for a flagged visitor
    const flagged = (await ok(clients.admin, STOP_FLAGGED, "tab=notes")).notesToday!;
    expect(flagged.count).toBe(2);
    const admin = await ok(clients.admin, VISITOR, "tab=notes");
    expect(admin.notesToday!.count).toBe(0);
    const adminsGroup = admin.groups.find((g) => /admin/i.test(g.name))!;
    const created = await clients.admin.request("POST", "/api/note", { body: { user_id: VISITOR, message: "Only for the admins: custody question", role_ids: [adminsGroup.id] } });
    expect(created.status, await created.text()).toBe(200);
    const note = await clients.admin.request("POST", "/api/note", { body: { user_id: VISITOR, message: "Everyone: picked up early today" } });
    expect(note.status).toBe(200);
    const messages = async (client: HttpClient) => {
      for (let i = 0; i < 50; i++) {
        const found = (await ok(client, VISITOR, "tab=notes")).notesToday!.data.map((n) => n.message);
        if (found.includes("Everyone: picked up early today")) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error("the note never reached the notes read model");
    };
    expect(await messages(clients.admin)).toContain("Only for the admins: custody question");
    const coach = await messages(clients.coach);
    expect(coach).not.toContain("Only for the admins: custody question");
  });

  it("Programs: the programs the participant is registered to, and the drop-in programs open to all", async () => {
    const p = await ok(clients.admin, VISITOR, "tab=programs");
    const programs = p.programs!;
    expect(programs.registered.every((r) => r.registered)).toBe(true);
    expect(programs.dropIn.every((r) => !r.registered)).toBe(true);
    expect(programs.registered.length + programs.dropIn.length).toBeGreaterThan(0);
  });

  it("members, parents and the kiosk are refused the page (the house's 'Forbidden Page', 403); another organization's participant and a malformed id are 404", async () => {
    for (const role of ["parent", "participant", "kiosk"] as const) {
      const { status, text } = await load(clients[role], VISITOR);
      expect(status, role).toBe(403);
      expect(text).toBe("Forbidden Page");
    }
    const child = idFrom("demo", "participant", NORTHSIDE, "child", 1);
    // not even the parent's own child: the profile is a staff page (parents' home is theirs)
    expect((await load(clients.parent, child)).status).toBe(403);
    const foreign = await load(clients.maple, VISITOR, "tab=visits");
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ found: false });
    expect((await load(clients.admin, "not-a-uuid")).status).toBe(404);
  });
});
