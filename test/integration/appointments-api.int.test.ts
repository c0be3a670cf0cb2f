import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointmentStreamId, handleEventCommand } from "../../modules/appointments";
import { systemClock } from "../../modules/kernel";
import { appointmentsProjection } from "../../projections/appointments";
import { buildShadow } from "../../projections";
import { DEMO_EVENTS } from "../factories/appointments";
import { dumpTables } from "../support/read-model";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, waitForProjections, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; email: string };
type Event = { id: string; name: string; start_date: string; end_date: string; capacity: number | null; points: number; registered_count: number; attendees_count: number; absent_count: number };
type Failure = { code: string; message: string };
type Report = {
  data: (Record<string, unknown> & { id: string; attendance: string | null; points: number })[];
  count: number;
  event: { name: string; start_date: string; end_date: string; attendees: number; absentees: number; registered: number; points: number };
};

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

describe("events over the API on real PostgreSQL (decision 047)", () => {
  let app: InProcessApp;
  let admin: HttpClient, coach: HttpClient, parent: HttpClient, maple: HttpClient;
  let members: Member[];
  let mapleMember: Member;
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
    name: "Zoo Trip",
    description: "Animals all day",
    start_date: inHours(24 * 10),
    end_date: inHours(24 * 10 + 6),
    capacity: 20,
    location: "City Zoo",
    points: 15,
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => (await json<{ data: Event }>(await admin.request("POST", "/api/appointment/event", { body: body(over) }))).data;
  const register = (eventId: string, participantId: string, client = admin) =>
    client.request("POST", `/api/appointment/event/${eventId}/registration`, { body: { participant_id: participantId } });
  const refused = async (response: Response, status = 400) => json<Failure>(response, status);

  beforeAll(async () => {
    app = await startInProcessApp("appointments-api");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, coach, parent, maple] = [0, 1, 2, 3].map(() => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await coach.signIn("coach@northside.demo");
    await parent.signIn("parent@northside.demo");
    await maple.signIn("admin@maple.demo");
    members = (await json<{ data: Member[] }>(await admin.request("GET", "/api/participant_report?page=0&size=1000"))).data;
    mapleMember = (await json<{ data: Member[] }>(await maple.request("GET", "/api/participant_report?page=0&size=10"))).data[0]!;
  }, 180_000);
  afterAll(() => app?.stop());

  it("shows each demo organization's events: a past trip with its attendance, an upcoming camp full to its capacity", async () => {
    const [trip, camp] = DEMO_EVENTS as [(typeof DEMO_EVENTS)[number], (typeof DEMO_EVENTS)[number]];
    for (const client of [admin, maple]) {
      const list = await json<{ data: Event[] }>(await client.request("GET", "/api/appointment/event?size=100&sort=start_date"));
      const byName = new Map(list.data.map((e) => [e.name, e]));
      expect(byName.get(trip.event.name)).toMatchObject({ registered_count: trip.registrations, attendees_count: trip.present, absent_count: trip.registrations - trip.present! });
      expect(byName.get(camp.event.name)).toMatchObject({ registered_count: camp.event.capacity, capacity: camp.event.capacity, attendees_count: 0 });
      const past = await json<{ data: Event[] }>(await client.request("GET", "/api/appointment/event?when=past&size=100"));
      expect(past.data.map((e) => e.name)).toContain(trip.event.name);
      expect(past.data.map((e) => e.name)).not.toContain(camp.event.name);
    }
  });

  it("creates, reads, lists, searches, edits and deletes an event with the generic messages", async () => {
    const created = await json<{ message: string; data: Event }>(await admin.request("POST", "/api/appointment/event", { body: body({ name: "Aquarium Visit", start_date: "2026-12-20T10:00:00-05:00", end_date: "2026-12-21T15:00:00-05:00" }) }));
    expect(created.message).toBe("Event successfully created");
    expect(created.data).toMatchObject({ name: "Aquarium Visit", start_date: "2026-12-20T15:00:00.000Z", end_date: "2026-12-21T20:00:00.000Z", capacity: 20, registered_count: 0 });
    expect((await json<Event>(await coach.request("GET", `/api/appointment/event/${created.data.id}`))).name).toBe("Aquarium Visit");
    const list = await json<{ data: Event[]; count: number; additional_info: { page: number } }>(await coach.request("GET", "/api/appointment/event?search=aquarium&page=0&size=10&sort=name"));
    expect(list.data.map((e) => e.id)).toEqual([created.data.id]);
    expect(list.count).toBe(1);
    const newest = await json<{ data: Event[] }>(await coach.request("GET", "/api/appointment/event?size=1"));
    expect(newest.data[0]!.id).toBe(created.data.id);
    const updated = await json<{ message: string; data: Event }>(await admin.request("PUT", `/api/appointment/event/${created.data.id}`, { body: body({ name: "Aquarium Day", capacity: null }) }));
    expect(updated).toMatchObject({ message: "Event successfully updated", data: { name: "Aquarium Day", capacity: null } });
    expect(await json(await admin.request("DELETE", `/api/appointment/event/${created.data.id}`))).toEqual({ message: "Event successfully deleted" });
    expect((await refused(await admin.request("GET", `/api/appointment/event/${created.data.id}`), 404)).code).toBe("EVENT_NOT_FOUND");
    expect((await refused(await coach.request("GET", "/api/appointment/event?sort=colour"))).message).toMatch(/^Sort must be one of/);
  });

  it("creates a resent creation once (the same idempotency key)", async () => {
    const headers = { "Idempotency-Key": "event-once-1" };
    const first = await json<{ data: Event }>(await admin.request("POST", "/api/appointment/event", { body: body({ name: "Once" }), headers }));
    const again = await json<{ data: Event }>(await admin.request("POST", "/api/appointment/event", { body: body({ name: "Once" }), headers }));
    expect(again.data.id).toBe(first.data.id);
    const named = await json<{ count: number }>(await admin.request("GET", "/api/appointment/event?search=once"));
    expect(named.count).toBe(1);
  });

  it("answers bad input with 400 and a message naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "Name is required"],
      [{ name: "x".repeat(121) }, "Name must be at most 120 characters"],
      [{ end_date: inHours(24 * 10 - 1) }, "End Date must be after Start Date"],
      [{ end_date: inHours(24 * 42) }, "An event lasts at most 31 days: End Date is too far after Start Date"],
      [{ capacity: 0 }, "Capacity must be a whole number of at least 1, or empty for no limit"],
      [{ capacity: 1.5 }, "Capacity must be a whole number of at least 1, or empty for no limit"],
      [{ start_date: "next tuesday" }, "Start Date must be a date and time with its offset, like 2026-12-05T10:00:00-05:00"],
      [{ coach_ids: ["not-a-coach"] }, "Coaches: not-a-coach is not a staff member of this organization"],
    ];
    for (const [over, message] of cases) {
      expect(await refused(await admin.request("POST", "/api/appointment/event", { body: body(over) })), JSON.stringify(over)).toEqual({ code: "VALIDATION", message });
    }
    // the organization's coach is a staff member; Maple's admin is not Northside's
    const session = await json<{ user: { id: string } }>(await coach.request("GET", "/api/auth/session"));
    const mapleAdmin = await json<{ user: { id: string } }>(await maple.request("GET", "/api/auth/session"));
    expect((await create({ coach_ids: [session.user.id] })).name).toBe("Zoo Trip");
    expect((await refused(await admin.request("POST", "/api/appointment/event", { body: body({ coach_ids: [mapleAdmin.user.id] }) }))).message).toBe(
      `Coaches: ${mapleAdmin.user.id} is not a staff member of this organization`,
    );
    const small = await create({ capacity: 5 });
    for (const m of take(2)) await json(await register(small.id, m.id));
    expect((await refused(await admin.request("PUT", `/api/appointment/event/${small.id}`, { body: body({ capacity: 1 }) }))).message).toBe("Capacity cannot be below the 2 participants registered");
  });

  it("refuses callers without the permission (403) and another organization's event or participant (404)", async () => {
    const event = await create({ name: "Private Party" });
    // the demo coach group views events and takes attendance, but does not create events or export them
    expect((await refused(await coach.request("POST", "/api/appointment/event", { body: body() }), 403)).code).toBe("FORBIDDEN");
    expect((await coach.request("DELETE", `/api/appointment/event/${event.id}`)).status).toBe(403);
    expect((await register(event.id, members[0]!.id, coach)).status).toBe(403);
    expect((await coach.request("GET", `/api/appointment/event/${event.id}/report`)).status).toBe(403);
    expect((await parent.request("GET", "/api/appointment/event")).status).toBe(403);
    expect((await parent.request("POST", "/api/appointment/event", { body: body() })).status).toBe(403);
    expect((await refused(await maple.request("GET", `/api/appointment/event/${event.id}`), 404)).code).toBe("EVENT_NOT_FOUND");
    for (const [method, path] of [
      ["PUT", ""],
      ["DELETE", ""],
      ["GET", "/report"],
      ["GET", "/registration"],
      ["DELETE", `/registration/${members[0]!.id}`],
    ] as const) {
      const response = await maple.request(method, `/api/appointment/event/${event.id}${path}`, { body: method === "PUT" ? body() : undefined });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await register(event.id, members[0]!.id, maple)).status).toBe(404);
    expect((await refused(await register(event.id, mapleMember.id), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
    const theirs = await json<{ data: Event[] }>(await maple.request("GET", "/api/appointment/event?size=1000"));
    expect(theirs.data.map((e) => e.id)).not.toContain(event.id);
  });

  it("registers up to the capacity, refuses a full event and a double registration, and frees a place on unregistration", async () => {
    const event = await create({ name: "Small Group", capacity: 2 });
    const [a, b, c] = take(3) as [Member, Member, Member];
    expect(await json(await register(event.id, a.id))).toEqual({ message: "Registration successfully created", data: { participant_id: a.id, status: "registered" } });
    await json(await register(event.id, b.id));
    expect(await refused(await register(event.id, c.id), 409)).toEqual({ code: "EVENT_FULL", message: "This event is full: all 2 places are taken." });
    expect((await refused(await register(event.id, a.id), 409)).code).toBe("ALREADY_REGISTERED");
    expect(await json(await admin.request("DELETE", `/api/appointment/event/${event.id}/registration/${a.id}`))).toEqual({ message: "Registration successfully deleted" });
    await json(await register(event.id, c.id));
    const roster = await json<{ data: { participant_id: string }[]; count: number }>(await coach.request("GET", `/api/appointment/event/${event.id}/registration`));
    expect(roster.data.map((r) => r.participant_id)).toEqual([b.id, c.id]);
  });

  it("gives exactly 5 of 20 concurrent registrations the last 5 places", async () => {
    const event = await create({ name: "Last Places", capacity: 7 });
    for (const m of take(2)) await json(await register(event.id, m.id));
    const answers = await Promise.all(take(20).map(async (m) => (await register(event.id, m.id)).status));
    expect(answers.filter((s) => s === 200)).toHaveLength(5);
    expect(answers.filter((s) => s === 409)).toHaveLength(15);
    expect((await json<Event>(await admin.request("GET", `/api/appointment/event/${event.id}`))).registered_count).toBe(7);
    const stream = await app.app.core.store.readStream(appointmentStreamId(event.id));
    expect(stream.events.filter((e) => e.type === "ParticipantRegisteredToEvent")).toHaveLength(7);
  }, 120_000);

  it("keeps the capacity by the stream's expected revision alone, as separate processes racing (no turns)", async () => {
    const event = await create({ name: "Race Without Turns", capacity: 5 });
    const deps = { store: app.app.core.store, clock: systemClock, takeTurns: false };
    const results = await Promise.all(
      take(20).map((m, i) =>
        handleEventCommand(deps, { type: "RegisterToEvent", data: { eventId: event.id, participantId: m.id }, metadata: { commandId: `race-${event.id}-${i}`, organizationId: null, actorId: null } }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? "" : r.error.code))).toEqual(Array(15).fill("EVENT_FULL"));
    const stream = await app.app.core.store.readStream(appointmentStreamId(event.id));
    expect(stream.events.filter((e) => e.type === "ParticipantRegisteredToEvent")).toHaveLength(5);
  }, 120_000);

  it("takes attendance once the event has started, and reports figures computed by hand", async () => {
    const upcoming = await create({ name: "Not Yet" });
    const [early] = take(1) as [Member];
    await json(await register(upcoming.id, early.id));
    const notYet = await refused(await coach.request("PUT", `/api/appointment/event/${upcoming.id}/attendance`, { body: { attendance: [{ participant_id: early.id, status: "present" }] } }), 409);
    expect(notYet.code).toBe("EVENT_NOT_STARTED");

    const event = await create({ name: "Pizza Night", start_date: inHours(-1), end_date: inHours(3), capacity: 10, points: 25 });
    const people = take(5);
    for (const m of people) await json(await register(event.id, m.id));
    const [p1, p2, p3, p4] = people as [Member, Member, Member, Member, Member];
    const stranger = take(1)[0]!;
    const notRegistered = await refused(await coach.request("PUT", `/api/appointment/event/${event.id}/attendance`, { body: { attendance: [{ participant_id: stranger.id, status: "present" }] } }));
    expect(notRegistered.message).toBe(`Attendance: ${stranger.id} is not registered to this event`);
    const marks = [p1, p2, p3].map((m) => ({ participant_id: m.id, status: "present" })).concat({ participant_id: p4.id, status: "absent" });
    const marked = await json<{ message: string; data: Event }>(await coach.request("PUT", `/api/appointment/event/${event.id}/attendance`, { body: { attendance: marks } }));
    expect(marked).toMatchObject({ message: "Attendance successfully updated", data: { attendees_count: 3, absent_count: 1, registered_count: 5 } });
    // a correction: p3 was not there after all
    await json(await coach.request("PUT", `/api/appointment/event/${event.id}/attendance`, { body: { attendance: [{ participant_id: p3.id, status: "absent" }] } }));

    // the points are the ledger's (decision 104), awarded by the attendance-points subscriber after the marks: every
    // projection caught up with the store (the awards it appended too) before the report is read
    await waitForProjections(app.baseUrl);
    const report = await json<Report>(await admin.request("GET", `/api/appointment/event/${event.id}/report`));
    // by hand: 5 registered, p1 and p2 present (25 points each), p3 and p4 absent, the fifth unmarked
    expect(report.event).toEqual({ id: event.id, name: "Pizza Night", start_date: event.start_date, end_date: event.end_date, attendees: 2, absentees: 2, registered: 5, points: 25 });
    expect(report.count).toBe(5);
    expect(report.data.map((r) => [r.id, r.attendance, r.points])).toEqual(people.map((m, i) => [m.id, ["present", "present", "absent", "absent", null][i], i < 2 ? 25 : 0]));
    expect(report.data.reduce((sum, r) => sum + r.points, 0)).toBe(50);
    const row = report.data[0]!;
    expect(Object.keys(row).sort()).toEqual(
      ["id", "member_id", "first_name", "last_name", "full_name", "dob", "age", "gender", "email", "phone_number", "contact_name", "medical_conditions", "postal_code", "attendance", "points"].sort(),
    );
    expect(row.email).toBe(p1.email);
    // attendance recorded: the event is kept for its report
    expect((await refused(await admin.request("DELETE", `/api/appointment/event/${event.id}`), 409)).code).toBe("EVENT_IN_USE");
  });

  it("reports the demo trip with the seed's figures", async () => {
    const [trip] = DEMO_EVENTS as [(typeof DEMO_EVENTS)[number]];
    const list = await json<{ data: Event[] }>(await admin.request("GET", "/api/appointment/event?search=science&size=10"));
    const event = list.data.find((e) => e.name === trip.event.name)!;
    const report = await json<Report>(await admin.request("GET", `/api/appointment/event/${event.id}/report`));
    expect(report.event).toMatchObject({ name: trip.event.name, attendees: trip.present, absentees: trip.registrations - trip.present!, registered: trip.registrations });
    expect(report.data.filter((r) => r.attendance === "present")).toHaveLength(trip.present!);
    expect(report.data.reduce((sum, r) => sum + r.points, 0)).toBe(trip.present! * trip.event.points!);
  });

  // last: after every write above
  it("ends where a rebuild from the events would", async () => {
    await waitForProjections(app.baseUrl);
    const { db, store } = app.app.core;
    await buildShadow({ db, store, projection: appointmentsProjection, schema: "expected" });
    const tables = appointmentsProjection.tables;
    expect(await dumpTables(db, "public", tables)).toEqual(await dumpTables(db, "expected", tables));
  });
});
