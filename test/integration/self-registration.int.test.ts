import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appointmentStreamId } from "../../modules/appointments";
import { idFrom } from "../../modules/kernel";
import { addDays, programStreamId } from "../../modules/programs";
import { demoOrganizations } from "../factories/demo-seed";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Failure = { code: string; message: string };
type Person = Record<string, unknown> & { id: string; first_name: string; age: number | null };
type Option = Record<string, unknown> & { id: string; name: string; registered_count: number; waitlist_count: number };
type Options = { data: Option[]; participants: Person[]; subtitle: string; closed: boolean };
type Place = { program_id: string; status: string; position: number | null };

const northside = demoOrganizations.find((o) => o.domain === "northside.demo")!;
const maya = idFrom("demo", "participant", northside.id, "child", 1);
const leo = idFrom("demo", "participant", northside.id, "child", 2);
/** what the chooser may say of a child: nothing medical, no contact, no notes or flags */
const PERSON_FIELDS = ["id", "first_name", "last_name", "full_name", "age", "gender"];
/** what a program card may say: the program and counts, no member's id or name */
const OPTION_FIELDS = ["id", "name", "description", "type", "location", "age_min", "age_max", "genders", "members_limit", "waitlist", "start_date", "end_date", "registered_count", "waitlist_count", "sessions"];

/** Self-registration by parents and participants (decision 052) over the API, on real PostgreSQL with the demo data. */
describe("self-registration: a parent registers their children to programs and events", () => {
  let app: InProcessApp;
  const c: Record<string, HttpClient> = {};
  const today = new Date().toISOString().slice(0, 10);
  let chess: string, teens: string, mapleProgram: string, trip: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const program = (name: string, over: Record<string, unknown> = {}) => ({
    name,
    type: "registered",
    activity_type: "Other",
    start_date: addDays(today, 7),
    end_date: addDays(today, 100),
    sessions: [{ week_day: 3, start_time: "16:00", end_time: "17:00" }],
    ...over,
  });
  const register = (who: string, participantId: string, programId: string) => c[who]!.request("POST", `/api/program/registration/participant/${participantId}`, { body: { program_id: programId } });
  const placesOf = async (who: string, participantId: string) => (await json<{ data: Place[] }>(await c[who]!.request("GET", `/api/program/registration/participant/${participantId}`))).data;

  beforeAll(async () => {
    app = await startInProcessApp("self-registration");
    await clearSignInLimits((await testServices()).redisUrl);
    for (const who of ["parent@northside.demo", "family@northside.demo", "child1@northside.demo", "participant@northside.demo", "admin@northside.demo", "admin@maple.demo"]) {
      c[who] = new HttpClient(app.baseUrl);
      await c[who].signIn(who);
    }
    const admin = c["admin@northside.demo"]!;
    chess = (await json<{ data: { id: string } }>(await admin.request("POST", "/api/program", { body: program("Chess Club", { members_limit: 1 }) }))).data.id;
    teens = (await json<{ data: { id: string } }>(await admin.request("POST", "/api/program", { body: program("Teen Leaders", { age_min: 13, age_max: 17, members_limit: 10 }) }))).data.id;
    mapleProgram = (await json<{ data: { id: string } }>(await c["admin@maple.demo"]!.request("POST", "/api/program", { body: program("Maple Chess") }))).data.id;
    const start = new Date(Date.now() + 10 * 86_400_000);
    const event = { name: "Aquarium Visit", start_date: start.toISOString(), end_date: new Date(start.getTime() + 5 * 3_600_000).toISOString(), capacity: 1, location: "Harbourfront" };
    trip = (await json<{ data: { id: string } }>(await admin.request("POST", "/api/appointment/event", { body: event }))).data.id;
  }, 180_000);
  afterAll(() => app?.stop());

  it("offers a parent their own children (only the family's fields) and the open programs (counts, nobody's data), with the subtitle", async () => {
    const options = await json<Options>(await c["parent@northside.demo"]!.request("GET", "/api/program/registration/options"));
    expect(options.participants.map((p) => p.id).sort()).toEqual([maya, leo].sort());
    for (const person of options.participants) expect(Object.keys(person).every((k) => PERSON_FIELDS.includes(k)), JSON.stringify(person)).toBe(true);
    expect(options.participants.find((p) => p.id === maya)).toMatchObject({ first_name: "Maya", age: 9 });
    expect(options.subtitle).toBe("Choose a program for the season. Places are kept in the order you register.");
    expect(options.closed).toBe(false);
    const names = options.data.map((o) => o.name);
    expect(names).toEqual(expect.arrayContaining(["Chess Club", "Teen Leaders", "Homework Club", "Coding Club"]));
    // drop-in and decision-009 programs take no registration here; another organization's is not listed
    expect(names).not.toContain("Open Gym");
    expect(names).not.toContain("After School Club");
    expect(names).not.toContain("Maple Chess");
    for (const option of options.data) expect(Object.keys(option).sort()).toEqual([...OPTION_FIELDS].sort());
    expect(options.data.find((o) => o.name === "Coding Club")).toMatchObject({ members_limit: 10, registered_count: 10, waitlist_count: 4, waitlist: true });
  });

  it("registers a child, puts the next on the waitlist with their number, says why a child is not eligible, and records the parent as the actor", async () => {
    const first = await json<{ message: string; data: Record<string, unknown> }>(await register("parent@northside.demo", maya, chess));
    expect(first).toEqual({ message: "Registration successfully created", data: { participant_id: maya, program_id: chess, status: "registered" } });
    const second = await json<{ message: string; data: Record<string, unknown> }>(await register("parent@northside.demo", leo, chess));
    expect(second.message).toBe("The program is full: the participant is number 1 on the waitlist.");
    expect(second.data).toMatchObject({ status: "waitlisted", position: 1 });
    expect(await placesOf("parent@northside.demo", leo)).toContainEqual(expect.objectContaining({ program_id: chess, status: "waitlisted", position: 1 }));
    const again = await json<Failure>(await register("parent@northside.demo", maya, chess), 409);
    expect(again.code).toBe("ALREADY_REGISTERED");
    const young = await json<Failure>(await register("parent@northside.demo", maya, teens), 409);
    expect(young).toEqual({ code: "NOT_ELIGIBLE", message: "This program is for ages 13 to 17; the participant is 9." });
    const parentId = (await json<{ user: { id: string } }>(await c["parent@northside.demo"]!.request("GET", "/api/auth/session"))).user.id;
    const stream = await app.app.core.store.readStream(programStreamId(chess));
    const registered = stream.events.find((e) => e.type === "ParticipantRegisteredToProgram");
    expect(registered?.metadata.actorId).toBe(parentId);
  });

  it("withdraws a child: the first on the waitlist takes the place", async () => {
    expect(await json(await c["parent@northside.demo"]!.request("DELETE", `/api/program/registration/participant/${maya}/${chess}`))).toEqual({ message: "Registration successfully deleted" });
    expect((await placesOf("parent@northside.demo", maya)).map((p) => p.program_id)).not.toContain(chess);
    expect(await placesOf("parent@northside.demo", leo)).toContainEqual(expect.objectContaining({ program_id: chess, status: "registered", position: null }));
  });

  it("answers 404 for another family's child and another organization's program, 403 for staff calls and for staff, 400 naming a missing field", async () => {
    const other = c["family@northside.demo"]!;
    expect((await json<Failure>(await register("family@northside.demo", maya, teens), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
    expect((await json<Failure>(await other.request("GET", `/api/program/registration/participant/${maya}`), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
    expect((await other.request("DELETE", `/api/program/registration/participant/${leo}/${chess}`)).status).toBe(404);
    expect((await json<Failure>(await other.request("POST", `/api/appointment/event/registration/participant/${leo}`, { body: { event_id: trip } }), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
    expect((await json<Failure>(await register("parent@northside.demo", maya, mapleProgram), 404)).code).toBe("PROGRAM_NOT_FOUND");
    // the staff call stays staff-only, and staff do not use the self-service calls
    const parent = c["parent@northside.demo"]!;
    expect((await json<Failure>(await parent.request("POST", `/api/program/${teens}/registration`, { body: { participant_id: leo } }), 403)).code).toBe("FORBIDDEN");
    expect((await parent.request("GET", `/api/program/${teens}/registration`)).status).toBe(403);
    expect((await c["admin@northside.demo"]!.request("GET", "/api/program/registration/options")).status).toBe(403);
    const missing = await json<Failure>(await parent.request("POST", `/api/program/registration/participant/${maya}`, { body: {} }), 400);
    expect(missing).toMatchObject({ code: "VALIDATION", message: "Program is required" });
  });

  it("refuses a participant who has a parent (403, with why); a participant with no parent is offered only themself", async () => {
    const child = c["child1@northside.demo"]!;
    const refused = await json<Failure>(await child.request("GET", "/api/program/registration/options"), 403);
    expect(refused.code).toBe("REGISTRATION_NOT_ALLOWED");
    expect(refused.message).toMatch(/^Your parent or guardian registers you/);
    expect((await json<Failure>(await child.request("POST", `/api/program/registration/participant/${maya}`, { body: { program_id: teens } }), 403)).code).toBe("REGISTRATION_NOT_ALLOWED");
    expect((await child.request("GET", "/api/appointment/event/registration/options")).status).toBe(403);
    const alone = await json<Options>(await c["participant@northside.demo"]!.request("GET", "/api/program/registration/options"));
    expect(alone.participants.map((p) => p.id)).not.toContain(maya);
    expect(alone.participants.map((p) => p.id)).not.toContain(leo);
    expect((await json<Failure>(await register("participant@northside.demo", maya, teens), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
  });

  it("registers a child to an event, refuses the next when it is full, lists and withdraws", async () => {
    const parent = c["parent@northside.demo"]!;
    const options = await json<{ data: { id: string; name: string; registered_count: number }[]; subtitle: string }>(await parent.request("GET", "/api/appointment/event/registration/options"));
    expect(options.subtitle).toBe("Trips and special days: register before the event fills up.");
    expect(options.data.map((e) => e.name)).toEqual(expect.arrayContaining(["Aquarium Visit", "Winter Camp"]));
    expect(options.data.map((e) => e.name)).not.toContain("Science Museum Trip");
    const done = await json<{ message: string; data: Record<string, unknown> }>(await parent.request("POST", `/api/appointment/event/registration/participant/${maya}`, { body: { event_id: trip } }));
    expect(done).toEqual({ message: "Registration successfully created", data: { participant_id: maya, event_id: trip, status: "registered" } });
    const full = await json<Failure>(await parent.request("POST", `/api/appointment/event/registration/participant/${leo}`, { body: { event_id: trip } }), 409);
    expect(full).toEqual({ code: "EVENT_FULL", message: "This event is full: all 1 place is taken." });
    const listed = await json<{ data: { event_id: string }[] }>(await parent.request("GET", `/api/appointment/event/registration/participant/${maya}`));
    expect(listed.data.map((e) => e.event_id)).toContain(trip);
    const parentId = (await json<{ user: { id: string } }>(await parent.request("GET", "/api/auth/session"))).user.id;
    const stream = await app.app.core.store.readStream(appointmentStreamId(trip));
    expect(stream.events.find((e) => e.type === "ParticipantRegisteredToEvent")?.metadata.actorId).toBe(parentId);
    expect(await json(await parent.request("DELETE", `/api/appointment/event/registration/participant/${maya}/${trip}`))).toEqual({ message: "Registration successfully deleted" });
    const after = await json<{ data: { event_id: string }[] }>(await parent.request("GET", `/api/appointment/event/registration/participant/${maya}`));
    expect(after.data.map((e) => e.event_id)).not.toContain(trip);
  });
});
