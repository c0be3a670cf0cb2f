import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInStream } from "../../modules/check-in";
import { flagStreamId } from "../../modules/flags";
import { newId } from "../../modules/kernel";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string; first_name: string; last_name: string; is_waiver_signed: boolean; pick_up_permission: string };
type Person = { id: string; name: string; phone_number: string; relationship: string };
type Detail = { parent: { id: string; full_name: string } | null; pick_up_people: Person[]; is_warned: boolean; notes: { data: { type: string; message: string }[] } };
type Row = { id: string; member_id: string; check_out_time: string | null; pick_up_name: string | null; pick_up_contact_number: string | null; pick_up_relationship: string | null };
const INDEPENDENT = "Child may travel to and from the facility independently";

/**
 * Defect 0 of the safety issue ('A young child can be released to anyone'): a child an adult picks up is
 * released only to a person of their list, named by id; the kiosk refers them to staff; staff may release
 * to someone else only with an override reason, recorded as its own event with a warn note (decision 026).
 */
describe("who a child an adult picks up may be released to, on real PostgreSQL", () => {
  let app: InProcessApp;
  let coach: HttpClient;
  let admin: HttpClient;
  let kiosk: HttpClient;
  let members: Member[];
  /** the demo parent's children (Maya and Leo Northside), kept for the parent's test */
  let family: Member[];
  const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
  const used = new Set<string>(DEMO_FLAGGED_PARTICIPANT_IDS);
  const fresh = (pred: (m: Member) => boolean) => {
    const found = members.find((m) => !used.has(m.id) && m.is_waiver_signed && pred(m))!;
    used.add(found.id);
    return found;
  };
  const adult = (m: Member) => m.pick_up_permission !== INDEPENDENT;
  const post = (client: HttpClient, body: Record<string, unknown>, headers: Record<string, string> = {}) => client.request("POST", "/api/check-in", { body: { ...day, ...body }, headers });
  const checkIn = async (m: Member) => {
    const response = await post(coach, { memberId: m.member_id, type: "in" });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { id: string } }).data.id;
  };
  const detail = async (m: Member, client = coach) => (await (await client.request("GET", `/api/participant/${m.id}`)).json()) as Detail;
  const stream = async (m: Member) => (await app.app.core.store.readStream(checkInStream(m.id))).events;
  const boardRow = (m: Member) =>
    eventually(
      async () => {
        const query = `type=notYetCheckout&all=true&start=${encodeURIComponent(day.start)}&end=${encodeURIComponent(day.end)}&search=${m.member_id}`;
        return ((await (await coach.request("GET", `/api/check-in?${query}`)).json()) as { data: Row[] }).data[0];
      },
      (row) => !!row?.check_out_time,
    );

  beforeAll(async () => {
    app = await startInProcessApp("pickup");
    await clearSignInLimits((await testServices()).redisUrl);
    [coach, admin, kiosk] = [new HttpClient(app.baseUrl), new HttpClient(app.baseUrl), new HttpClient(app.baseUrl)];
    await coach.signIn("coach@northside.demo");
    await admin.signIn("admin@northside.demo");
    await kiosk.signIn("kiosk@northside.demo");
    members = ((await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] }).data;
    family = members.filter((x) => x.last_name === "Northside" && ["Maya", "Leo"].includes(x.first_name));
    for (const child of family) used.add(child.id);
  }, 120_000);
  afterAll(() => app?.stop());

  it("refers the child to staff at the kiosk ('Please see a staff member to check out'), whatever the kiosk names, and appends nothing", async () => {
    const m = fresh(adult);
    const visitId = await checkIn(m);
    const seeStaff = { code: "SEE_STAFF", message: "Please see a staff member to check out" };
    for (const pickUp of [{}, { pick_up_name: "Random Stranger", pick_up_contact_number: "1", pick_up_relationship: "x" }, { pick_up_person_id: (await detail(m)).pick_up_people[0]!.id }]) {
      const response = await post(kiosk, { memberId: m.member_id, type: "out", ...pickUp });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(seeStaff);
    }
    const put = await kiosk.request("PUT", `/api/check-in/${visitId}`, { body: { pick_up_name: "Random Stranger", pick_up_contact_number: "1", pick_up_relationship: "x", override_reason: "trust me" } });
    expect([put.status, await put.json()]).toEqual([403, seeStaff]);
    // the eligibility call the kiosk makes first says so too
    const eligible = await kiosk.request("POST", "/api/check-in/participant", { body: { memberId: m.member_id, type: "out", ...day } });
    expect([eligible.status, await eligible.json()]).toEqual([403, seeStaff]);
    expect((await stream(m)).map((e) => e.type)).toEqual(["MemberCheckedIn"]);
    // staff may go on to the Picked Up By dialog
    expect((await coach.request("POST", "/api/check-in/participant", { body: { memberId: m.member_id, type: "out", ...day } })).status).toBe(200);
  });

  it("refuses staff a free-text pick-up person and an id not on the list, with a code", async () => {
    const m = fresh(adult);
    const visitId = await checkIn(m);
    const free = await post(coach, { memberId: m.member_id, type: "out", pick_up_name: "Random Stranger", pick_up_contact_number: "1", pick_up_relationship: "x" });
    expect(free.status).toBe(403);
    expect(await free.json()).toEqual({
      code: "PICK_UP_NOT_AUTHORISED",
      message: `Random Stranger is not on ${m.first_name} ${m.last_name}'s pick-up list: choose an authorised person, or release to someone else with an override reason`,
    });
    const unknown = await coach.request("PUT", `/api/check-in/${visitId}`, { body: { pick_up_person_id: "pickup:0000000000000000" } });
    expect(unknown.status).toBe(403);
    expect(await unknown.json()).toMatchObject({ code: "PICK_UP_NOT_AUTHORISED" });
    const nothing = await coach.request("PUT", `/api/check-in/${visitId}`, { body: {} });
    expect([nothing.status, await nothing.json()]).toEqual([400, { code: "PICK_UP_REQUIRED", message: "Pick Up Person is required" }]);
    expect((await stream(m)).map((e) => e.type)).toEqual(["MemberCheckedIn"]);
  });

  it("releases to an authorised person by id: the board and the event carry their name, relationship and phone from the profile", async () => {
    const m = fresh(adult);
    const people = (await detail(m)).pick_up_people;
    const person = people.at(-1)!;
    expect(person.id).toMatch(/^(contact|pickup):[0-9a-f]{16}$/);
    await checkIn(m);
    const response = await post(coach, { memberId: m.member_id, type: "out", pick_up_person_id: person.id, pick_up_name: "ignored" });
    expect(response.status).toBe(200);
    const row = await boardRow(m);
    expect(row).toMatchObject({ pick_up_name: person.name, pick_up_relationship: person.relationship, pick_up_contact_number: person.phone_number });
    expect((await stream(m)).at(-1)).toMatchObject({ type: "MemberCheckedOut", data: { pickUpName: person.name, pickUpPersonId: person.id } });
  });

  it("lists a linked parent as 'Parent' and releases to them through PUT by id", async () => {
    // the demo parent's children are linked to the parent's user
    const child = family[0]!;
    const found = await detail(child);
    expect(found.parent).not.toBeNull();
    expect(found.pick_up_people[0]).toEqual({ id: `parent:${found.parent!.id}`, name: found.parent!.full_name, phone_number: expect.any(String), relationship: "Parent" });
    expect(found.pick_up_people.map((p) => p.relationship)).not.toContain("Primary Contact");
    const visitId = await checkIn(child);
    const response = await coach.request("PUT", `/api/check-in/${visitId}`, { body: { pick_up_person_id: `parent:${found.parent!.id}` } });
    expect(response.status).toBe(200);
    expect(await boardRow(child)).toMatchObject({ pick_up_name: found.parent!.full_name, pick_up_relationship: "Parent" });
  });

  it("lets staff release to someone else only with an override reason: its own event, and a warn note for the member, once", async () => {
    const m = fresh(adult);
    // a warn flag is active already: the override's note is raised all the same
    expect((await coach.request("POST", "/api/note/flag", { body: { user_id: m.id, message: "Check the allergy plan", type: "warn", action: "Flag" } })).status).toBe(200);
    const visitId = await checkIn(m);
    const someone = { pick_up_name: "Jo Neighbour", pick_up_contact_number: "416-555-0199", pick_up_relationship: "Neighbour" };
    const noReason = await coach.request("PUT", `/api/check-in/${visitId}`, { body: { ...someone, override_reason: "   " } });
    expect([noReason.status, await noReason.json()]).toEqual([400, { code: "PICK_UP_REQUIRED", message: "Override Reason is required" }]);
    const tooLong = await coach.request("PUT", `/api/check-in/${visitId}`, { body: { ...someone, override_reason: "x".repeat(501) } });
    expect(tooLong.status).toBe(400);
    const noName = await coach.request("PUT", `/api/check-in/${visitId}`, { body: { pick_up_contact_number: "1", pick_up_relationship: "x", override_reason: "Mum phoned" } });
    expect([noName.status, (await noName.json()).message]).toEqual([400, "Pick Up Name is required"]);

    const key = { "idempotency-key": `desk-${newId()}` };
    const body = { ...someone, override_reason: "Mum phoned at 3 pm: the neighbour collects today" };
    const response = await coach.request("PUT", `/api/check-in/${visitId}`, { body, headers: key });
    expect(response.status).toBe(200);
    // a resend (same command id) appends nothing and raises no second note
    expect((await coach.request("PUT", `/api/check-in/${visitId}`, { body, headers: key })).status).toBe(200);

    const events = await stream(m);
    expect(events.map((e) => e.type)).toEqual(["MemberCheckedIn", "PickUpOverridden", "MemberCheckedOut"]);
    expect(events[1]!.data).toMatchObject({ pickUpName: "Jo Neighbour", pickUpContactNumber: "416-555-0199", pickUpRelationship: "Neighbour", reason: body.override_reason, overriddenBy: expect.any(String) });
    expect(await boardRow(m)).toMatchObject({ pick_up_name: "Jo Neighbour", pick_up_relationship: "Neighbour" });

    const flags = (await app.app.core.store.readStream(flagStreamId(m.id))).events;
    expect(flags.map((e) => [e.type, (e.data as { type: string }).type])).toEqual([["MemberFlagged", "warn"], ["MemberFlagged", "warn"]]);
    const message = "Picked up by Jo Neighbour (Neighbour, 416-555-0199), who is not on the pick-up list, on a staff override. Reason: Mum phoned at 3 pm: the neighbour collects today";
    expect(flags[1]!.data).toMatchObject({ message, flaggedByName: expect.stringContaining("Northside") });
    // the member is warned and the note is on their notes, for staff; the auditor's replay shows it
    const seen = await eventually(() => detail(m), (d) => d.notes.data.some((n) => n.message === message));
    expect(seen.is_warned).toBe(true);
    expect(seen.notes.data.find((n) => n.message === message)).toMatchObject({ type: "Manual Warn Flag" });
    const audit = (await (await admin.request("GET", `/api/audit/participant/${m.id}`)).json()) as { timeline: { action: string; changes: { field: string; after: string | null }[] }[] };
    expect(audit.timeline.filter((e) => e.action === "Flag raised").map((e) => e.changes.find((c) => c.field === "Message")?.after)).toEqual(["Check the allergy plan", message]);
  });

  it("refuses a child an adult picks up in a bulk check-out, naming them, and checks out the others", async () => {
    const [a, solo] = [fresh(adult), fresh((x) => !adult(x))];
    for (const m of [a, solo]) await checkIn(m);
    const response = await coach.request("POST", "/api/check-in/bulk", { body: { type: "out", data: [a, solo].map((m) => ({ participant_id: m.id, ...day })) } });
    const body = (await response.json()) as { message: string; data: { participant_id: string; ok: boolean; code?: string; message?: string }[] };
    expect(body.message).toBe("1 of 2 checked out");
    expect(body.data.find((r) => r.participant_id === a.id)).toEqual({
      participant_id: a.id,
      ok: false,
      code: "PICK_UP_REQUIRED",
      message: `${a.first_name} ${a.last_name} is picked up by an adult: check them out on their own, choosing who picks them up`,
    });
  });

  it("still checks out a child who travels independently with NA, from the kiosk and from staff", async () => {
    for (const client of [kiosk, coach]) {
      const m = fresh((x) => !adult(x));
      await checkIn(m);
      const response = await post(client, { memberId: m.member_id, type: "out", pick_up_name: "", pick_up_contact_number: "", pick_up_relationship: "" });
      expect(response.status).toBe(200);
      expect(await boardRow(m)).toMatchObject({ pick_up_name: "NA", pick_up_contact_number: "NA", pick_up_relationship: "NA" });
    }
  });
});
