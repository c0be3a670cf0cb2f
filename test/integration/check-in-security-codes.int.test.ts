import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInStream, isSecurityCode, SECURITY_CODE_BLOCK, SecurityCodeAllocator, securityCodeBlockStream, securityCodeKeyStream, type SecurityCodeBlockClaimed } from "../../modules/check-in";
import { claimUnique, idFrom, newId } from "../../modules/kernel";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string; first_name: string; last_name: string; is_waiver_signed: boolean; pick_up_permission: string };
type Row = { id: string; member_id: string; security_code?: string | null; check_out_time: string | null; pick_up_name?: string | null };
const INDEPENDENT = "Child may travel to and from the facility independently";
const ADDRESS = { street_address: "12 Maple Street", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3" };
const MISMATCH = (name: string) => ({ code: "CLAIM_CODE_MISMATCH", message: `That claim code does not match ${name}'s tag. Check the claim tag, or see a staff member` });
const SEE_STAFF = { code: "SEE_STAFF", message: "Please see a staff member to check out" };

/**
 * Security codes and tags (docs/decisions/036) over HTTP on real PostgreSQL: each check-in gets a code of
 * its organization's day, recorded on the event; staff see it on the board, the kiosk does not; the tag page
 * prints it (another organization's visit is 404); the kiosk releases a child an adult picks up only with
 * the matching claim code and a person of the list; an organization can switch codes off.
 */
describe("security codes and tags, on real PostgreSQL", () => {
  let app: InProcessApp;
  let coach: HttpClient;
  let admin: HttpClient;
  let kiosk: HttpClient;
  let mapleAdmin: HttpClient;
  let parent: HttpClient;
  let members: Member[];
  const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
  const used = new Set<string>(DEMO_FLAGGED_PARTICIPANT_IDS);
  const fresh = (pred: (m: Member) => boolean = () => true) => {
    const found = members.find((m) => !used.has(m.id) && m.is_waiver_signed && m.last_name !== "Northside" && pred(m))!;
    used.add(found.id);
    return found;
  };
  const adult = (m: Member) => m.pick_up_permission !== INDEPENDENT;
  const post = (client: HttpClient, body: Record<string, unknown>, headers: Record<string, string> = {}) => client.request("POST", "/api/check-in", { body: { ...day, ...body }, headers });
  const checkIn = async (m: Member, client = coach, extra: Record<string, unknown> = {}) => {
    const response = await post(client, { memberId: m.member_id, type: "in", ...extra });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { data: { id: string; has_security_code: boolean } }).data;
  };
  const codeOf = async (m: Member) => {
    const { events } = await app.app.core.store.readStream(checkInStream(m.id));
    return (events.at(-1)!.data as { securityCode?: string }).securityCode;
  };
  const boardRows = async (client: HttpClient, m: Member) => {
    const query = new URLSearchParams({ type: "notYetCheckout", all: "true", ...day, search: m.member_id });
    return ((await (await client.request("GET", `/api/check-in?${query}`)).json()) as { data: Row[] }).data;
  };
  const boardRow = async (client: HttpClient, m: Member, until: (row: Row) => boolean = () => true): Promise<Row> =>
    (await eventually(async () => (await boardRows(client, m))[0], (row) => !!row && until(row)))!;
  const eligibility = (client: HttpClient, m: Member, extra: Record<string, unknown> = {}) =>
    client.request("POST", "/api/check-in/participant", { body: { memberId: m.member_id, type: "out", ...day, ...extra } });
  const pickUpPeople = async (m: Member) =>
    ((await (await admin.request("GET", `/api/participant/${m.id}`)).json()) as { pick_up_people: { id: string; name: string; relationship: string }[] }).pick_up_people;

  async function setCodes(on: boolean) {
    const current = (await (await admin.request("GET", "/api/setting/organization")).json()) as Record<string, unknown>;
    const body = { ...current, address: { ...(current.address as object), ...ADDRESS }, is_security_codes: on };
    const response = await admin.request("PUT", "/api/setting/organization", { body });
    expect(response.status, await response.clone().text()).toBe(200);
    await eventually(
      async () => (await (await coach.request("GET", "/api/setting/organization")).json()) as { is_security_codes: boolean },
      (s) => s.is_security_codes === on,
    );
  }

  beforeAll(async () => {
    app = await startInProcessApp("codes");
    await clearSignInLimits((await testServices()).redisUrl);
    [coach, admin, kiosk, mapleAdmin, parent] = [app.baseUrl, app.baseUrl, app.baseUrl, app.baseUrl, app.baseUrl].map((url) => new HttpClient(url)) as [HttpClient, HttpClient, HttpClient, HttpClient, HttpClient];
    await coach.signIn("coach@northside.demo");
    await admin.signIn("admin@northside.demo");
    await kiosk.signIn("kiosk@northside.demo");
    await mapleAdmin.signIn("admin@maple.demo");
    await parent.signIn("parent@northside.demo");
    members = ((await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] }).data;
  }, 120_000);
  afterAll(() => app?.stop());

  it("gives a check-in a 4-character code on its event; staff see it on the board, the kiosk's rows have no such field", async () => {
    const m = fresh();
    const visit = await checkIn(m);
    expect(visit.has_security_code).toBe(true);
    const code = await codeOf(m);
    expect(isSecurityCode(code)).toBe(true);
    expect((await boardRow(coach, m)).security_code).toBe(code);
    expect((await boardRow(admin, m)).security_code).toBe(code);
    const kioskRow = await boardRow(kiosk, m);
    expect(kioskRow.id).toBe(visit.id);
    expect(kioskRow).not.toHaveProperty("security_code");
  });

  it("keeps the code of a resent check-in (the same Idempotency-Key): one visit, one code, one claim", async () => {
    const m = fresh();
    const key = newId();
    const first = await checkIn(m, coach, { command_id: key });
    const code = await codeOf(m);
    const again = await post(coach, { memberId: m.member_id, type: "in", command_id: key }, { "Idempotency-Key": key });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: { id: string; replayed: boolean } }).data).toMatchObject({ id: first.id, replayed: true });
    expect(await codeOf(m)).toBe(code);
    const { events } = await app.app.core.store.readStream(checkInStream(m.id));
    expect(events.filter((e) => e.type === "MemberCheckedIn")).toHaveLength(1);
  });

  it("claims no code for a refused check-in (already checked in)", async () => {
    const m = fresh();
    await checkIn(m);
    const before = await app.app.core.store.headPosition();
    const refused = await post(coach, { memberId: m.member_id, type: "in" });
    expect(refused.status).toBe(409);
    expect(await app.app.core.store.headPosition()).toBe(before);
  });

  it("hands out distinct codes to 24 members checked in at the same moment", async () => {
    const batch = Array.from({ length: 24 }, () => fresh());
    const answers = await Promise.all(batch.map((m) => post(coach, { memberId: m.member_id, type: "in" })));
    expect(answers.map((r) => r.status)).toEqual(batch.map(() => 200));
    const codes = await Promise.all(batch.map(codeOf));
    for (const code of codes) expect(isSecurityCode(code)).toBe(true);
    expect(new Set(codes).size).toBe(batch.length);
  });

  it("is race-free on one block of codes: of 12 processes claiming the same block at once exactly one holds it", async () => {
    const store = app.app.core.store;
    const deps = { store, clock: { now: () => new Date() } };
    const organizationId = newId();
    const dayKey = "2026-11-26";
    const stream = securityCodeBlockStream(organizationId, dayKey, 7);
    const holders = Array.from({ length: 12 }, () => newId());
    const won = await Promise.all(
      holders.map((holder) =>
        claimUnique<SecurityCodeBlockClaimed>(deps, stream, { type: "SecurityCodeBlockClaimed", data: { organizationId, day: dayKey, block: 7, holder } }, (e) => e.data.holder, {
          commandId: idFrom("race", holder),
          organizationId,
          actorId: null,
        }),
      ),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const { events } = await store.readStream<SecurityCodeBlockClaimed>(stream);
    expect(events).toHaveLength(1);
    expect(events[0]!.data.holder).toBe(holders[won.indexOf(true)]);
  });

  it("never gives one code twice in a day across processes: two allocators hand out 2 x 120 distinct codes from one day key, 25 per block", async () => {
    const store = app.app.core.store;
    const deps = { store, clock: { now: () => new Date() } };
    const day = { organizationId: newId(), day: "2026-11-26" };
    const meta = { commandId: newId(), organizationId: day.organizationId, actorId: null };
    const [a, b] = [new SecurityCodeAllocator(), new SecurityCodeAllocator()];
    const from = await store.headPosition();
    const codes = await Promise.all([...Array.from({ length: 120 }, () => a.take(deps, day, meta)), ...Array.from({ length: 120 }, () => b.take(deps, day, meta))]);
    for (const code of codes) expect(isSecurityCode(code)).toBe(true);
    expect(new Set(codes).size).toBe(240);
    const { events: keys } = await store.readStream(securityCodeKeyStream(day.organizationId, day.day));
    expect(keys).toHaveLength(1);
    // 120 codes each take 5 blocks of 25 per process: ten block claims in all, not 240 code claims
    // $all shows an event once no older transaction is running on the server (decision 002): read until all are in sight
    const claimsOf = async () =>
      (await store.readAll(from, 10_000)).filter((e) => e.type === "SecurityCodeBlockClaimed" && (e.data as SecurityCodeBlockClaimed["data"]).organizationId === day.organizationId);
    const blocks = await eventually(claimsOf, (found) => found.length >= Math.ceil(120 / SECURITY_CODE_BLOCK) * 2);
    expect(blocks).toHaveLength(Math.ceil(120 / SECURITY_CODE_BLOCK) * 2);
    expect(new Set(blocks.map((e) => (e.data as SecurityCodeBlockClaimed["data"]).holder))).toEqual(new Set([a.holder, b.holder]));
  });

  describe("the tag page /check-in/tags/{id}", () => {
    const page = (client: HttpClient, id: string, query = "") => client.request("GET", `/check-in/tags/${id}${query}`);

    it("shows staff the name tag and the claim tag with the visit's code, the same on every reprint, on either label stock", async () => {
      const m = fresh();
      const visit = await checkIn(m);
      const code = (await codeOf(m))!;
      await boardRow(coach, m);
      for (const query of ["", "?stock=large", "?stock=small"]) {
        const response = await page(coach, visit.id, query);
        expect(response.status).toBe(200);
        const html = (await response.text()).replace(/<!-- -->/g, "");
        expect(html).toContain(`Tags for ${m.first_name} ${m.last_name}`);
        expect(html.match(new RegExp(`>${code}<`, "g"))?.length).toBe(2);
      }
    });

    it("lets the kiosk print the tags of a check-in of the last 10 minutes, not of an older one", async () => {
      const recent = fresh();
      const visit = await checkIn(recent, kiosk);
      expect((await page(kiosk, visit.id)).status).toBe(200);
      const older = fresh();
      const old = await checkIn(older, coach, { time: new Date(Date.now() - 30 * 60_000).toISOString() });
      await boardRow(coach, older);
      expect((await page(kiosk, old.id)).status).toBe(404);
      expect((await page(coach, old.id)).status).toBe(200);
    });

    it("is 404 for another organization's visit or an id that is none; 403 for a parent; sign-in first without a session", async () => {
      const m = fresh();
      const visit = await checkIn(m);
      await boardRow(coach, m);
      const foreign = await page(mapleAdmin, visit.id);
      expect(foreign.status).toBe(404);
      expect(await foreign.text()).toContain("Check-in not found");
      expect((await page(coach, newId())).status).toBe(404);
      expect((await page(coach, "not-an-id")).status).toBe(404);
      const forbidden = await page(parent, visit.id);
      expect(forbidden.status).toBe(403);
      expect(await forbidden.text()).toContain("Forbidden Page");
      const anonymous = await page(new HttpClient(app.baseUrl), visit.id);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toBe("/login");
    });
  });

  describe("the kiosk's check-out of a child an adult picks up", () => {
    it("refuses a wrong claim code (CLAIM_CODE_MISMATCH), lists names only after the right one, and releases to a person of the list", async () => {
      const m = fresh(adult);
      const visit = await checkIn(m);
      const code = (await codeOf(m))!;
      const name = `${m.first_name} ${m.last_name}`;
      const wrong = [...code].reverse().join("") === code ? "QQQQ" : [...code].reverse().join("");
      const people = await pickUpPeople(m);
      expect(people.length).toBeGreaterThan(0);

      // without a code: decision 026's answer, unchanged
      const seeStaff = await eligibility(kiosk, m);
      expect([seeStaff.status, await seeStaff.json()]).toEqual([403, SEE_STAFF]);
      // a wrong code, at the eligibility call and at the check-out: refused, nothing appended
      const refused = await eligibility(kiosk, m, { claim_code: wrong });
      expect([refused.status, await refused.json()]).toEqual([403, MISMATCH(name)]);
      const before = await app.app.core.store.headPosition();
      const out = await post(kiosk, { memberId: m.member_id, type: "out", claim_code: wrong, pick_up_person_id: people[0]!.id });
      expect([out.status, await out.json()]).toEqual([403, MISMATCH(name)]);
      const put = await kiosk.request("PUT", `/api/check-in/${visit.id}`, { body: { claim_code: wrong, pick_up_person_id: people[0]!.id } });
      expect([put.status, await put.json()]).toEqual([403, MISMATCH(name)]);
      expect(await app.app.core.store.headPosition()).toBe(before);

      // the right code (typed in lower case): the list, names and relationships only
      const allowed = await eligibility(kiosk, m, { claim_code: code.toLowerCase() });
      expect(allowed.status).toBe(200);
      const answer = (await allowed.json()) as { allowed: boolean; pick_up_choices: object[] };
      expect(answer.allowed).toBe(true);
      expect(answer.pick_up_choices).toEqual(people.map((p) => ({ id: p.id, name: p.name, relationship: p.relationship })));
      // the right code without a person, or with typed details: refused
      const nobody = await post(kiosk, { memberId: m.member_id, type: "out", claim_code: code });
      expect([nobody.status, ((await nobody.json()) as { code: string }).code]).toEqual([400, "PICK_UP_REQUIRED"]);
      const typed = await post(kiosk, { memberId: m.member_id, type: "out", claim_code: code, pick_up_name: "Random Stranger", pick_up_contact_number: "1", pick_up_relationship: "x" });
      expect([typed.status, await typed.json()]).toEqual([403, SEE_STAFF]);

      const done = await post(kiosk, { memberId: m.member_id, type: "out", claim_code: code, pick_up_person_id: people[0]!.id });
      expect(done.status, await done.clone().text()).toBe(200);
      const row = await boardRow(coach, m, (r) => !!r.check_out_time);
      expect(row.pick_up_name).toBe(people[0]!.name);
    });

    it("locks the kiosk's claim-code check-out of a child after 5 wrong codes (CLAIM_CODE_LOCKED), even to the right one; staff still check out", async () => {
      const m = fresh(adult);
      const visit = await checkIn(m);
      const code = (await codeOf(m))!;
      const wrong = code === "QQQQ" ? "WWWW" : "QQQQ";
      const people = await pickUpPeople(m);
      for (let i = 0; i < 5; i++) expect((await eligibility(kiosk, m, { claim_code: wrong })).status).toBe(403);
      const LOCKED = { code: "CLAIM_CODE_LOCKED", message: "Too many wrong claim codes. Please see a staff member to check out" };
      const right = await eligibility(kiosk, m, { claim_code: code });
      expect([right.status, await right.json()]).toEqual([403, LOCKED]);
      const out = await post(kiosk, { memberId: m.member_id, type: "out", claim_code: code, pick_up_person_id: people[0]!.id });
      expect([out.status, await out.json()]).toEqual([403, LOCKED]);
      // staff release the child as before (no claim code involved)
      const staff = await coach.request("PUT", `/api/check-in/${visit.id}`, { body: { pick_up_person_id: people[0]!.id } });
      expect(staff.status, await staff.clone().text()).toBe(200);
    });

    it("answers 400 with a readable message for a claim code that is not text or too long", async () => {
      const m = fresh(adult);
      await checkIn(m);
      for (const [claim, message] of [
        ["K7PA".repeat(6), "Claim Code must be at most 20 characters"],
        [1234, "Claim Code must be text"],
      ] as const) {
        const response = await post(kiosk, { memberId: m.member_id, type: "out", claim_code: claim });
        expect([response.status, await response.json()]).toEqual([400, { code: "VALIDATION", message }]);
        const asked = await eligibility(kiosk, m, { claim_code: claim });
        expect(asked.status).toBe(400);
      }
    });

    it("leaves another organization's member not found for the kiosk, claim code or not", async () => {
      const m = fresh(adult);
      await checkIn(m);
      const maple = new HttpClient(app.baseUrl);
      await maple.signIn("kiosk@maple.demo");
      const response = await maple.request("POST", "/api/check-in", { body: { ...day, memberId: m.member_id, type: "out", claim_code: (await codeOf(m))! } });
      expect(response.status).toBe(404);
    });

    it("leaves staff check-out as it was: no claim code asked", async () => {
      const m = fresh(adult);
      const visit = await checkIn(m);
      const people = await pickUpPeople(m);
      const put = await coach.request("PUT", `/api/check-in/${visit.id}`, { body: { pick_up_person_id: people[0]!.id } });
      expect(put.status, await put.clone().text()).toBe(200);
    });
  });

  it("gives no code when the organization switches codes off; the kiosk then refers every such child to staff; on again, codes return", async () => {
    await setCodes(false);
    try {
      const m = fresh(adult);
      const visit = await checkIn(m);
      expect(visit.has_security_code).toBe(false);
      expect(await codeOf(m)).toBeUndefined();
      expect((await boardRow(coach, m)).security_code).toBeNull();
      const out = await post(kiosk, { memberId: m.member_id, type: "out", claim_code: "K7PA", pick_up_person_id: (await pickUpPeople(m))[0]!.id });
      expect([out.status, await out.json()]).toEqual([403, SEE_STAFF]);
      // its tag page prints the name tag only
      const html = await (await coach.request("GET", `/check-in/tags/${visit.id}`)).text();
      expect(html).toContain("This visit has no security code");
    } finally {
      await setCodes(true);
    }
    const m = fresh();
    expect((await checkIn(m)).has_security_code).toBe(true);
  });
});
