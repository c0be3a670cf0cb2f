import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../modules/programs";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { DEMO_WEEKLY_PROGRAMS } from "../factories/program-builder";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; dob: string | null };
type Program = { id: string; name: string; registered_count: number; waitlist_count: number; sessions: { week_day: number; start_time: string; end_time: string }[]; status: string };
type Failure = { code: string; message: string };

const ADDRESS = { street_address: "1 Main Street", city: "Toronto", state: "Ontario", postal_code: "M5V 1A1" };

describe("programs over the API on real PostgreSQL (decision 044)", () => {
  let app: InProcessApp;
  let admin: HttpClient, coach: HttpClient, parent: HttpClient, maple: HttpClient;
  let members: Member[];
  const today = new Date().toISOString().slice(0, 10);
  const cycle = { start: addDays(today, -60), end: addDays(today, 200) };
  let next = 0;
  const take = (n: number) => {
    const out = members.slice(next, next + n);
    next += n;
    expect(out).toHaveLength(n);
    return out;
  };

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const body = (over: Record<string, unknown> = {}) => ({
    name: "Homework Club",
    type: "registered",
    activity_type: "Academic Support",
    start_date: cycle.start,
    end_date: cycle.end,
    sessions: [
      { week_day: 2, start_time: "15:30", end_time: "17:00" },
      { week_day: 6, start_time: "10:00", end_time: "12:00" },
    ],
    members_limit: 20,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) =>
    (await json<{ message: string; data: Program }>(await admin.request("POST", "/api/program", { body: body(over) }))).data;
  const register = (programId: string, participantId: string, client = admin) =>
    client.request("POST", `/api/program/${programId}/registration`, { body: { participant_id: participantId } });
  const refused = async (response: Response, status = 400) => json<Failure>(response, status);

  beforeAll(async () => {
    app = await startInProcessApp("programs-api");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, coach, parent, maple] = [0, 1, 2, 3].map(() => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await coach.signIn("coach@northside.demo");
    await parent.signIn("parent@northside.demo");
    await maple.signIn("admin@maple.demo");
    // the organization's program settings: a cycle around today, Saturdays on, Sundays off, no per-member limit
    const current = (await (await admin.request("GET", "/api/setting/organization")).json()) as Record<string, unknown>;
    const features = current.features as Record<string, Record<string, unknown>>;
    const settings = {
      ...current,
      address: { ...(current.address as object), ...ADDRESS },
      features: { ...features, program: { ...features.program, is_enabled: true, program_cycle_start: cycle.start, program_cycle_end: cycle.end, has_saturday: true, has_sunday: false } },
    };
    await json(await admin.request("PUT", "/api/setting/organization", { body: settings }));
    await eventually(
      async () => (await (await admin.request("GET", "/api/setting/organization")).json()) as { features: { program: { program_cycle_start: string } } },
      (s) => s.features.program.program_cycle_start === cycle.start,
    );
    const report = await json<{ data: Member[] }>(await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active"));
    // members with a date of birth, none of the demo's flagged ones
    members = report.data.filter((m) => m.dob && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id));
  }, 180_000);
  afterAll(() => app?.stop());

  it("shows the demo's six weekly programs with registrations, and waitlists where they are full", async () => {
    for (const client of [admin, maple]) {
      const list = await json<{ data: Program[] }>(await client.request("GET", "/api/program?size=100&sort=name"));
      const demo = new Map(list.data.map((p) => [p.name, p]));
      for (const name of DEMO_WEEKLY_PROGRAMS.map((d) => d.program.name)) expect(demo.get(name)?.registered_count, name).toBeGreaterThan(0);
      expect(demo.get("Girls Basketball")).toMatchObject({ registered_count: 12 });
      expect(demo.get("Girls Basketball")!.waitlist_count).toBeGreaterThan(0);
      expect(demo.get("Coding Club")).toMatchObject({ registered_count: 10, waitlist_count: 4 });
    }
  });

  it("creates, reads, lists, searches and edits a program with the generic messages", async () => {
    const created = await json<{ message: string; data: Program }>(await admin.request("POST", "/api/program", { body: body({ name: "Chess Club" }) }));
    expect(created.message).toBe("Program successfully created");
    expect(created.data).toMatchObject({ name: "Chess Club", status: "active", registered_count: 0, waitlist_count: 0 });
    expect(created.data.sessions).toEqual([
      { week_day: 2, start_time: "15:30", end_time: "17:00" },
      { week_day: 6, start_time: "10:00", end_time: "12:00" },
    ]);
    const one = await json<Program>(await coach.request("GET", `/api/program/${created.data.id}`));
    expect(one.name).toBe("Chess Club");
    const list = await json<{ data: Program[]; count: number }>(await coach.request("GET", "/api/program?search=chess&page=0&size=10&sort=name"));
    expect(list.data.map((p) => p.id)).toContain(created.data.id);
    expect(list.count).toBeGreaterThanOrEqual(1);
    const updated = await json<{ message: string; data: Program }>(
      await admin.request("PUT", `/api/program/${created.data.id}`, { body: body({ name: "Chess Club", sessions: [{ week_day: 4, start_time: "16:00", end_time: "18:00" }] }) }),
    );
    expect(updated.message).toBe("Program successfully updated");
    expect(updated.data.sessions).toEqual([{ week_day: 4, start_time: "16:00", end_time: "18:00" }]);
    expect((await refused(await coach.request("GET", "/api/program?sort=colour"))).message).toMatch(/^Sort must be one of/);
  });

  it("answers bad input with 400 and a message naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sessions: [{ week_day: 2, start_time: "05:00", end_time: "07:00" }] }, "Session 1: Start Time must be at or after 6:00 AM, the organization's schedule start"],
      [{ sessions: [{ week_day: 2, start_time: "17:00", end_time: "16:00" }] }, "Session 1: End Time must be after Start Time"],
      [{ start_date: addDays(cycle.end, 1), end_date: addDays(cycle.end, 20) }, `Start Date must be within the program cycle (${cycle.start} to ${cycle.end})`],
      [{ end_date: addDays(cycle.start, -1) }, "End Date must be on or after Start Date"],
      [{ sessions: [{ week_day: 0, start_time: "10:00", end_time: "11:00" }] }, "Session 1: Week Day cannot be Sunday: the organization has no Sunday programs"],
      [{ coach_ids: ["not-a-coach"] }, "Coaches: not-a-coach is not a staff member of this organization"],
      [{ name: "" }, "Name is required"],
      [{ type: "camp" }, "Type must be event, dropin, partner or registered"],
    ];
    for (const [over, message] of cases) {
      const failure = await refused(await admin.request("POST", "/api/program", { body: body(over) }));
      expect(failure, JSON.stringify(over)).toEqual({ code: "VALIDATION", message });
    }
    const program = await create({ members_limit: 5 });
    for (const m of take(2)) await json(await register(program.id, m.id));
    const below = await refused(await admin.request("PUT", `/api/program/${program.id}`, { body: body({ members_limit: 1 }) }));
    expect(below.message).toBe("Members Limit cannot be below the 2 participants registered");
  });

  it("refuses callers without the permission (403) and another organization's program (404)", async () => {
    const program = await create({ name: "Private Club" });
    expect((await refused(await coach.request("POST", "/api/program", { body: body() }), 403)).code).toBe("FORBIDDEN");
    expect((await parent.request("GET", "/api/program")).status).toBe(403);
    expect((await refused(await maple.request("GET", `/api/program/${program.id}`), 404)).code).toBe("PROGRAM_NOT_FOUND");
    expect((await maple.request("PUT", `/api/program/${program.id}`, { body: body() })).status).toBe(404);
    expect((await maple.request("DELETE", `/api/program/${program.id}`)).status).toBe(404);
    expect((await register(program.id, members[0]!.id, maple)).status).toBe(404);
    const theirs = await json<{ data: Program[] }>(await maple.request("GET", "/api/program?size=100"));
    expect(theirs.data.map((p) => p.id)).not.toContain(program.id);
  });

  it("waitlists past capacity, refuses a double registration and promotes in order when a place frees", async () => {
    const program = await create({ name: "Small Group", members_limit: 2 });
    const [a, b, c, d] = take(4) as [Member, Member, Member, Member];
    expect((await json<{ message: string }>(await register(program.id, a.id))).message).toBe("Registration successfully created");
    await json(await register(program.id, b.id));
    const waiting = await json<{ message: string; data: { status: string; position: number } }>(await register(program.id, c.id));
    expect(waiting).toEqual({ message: "The program is full: the participant is number 1 on the waitlist.", data: { participant_id: c.id, status: "waitlisted", position: 1 } });
    await json(await register(program.id, d.id));
    expect((await refused(await register(program.id, a.id), 409)).code).toBe("ALREADY_REGISTERED");
    expect((await refused(await register(program.id, d.id), 409)).code).toBe("ALREADY_WAITLISTED");
    const gone = await json<{ message: string; promoted: string[] }>(await admin.request("DELETE", `/api/program/${program.id}/registration/${a.id}`));
    expect(gone).toEqual({ message: "Registration successfully deleted", promoted: [c.id] });
    const roster = await json<{ data: { participant_id: string }[]; waitlist: { participant_id: string; position: number }[] }>(
      await coach.request("GET", `/api/program/${program.id}/registration`),
    );
    expect(roster.data.map((r) => r.participant_id)).toEqual([b.id, c.id]);
    expect(roster.waitlist.map((w) => [w.participant_id, w.position])).toEqual([[d.id, 1]]);
  });

  it("refuses an ineligible participant with the reason", async () => {
    const toddlers = await create({ name: "Toddler Time", age_min: 0, age_max: 1 });
    const failure = await refused(await register(toddlers.id, members[0]!.id), 409);
    expect(failure.code).toBe("NOT_ELIGIBLE");
    expect(failure.message).toMatch(/^This program is for ages 0 to 1; the participant is \d+\.$/);
  });

  it("gives exactly 10 of 50 concurrent registrations the last 10 places and waitlists 40", async () => {
    const program = await create({ name: "Last Places", members_limit: 12 });
    for (const m of take(2)) await json(await register(program.id, m.id));
    const racers = take(50);
    const answers = await Promise.all(racers.map(async (m) => json<{ data: { status: string } }>(await register(program.id, m.id))));
    const statuses = answers.map((a) => a.data.status);
    expect(statuses.filter((s) => s === "registered")).toHaveLength(10);
    expect(statuses.filter((s) => s === "waitlisted")).toHaveLength(40);
    const after = await json<Program>(await admin.request("GET", `/api/program/${program.id}`));
    expect([after.registered_count, after.waitlist_count]).toEqual([12, 40]);
    const stream = await app.app.core.store.readStream(`program-${program.id}`);
    expect(stream.events.filter((e) => e.type === "ParticipantRegisteredToProgram")).toHaveLength(12);
  }, 120_000);

  it("builds a resent creation once, copies, archives and deletes only an unused program", async () => {
    const headers = { "Idempotency-Key": "build-once-1" };
    const first = await json<{ data: Program }>(await admin.request("POST", "/api/program", { body: body({ name: "Once" }), headers }));
    const again = await json<{ data: Program }>(await admin.request("POST", "/api/program", { body: body({ name: "Once" }), headers }));
    expect(again.data.id).toBe(first.data.id);
    const copy = await json<{ message: string; data: Program & { copied_from: string } }>(await admin.request("POST", `/api/program/${first.data.id}/copy`, { body: {} }));
    expect(copy.data).toMatchObject({ name: "Copy of Once", copied_from: first.data.id, registered_count: 0 });
    expect(copy.data.sessions).toEqual(first.data.sessions);
    // started already: archive, not delete
    expect((await refused(await admin.request("DELETE", `/api/program/${first.data.id}`), 409)).code).toBe("PROGRAM_IN_USE");
    const archived = await json<{ message: string; data: Program }>(await admin.request("POST", `/api/program/${first.data.id}/archive`, { body: {} }));
    expect(archived).toMatchObject({ message: "Program successfully archived", data: { status: "archived" } });
    expect((await refused(await register(first.data.id, members[0]!.id), 409)).code).toBe("PROGRAM_ARCHIVED");
    const active = await json<{ data: Program[] }>(await admin.request("GET", "/api/program?size=1000"));
    expect(active.data.map((p) => p.id)).not.toContain(first.data.id);
    // not started, nobody registered: deleted, then unknown
    const future = await create({ name: "Next Term", start_date: addDays(today, 30) });
    expect(await json(await admin.request("DELETE", `/api/program/${future.id}`))).toEqual({ message: "Program successfully deleted" });
    expect((await admin.request("GET", `/api/program/${future.id}`)).status).toBe(404);
  });
});
