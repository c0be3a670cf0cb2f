import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../app/utils/cookies.server";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { parseExportCsv, PARTICIPANT_HEADER } from "../../modules/exports";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { eventually } from "../support/eventually";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

/**
 * The role-by-call matrix of decision 027: every /api call that answers people, for every role, in the
 * caller's own organization and against another one; the status and the field NAMES of every person
 * object in the answer. The expected fields are written out here from spec-1 section 6 and the
 * decision, not read from modules/identity/access/field-policy.ts, so a wrong policy fails here.
 */
const ROLES = ["participant", "parent", "coach", "admin", "organization", "granter", "superadmin", "kiosk"] as const;
type Role = (typeof ROLES)[number];
/** the participant is Maya's own login (child1), so 'participants see themselves' has someone to see */
const account = (role: Role, domain: string) => (role === "participant" ? `child1@${domain}` : `${role}@${domain}`);

// What a role may see of a person it may see, by kind of field.
const IDENTITY = ["id", "participant_id", "user_id", "organization_id", "member_id", "first_name", "last_name", "full_name", "photo_url"];
const CHECK_IN_STATUS = [
  "status",
  "pick_up_permission",
  "is_waiver_signed",
  "is_flagged",
  "is_warned",
  "isFlagged",
  "hasfilled",
  "vaccinated",
  "showScreening",
  "check_in_time",
  "check_out_time",
  "programs_and_events",
  "is_reduced_view",
];
// the login: `name` where a call says so, `username` in the program report (decision 050)
const USERNAME = ["name", "username"];
const PERSONAL = ["dob", "age", "gender"];
const MEDICAL = ["medical_conditions", "has_epi_pen", "has_medications"];
const SCHOOL = ["school_not_applicable", "school_name"];
const EMERGENCY_CONTACT = ["contact_name", "phone_number"];
const HOME = ["email", "preferred_contact", "address"];
// the home's postal code, answered by the event report only (decision 047): with the home, never to a coach or the kiosk
const POSTAL_CODE = ["postal_code"];
// the program report's (decision 050): the specific gender with the personal fields; income and race for the
// family and admins only (never a coach or the kiosk); the postal code's first three characters with the home
const SPECIFIC_GENDER = ["specific_gender"];
const DEMOGRAPHICS = ["household_income", "race", "specific_race"];
const FSA = ["fsa"];
// security_code: the visit's claim-tag secret (docs/decisions/036), with who collects the child: never the kiosk's
const PICK_UP = ["parent", "parent_id", "pickup_contacts", "pick_up_people", "pick_up_name", "pick_up_contact_number", "pick_up_relationship", "security_code"];
const WRITTEN_BY_STAFF = ["notes", "flags"];
// status_reason: an Inactive or Alumni participant's reason (decision 065), the policy's record group
const RECORD = ["created_date", "waiver_signed_at", "waiver_signed_by", "status_reason"];
const EVERYTHING = [...IDENTITY, ...CHECK_IN_STATUS, ...USERNAME, ...PERSONAL, ...MEDICAL, ...SCHOOL, ...EMERGENCY_CONTACT, ...HOME, ...POSTAL_CODE, ...SPECIFIC_GENDER, ...DEMOGRAPHICS, ...FSA, ...PICK_UP, ...WRITTEN_BY_STAFF, ...RECORD];
const FAMILY = EVERYTHING.filter((f) => !WRITTEN_BY_STAFF.includes(f));

const SEES: Record<Role, readonly string[]> = {
  // spec-1 section 6: no username, personal info, pick-up details or note banners
  kiosk: [...IDENTITY, ...CHECK_IN_STATUS],
  // safety in the room: medical needs, who may collect the child, the emergency contact, the notes
  coach: [...IDENTITY, ...CHECK_IN_STATUS, ...USERNAME, ...PERSONAL, ...SPECIFIC_GENDER, ...MEDICAL, ...SCHOOL, ...EMERGENCY_CONTACT, ...PICK_UP, ...WRITTEN_BY_STAFF],
  admin: EVERYTHING,
  organization: EVERYTHING,
  granter: EVERYTHING,
  superadmin: EVERYTHING,
  // their own record (themselves, their children), without what staff wrote
  parent: FAMILY,
  participant: FAMILY,
};
/** keys that must never reach a role that may not see them, at any depth of any answer */
const SENSITIVE = [...PERSONAL, ...MEDICAL, ...SCHOOL, ...EMERGENCY_CONTACT, ...HOME, ...POSTAL_CODE, ...SPECIFIC_GENDER, ...DEMOGRAPHICS, ...FSA, ...PICK_UP, ...WRITTEN_BY_STAFF, "waiver_signed_by"];

// Every field each call answers about a person (what an admin gets).
const REPORT_ROW = [...IDENTITY, ...PERSONAL, ...MEDICAL, ...SCHOOL, ...EMERGENCY_CONTACT, ...HOME, "parent_id", "pickup_contacts", "pick_up_permission", "status", "is_waiver_signed", ...RECORD];
const DETAIL = [
  ...IDENTITY.filter((f) => f !== "user_id" && f !== "organization_id"),
  "name",
  ...PERSONAL,
  ...MEDICAL,
  ...SCHOOL,
  ...EMERGENCY_CONTACT,
  ...HOME,
  "parent",
  "pickup_contacts",
  "pick_up_people",
  "pick_up_permission",
  "status",
  "is_waiver_signed",
  "waiver_signed_at",
  "is_flagged",
  "is_warned",
  "flags",
  "notes",
  "hasfilled",
  "vaccinated",
  "programs_and_events",
  "check_in_time",
  "check_out_time",
  "is_reduced_view",
];
const MEMBER = ["id", "participant_id", "member_id", "first_name", "last_name", "full_name", "photo_url", "status", "pick_up_permission", "is_waiver_signed", "is_flagged", "is_warned"];
const BOARD_ROW = ["id", "participant_id", "member_id", "first_name", "last_name", "full_name", "photo_url", "check_in_time", "check_out_time", "pick_up_name", "pick_up_contact_number", "pick_up_relationship", "security_code"];
const SCREENING_USER = ["user_id", "name", "showScreening", "isFlagged", "hasfilled", "status"];
const NOT_SCREENED_USER = ["user_id", "name", "member_id", "showScreening", "hasfilled", "status"];
const USER_DAILY_USER = ["user_id", "name", "showScreening", "isFlagged"];
const AUDIT_PARTICIPANT = ["id", "full_name", "member_id"];
// the event report's member fields (decision 047); beside them each row has the event's points and attendance
const EVENT_REPORT_ROW = ["id", "member_id", "first_name", "last_name", "full_name", "dob", "age", "gender", "email", "phone_number", "contact_name", "medical_conditions", "postal_code"];
const EVENT_ROW_FACTS = ["attendance", "points"];
// the program report's member fields (decision 050); beside them each row has the program's and the attendance's facts
const PROGRAM_REPORT_ROW = [
  ...["participant_id", "member_id", "username", "first_name", "last_name", "email", "contact_name", "phone_number", "gender", "specific_gender"],
  ...["household_income", "race", "specific_race", "medical_conditions", "fsa", "age"],
];
const PROGRAM_ROW_FACTS = ["program_id", "points", "program_name", "drop_in", "sessions", "attendance_count", "attendance_percentage", "absent_count", "excused_count"];
// a session roster's participant (decision 046): who they are, beside their mark
const ROSTER_PERSON = ["participant_id", "member_id", "first_name", "last_name", "full_name"];
const PAGE_ROW = ["id", "member_id", "full_name", "first_name", "last_name", "status", "status_reason", "is_waiver_signed", "age", "photo_url"];
// one's own account: every role sees all of it
const SESSION_USER = ["id", "username", "email", "first_name", "last_name", "photo_url", "role_level", "role_name", "role_display_name", "role_scheme", "permission_ids", "parent", "is_enrollment_allowed"];
const USER_SESSION = ["user_id", "organization_id", "role_level", "expires_at"];

/** Who passes a call (the rest get 403): from the route registry's rules and the handlers' permission checks. */
const STAFF_AND_KIOSK: readonly Role[] = ["coach", "admin", "organization", "granter", "superadmin", "kiosk"];
/** Who holds 'create participant profiles' in the default groups: they invite participants (decision 068). */
const PARTICIPANT_INVITERS: readonly Role[] = ["admin", "organization", "granter", "superadmin"];
const STAFF: readonly Role[] = ["coach", "admin", "organization", "granter", "superadmin"];
const EXPORTERS: readonly Role[] = ["admin", "organization", "granter", "superadmin"];
// the superadmin too since issue 15 (decision 037)
const AUDITORS: readonly Role[] = ["admin", "organization", "superadmin"];
const SIGNED_IN_NOT_KIOSK: readonly Role[] = ["participant", "parent", ...STAFF];

const expected = (role: Role, fields: readonly string[]) => fields.filter((f) => SEES[role].includes(f)).sort();
const keysOf = (o: object) => Object.keys(o).sort();

/** No key the role may not see, anywhere in the answer. */
function noSensitiveKeys(role: Role, value: unknown, where: string) {
  const forbidden = SENSITIVE.filter((k) => !SEES[role].includes(k));
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        expect(forbidden, `${where}: ${role} got ${path}.${k}`).not.toContain(k);
        walk(x, `${path}.${k}`);
      }
    }
  };
  walk(value, "");
}

type Person = Record<string, unknown> & { id: string };
const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
const boardPath = `/api/check-in?type=notYetCheckout&all=true&start=${encodeURIComponent(day.start)}&end=${encodeURIComponent(day.end)}`;

describe("the field policy, role by call, over HTTP on real PostgreSQL", () => {
  let app: InProcessApp;
  const own = new Map<Role, HttpClient>();
  const foreign = new Map<Role, HttpClient>();
  let maya: Person;
  let leo: Person;
  /** a Northside participant who is nobody's child among the demo accounts */
  let stranger: Person;
  let northIds: Set<string>;
  let visitId: string;

  const call = async (client: HttpClient, method: string, path: string, body?: unknown) => {
    const response = await client.request(method, path, { body });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  /** the status the role gets; on 200 the answer */
  const expectStatus = async (role: Role, pass: readonly Role[], answer: { status: number; body: Record<string, unknown> }, label: string) => {
    expect(answer.status, `${label} as ${role}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(pass.includes(role) ? 200 : 403);
    if (answer.status !== 200) expect(answer.body).toHaveProperty("code");
    return answer.status === 200;
  };
  const expectPeople = (role: Role, people: Record<string, unknown>[], fields: readonly string[], label: string) => {
    for (const person of people) expect(keysOf(person), `${label} as ${role}`).toEqual(expected(role, fields));
  };
  const noNorthPeople = (people: Record<string, unknown>[], label: string) => {
    for (const p of people) for (const key of ["id", "participant_id", "user_id"]) if (typeof p[key] === "string") expect(northIds.has(p[key]), `${label}: a Northside person`).toBe(false);
  };

  beforeAll(async () => {
    app = await startInProcessApp("fields");
    const { redisUrl } = await testServices();
    for (const [map, domain] of [
      [own, "northside.demo"],
      [foreign, "maple.demo"],
    ] as const) {
      for (const role of ROLES) {
        const client = new HttpClient(app.baseUrl);
        await clearSignInLimits(redisUrl);
        await client.signIn(account(role, domain));
        await client.fetchCsrf();
        map.set(role, client);
      }
    }
    const admin = own.get("admin")!;
    const all = (await call(admin, "GET", "/api/participant_report?page=0&size=1000")).body.data as Person[];
    northIds = new Set(all.map((p) => p.id));
    maya = all.find((p) => p.full_name === "Maya Northside")!;
    leo = all.find((p) => p.full_name === "Leo Northside")!;
    stranger = all.find((p) => p.parent_id === null && p.is_waiver_signed === true)!;
    expect([maya, leo, stranger].every(Boolean)).toBe(true);
    // a visit with pick-up details: Maya in and out today, collected by her aunt on a staff override
    const checkIn = await call(admin, "POST", "/api/check-in", { ...day, memberId: maya.member_id, type: "in" });
    expect(checkIn.status).toBe(200);
    visitId = (checkIn.body.data as { id: string }).id;
    await eventually(
      async () => (await call(admin, "GET", boardPath)).body.data as Person[],
      (rows) => rows.some((r) => r.id === visitId),
    );
    const out = await call(admin, "PUT", `/api/check-in/${visitId}`, {
      check_out_time: new Date().toISOString(),
      pick_up_name: "Anita Northside",
      pick_up_contact_number: "416-555-0199",
      pick_up_relationship: "Aunt",
      // not on her list: a staff override with its reason (decision 026)
      override_reason: "Her aunt; her mother confirmed by phone",
    });
    expect(out.status).toBe(200);
    await eventually(
      async () => (await call(admin, "GET", boardPath)).body.data as Person[],
      (rows) => rows.some((r) => r.id === visitId && r.pick_up_name === "Anita Northside"),
    );
  }, 240_000);
  afterAll(() => app?.stop());

  it.each(ROLES)("GET /api/participant_report as %s: the list's rows", async (role) => {
    const answer = await call(own.get(role)!, "GET", "/api/participant_report?page=0&size=20&search=northside");
    if (await expectStatus(role, STAFF_AND_KIOSK, answer, "report")) {
      const rows = answer.body.data as Person[];
      expect(rows.map((r) => r.id)).toContain(maya.id);
      expectPeople(role, rows, REPORT_ROW, "report");
      noSensitiveKeys(role, answer.body, "report");
    }
    const elsewhere = await call(foreign.get(role)!, "GET", "/api/participant_report?page=0&size=1000");
    if (await expectStatus(role, STAFF_AND_KIOSK, elsewhere, "report, Maple")) {
      expect((elsewhere.body.data as Person[]).length).toBeGreaterThan(0);
      noNorthPeople(elsewhere.body.data as Person[], "report, Maple");
    }
  });

  it.each(ROLES)("GET /api/participant/{id} as %s: one participant; another organization's is 404", async (role) => {
    const answer = await call(own.get(role)!, "GET", `/api/participant/${maya.id}`);
    if (await expectStatus(role, STAFF_AND_KIOSK, answer, "detail")) {
      expectPeople(role, [answer.body], DETAIL, "detail");
      expect(answer.body.is_reduced_view).toBe(role === "kiosk");
      noSensitiveKeys(role, answer.body, "detail");
    }
    const elsewhere = await call(foreign.get(role)!, "GET", `/api/participant/${maya.id}`);
    expect(elsewhere.status).toBe(STAFF_AND_KIOSK.includes(role) ? 404 : 403);
  });

  it.each(ROLES)("POST /api/participant/member as %s: the member behind a Member ID; another organization's is 404", async (role) => {
    const answer = await call(own.get(role)!, "POST", "/api/participant/member", { member_id: maya.member_id });
    if (await expectStatus(role, STAFF_AND_KIOSK, answer, "member")) {
      expectPeople(role, [answer.body], MEMBER, "member");
      // the kiosk decides its check-out from these (spec-1 section 7)
      expect(answer.body).toMatchObject({ first_name: "Maya", pick_up_permission: maya.pick_up_permission, is_flagged: false });
    }
    const elsewhere = await call(foreign.get(role)!, "POST", "/api/participant/member", { member_id: maya.member_id });
    expect(elsewhere.status).toBe(STAFF_AND_KIOSK.includes(role) ? 404 : 403);
  });

  it.each(ROLES)("GET /api/check-in (the board) as %s: no pick-up details for the kiosk; no other organization's visits", async (role) => {
    const answer = await call(own.get(role)!, "GET", boardPath);
    if (await expectStatus(role, STAFF_AND_KIOSK, answer, "board")) {
      const rows = answer.body.data as Person[];
      expect(rows.map((r) => r.id)).toContain(visitId);
      expectPeople(role, rows, BOARD_ROW, "board");
      noSensitiveKeys(role, rows, "board");
      // beside the rows: each flagged member's flag state, never the flag's text
      const flags = (answer.body.additional_info as { flags: object[] }).flags;
      expect(flags.length).toBeGreaterThan(0);
      for (const f of flags) expect(keysOf(f)).toEqual(["participant_id", "stop", "warn"]);
    }
    const elsewhere = await call(foreign.get(role)!, "GET", boardPath);
    if (await expectStatus(role, STAFF_AND_KIOSK, elsewhere, "board, Maple")) noNorthPeople(elsewhere.body.data as Person[], "board, Maple");
  });

  it.each(ROLES)("GET /api/program/{id}/session/{date}/{start}/attendance as %s: the roster's people; another organization's program is 404", async (role) => {
    const admin = own.get("admin")!;
    const programs = (await call(admin, "GET", "/api/program?size=100&search=Homework")).body.data as { id: string; name: string }[];
    const program = programs.find((p) => p.name === "Homework Club")!;
    const sessions = (await call(admin, "GET", `/api/program/${program.id}/sessions`)).body.data as { date: string; start_time: string; present: number }[];
    const met = sessions.find((s) => s.present > 0)!;
    const path = `/api/program/${program.id}/session/${met.date}/${met.start_time}/attendance`;
    const answer = await call(own.get(role)!, "GET", path);
    if (await expectStatus(role, STAFF, answer, "roster")) {
      const entries = answer.body.data as { participant: Person; attendance: string | null }[];
      expect(entries.length).toBeGreaterThan(0);
      expectPeople(role, entries.map((e) => e.participant), ROSTER_PERSON, "roster");
      noSensitiveKeys(role, answer.body, "roster");
    }
    const elsewhere = await call(foreign.get(role)!, "GET", path);
    expect(elsewhere.status).toBe(STAFF.includes(role) ? 404 : 403);
  });

  it.each(ROLES)("GET /api/check-in?type=export as %s: the JSON export's rows", async (role) => {
    const answer = await call(own.get(role)!, "GET", "/api/check-in?type=export&page=0&size=1000");
    if (await expectStatus(role, EXPORTERS, answer, "check-in export")) {
      const rows = answer.body.data as Person[];
      expect(rows.map((r) => r.id)).toContain(visitId);
      expectPeople(role, rows, BOARD_ROW, "check-in export");
    }
    const elsewhere = await call(foreign.get(role)!, "GET", "/api/check-in?type=export&page=0&size=1000");
    if (await expectStatus(role, EXPORTERS, elsewhere, "check-in export, Maple")) noNorthPeople(elsewhere.body.data as Person[], "check-in export, Maple");
  });

  it.each(ROLES)("GET /api/note/daily/screening as %s: one's own participants, or one by ?user_id=; a parent sees only their children", async (role) => {
    const client = own.get(role)!;
    const mine = await call(client, "GET", "/api/note/daily/screening");
    if (await expectStatus(role, SIGNED_IN_NOT_KIOSK, mine, "daily screening")) {
      const users = mine.body.users as Person[];
      const ids = users.map((u) => u.user_id).sort();
      expect(ids).toEqual(role === "parent" ? [maya.id, leo.id].sort() : role === "participant" ? [maya.id] : []);
      expectPeople(role, users, SCREENING_USER, "daily screening");
    }
    const one = await call(client, "GET", `/api/note/daily/screening?user_id=${maya.id}`);
    if (await expectStatus(role, SIGNED_IN_NOT_KIOSK, one, "daily screening ?user_id")) expectPeople(role, one.body.users as Person[], SCREENING_USER, "daily screening ?user_id");
    // row scope: another family's child is not found for a parent or participant
    const other = await call(client, "GET", `/api/note/daily/screening?user_id=${stranger.id}`);
    expect(other.status).toBe(role === "kiosk" ? 403 : role === "parent" || role === "participant" ? 404 : 200);
    const elsewhere = await call(foreign.get(role)!, "GET", `/api/note/daily/screening?user_id=${maya.id}`);
    expect(elsewhere.status).toBe(role === "kiosk" ? 403 : 404);
  });

  it.each(ROLES)("GET /api/note/daily/screening?not_screened=true as %s: staff only", async (role) => {
    const answer = await call(own.get(role)!, "GET", "/api/note/daily/screening?not_screened=true");
    if (await expectStatus(role, STAFF, answer, "not screened")) {
      const users = answer.body.users as Person[];
      expect(users.length).toBeGreaterThan(0);
      expectPeople(role, users, NOT_SCREENED_USER, "not screened");
    }
    const elsewhere = await call(foreign.get(role)!, "GET", "/api/note/daily/screening?not_screened=true");
    if (await expectStatus(role, STAFF, elsewhere, "not screened, Maple")) noNorthPeople(elsewhere.body.users as Person[], "not screened, Maple");
  });

  it.each(ROLES)("POST /api/note/user/daily/screening as %s: the asked users; another family's or organization's is 404", async (role) => {
    const answer = await call(own.get(role)!, "POST", "/api/note/user/daily/screening", { user_ids: [maya.id] });
    if (await expectStatus(role, SIGNED_IN_NOT_KIOSK, answer, "user daily screening")) expectPeople(role, answer.body.users as Person[], USER_DAILY_USER, "user daily screening");
    const other = await call(own.get(role)!, "POST", "/api/note/user/daily/screening", { user_ids: [stranger.id] });
    expect(other.status).toBe(role === "kiosk" ? 403 : role === "parent" || role === "participant" ? 404 : 200);
    const elsewhere = await call(foreign.get(role)!, "POST", "/api/note/user/daily/screening", { user_ids: [maya.id] });
    expect(elsewhere.status).toBe(role === "kiosk" ? 403 : 404);
  });

  it.each(ROLES)("GET /api/audit/participant/{id} as %s: auditors only; another organization's is 404", async (role) => {
    const answer = await call(own.get(role)!, "GET", `/api/audit/participant/${maya.id}`);
    if (await expectStatus(role, AUDITORS, answer, "audit")) expectPeople(role, [answer.body.participant as Person], AUDIT_PARTICIPANT, "audit");
    const elsewhere = await call(foreign.get(role)!, "GET", `/api/audit/participant/${maya.id}`);
    expect(elsewhere.status).toBe(AUDITORS.includes(role) ? 404 : 403);
  });

  it.each(ROLES)("GET /api/appointment/event/{id}/report as %s: exporters only; another organization's event is 404", async (role) => {
    const events = (await call(own.get("admin")!, "GET", "/api/appointment/event?size=100&when=past")).body.data as { id: string; registered_count: number }[];
    const trip = events.find((e) => e.registered_count > 0)!;
    const answer = await call(own.get(role)!, "GET", `/api/appointment/event/${trip.id}/report`);
    if (await expectStatus(role, EXPORTERS, answer, "event report")) {
      const rows = answer.body.data as Person[];
      expect(rows.length).toBeGreaterThan(0);
      const people = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !EVENT_ROW_FACTS.includes(k))));
      expectPeople(role, people, EVENT_REPORT_ROW, "event report");
      for (const r of rows) expect(Object.keys(r)).toEqual(expect.arrayContaining(EVENT_ROW_FACTS));
      noSensitiveKeys(role, answer.body, "event report");
    }
    const elsewhere = await call(foreign.get(role)!, "GET", `/api/appointment/event/${trip.id}/report`);
    expect(elsewhere.status).toBe(EXPORTERS.includes(role) ? 404 : 403);
  });

  it.each(ROLES)("GET /api/program/{id}/report and /api/base/program_report as %s: exporters only; another organization's program is 404", async (role) => {
    const summary = (await call(own.get("admin")!, "GET", "/api/base/program_report?size=100")).body.data as { id: string; total_registrant_count: number }[];
    const club = summary.find((p) => p.total_registrant_count > 0)!;
    const answer = await call(own.get(role)!, "GET", `/api/program/${club.id}/report`);
    if (await expectStatus(role, EXPORTERS, answer, "program report")) {
      const rows = answer.body.data as Person[];
      expect(rows.length).toBeGreaterThan(0);
      const people = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !PROGRAM_ROW_FACTS.includes(k))));
      expectPeople(role, people, PROGRAM_REPORT_ROW, "program report");
      for (const r of rows) expect(Object.keys(r)).toEqual(expect.arrayContaining(PROGRAM_ROW_FACTS));
      noSensitiveKeys(role, answer.body, "program report");
    }
    const elsewhere = await call(foreign.get(role)!, "GET", `/api/program/${club.id}/report`);
    expect(elsewhere.status).toBe(EXPORTERS.includes(role) ? 404 : 403);
    const mine = await call(own.get(role)!, "GET", "/api/base/program_report");
    if (await expectStatus(role, EXPORTERS, mine, "program summary")) noSensitiveKeys(role, mine.body, "program summary");
  });

  it.each(ROLES)("GET /api/note?user_id= and /api/note/flag/user as %s: what staff wrote, for staff; another organization's participant is 404", async (role) => {
    for (const path of [`/api/note?user_id=${maya.id}`, `/api/note/flag/user?participant_id=${maya.id}`]) {
      const answer = await call(own.get(role)!, "GET", path);
      if (await expectStatus(role, STAFF, answer, path)) noSensitiveKeys(role, answer.body, path);
      const elsewhere = await call(foreign.get(role)!, "GET", path);
      expect(elsewhere.status, path).toBe(STAFF.includes(role) ? 404 : 403);
      // an id that is no id finds nobody: 404, never a database error
      const malformed = await call(own.get(role)!, "GET", path.replace(maya.id, "not-an-id"));
      expect(malformed.status, `${path} not-an-id`).toBe(STAFF.includes(role) ? 404 : 403);
    }
  });

  it.each(ROLES)("the /participants page's data as %s: the same policy as the /api calls", async (role) => {
    const response = await own.get(role)!.request("GET", "/participants?search=northside&_data=routes%2Fparticipants");
    expect(response.status, role).toBe(STAFF_AND_KIOSK.includes(role) ? 200 : 403);
    if (response.status !== 200) return;
    const rows = ((await response.json()) as { rows: Person[] }).rows;
    expect(rows.map((r) => r.id)).toContain(maya.id);
    // who may invite participants (decision 068) sees each row's own-account invitation status: an account's state, not a personal field
    for (const row of rows) expect(Object.hasOwn(row, "invitation_status"), `invitation_status as ${role}`).toBe(PARTICIPANT_INVITERS.includes(role));
    expectPeople(
      role,
      rows.map(({ invitation_status: _status, ...row }) => row),
      PAGE_ROW,
      "participants page",
    );
  });

  it.each(ROLES)("GET /api/auth/session and /api/user-session as %s: one's own account, all of it", async (role) => {
    const session = await call(own.get(role)!, "GET", "/api/auth/session");
    expect(session.status).toBe(200);
    const user = session.body.user as Person;
    expect(keysOf(user)).toEqual([...SESSION_USER].sort());
    expect(user.username).toBe(account(role, "northside.demo"));
    const record = await call(own.get(role)!, "GET", "/api/user-session");
    expect(record.status).toBe(200);
    expect(keysOf(record.body)).toEqual([...USER_SESSION].sort());
    expect(record.body.user_id).toBe(user.id);
  });

  it("sends the live board's rows to the kiosk without pick-up details, on a topic of its own", async () => {
    const socketOf = async (client: HttpClient) => {
      const socket = connect(app.baseUrl, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` } });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("connect_error", reject);
      });
      return socket;
    };
    const organizationId = (await call(own.get("admin")!, "GET", "/api/user-session")).body.organization_id as string;
    const sockets: Socket[] = [];
    try {
      const [kiosk, coach] = await Promise.all([socketOf(own.get("kiosk")!), socketOf(own.get("coach")!)]);
      sockets.push(kiosk, coach);
      expect(await kiosk.emitWithAck("subscribe", { organizationId, topic: "check-in" })).toMatchObject({ ok: false });
      expect(await kiosk.emitWithAck("subscribe", { organizationId, topic: "check-in-kiosk" })).toMatchObject({ ok: true });
      expect(await coach.emitWithAck("subscribe", { organizationId, topic: "check-in-kiosk" })).toMatchObject({ ok: false });
      expect(await coach.emitWithAck("subscribe", { organizationId, topic: "check-in" })).toMatchObject({ ok: true });
      const seen = { kiosk: [] as Person[], coach: [] as Person[] };
      kiosk.on("check-in:changed", (row: Person) => seen.kiosk.push(row));
      coach.on("check-in:changed", (row: Person) => seen.coach.push(row));

      const admin = own.get("admin")!;
      const member = ((await call(admin, "GET", "/api/participant_report?page=0&size=80&statuses=Active")).body.data as Person[]).find(
        (p) => p.is_waiver_signed === true && p.id !== maya.id && !DEMO_FLAGGED_PARTICIPANT_IDS.has(p.id),
      )!;
      const checkIn = await call(admin, "POST", "/api/check-in", { ...day, memberId: member.member_id, type: "in" });
      expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
      const visit = (checkIn.body.data as { id: string }).id;
      await eventually(async () => seen.kiosk.some((r) => r.id === visit), Boolean);
      const out = await call(admin, "PUT", `/api/check-in/${visit}`, { check_out_time: new Date().toISOString(), pick_up_name: "Anita Northside", pick_up_contact_number: "416-555-0199", pick_up_relationship: "Aunt", override_reason: "Her aunt; the parent confirmed by phone" });
      expect(out.status).toBe(200);
      const isOut = (rows: Person[]) => rows.find((r) => r.id === visit && r.check_out_time);
      await eventually(async () => Boolean(isOut(seen.kiosk) && isOut(seen.coach)), Boolean);
      expect(isOut(seen.coach)).toMatchObject({ pick_up_name: "Anita Northside", pick_up_relationship: "Aunt" });
      for (const row of seen.kiosk) expect(keysOf(row)).toEqual(expected("kiosk", BOARD_ROW));
      for (const row of seen.coach) expect(keysOf(row)).toEqual(expected("coach", BOARD_ROW));
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  // last: it widens the coach group's permissions
  it("builds a participants export with the requester's role's columns: a coach's group given the export permission gets a coach's", async () => {
    const admin = own.get("admin")!;
    const coach = own.get("coach")!;
    const exportAs = async (client: HttpClient) => {
      const asked = await call(client, "POST", "/api/export", { kind: "participants", filters: { statuses: ["Active"] } });
      expect(asked.status, JSON.stringify(asked.body)).toBe(202);
      const id = (asked.body.data as { id: string }).id;
      const done = await eventually(
        async () => ((await call(client, "GET", "/api/export")).body.data as { id: string; status: string; download_url: string | null }[]).find((e) => e.id === id),
        (e) => e?.status === "Completed",
      );
      const file = await client.request("GET", done!.download_url!);
      expect(file.status).toBe(200);
      return parseExportCsv(await file.text());
    };
    expect((await call(coach, "POST", "/api/export", { kind: "participants", filters: {} })).status).toBe(403);
    const groups = (await call(admin, "GET", "/api/user/role")).body.data as { id: string; name: string; icon: string; level: number; permission_ids: string[] }[];
    const group = groups.find((g) => g.name === "COACH")!;
    const granted = await call(admin, "PUT", `/api/role/${group.id}`, { name: group.name, icon: group.icon, level: group.level, permission_ids: [...group.permission_ids, "CAN_EXPORT_PARTICIPANT_PROFILE"] });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);

    const column = (name: (typeof PARTICIPANT_HEADER)[number]) => PARTICIPANT_HEADER.indexOf(name);
    const [adminRows, coachRows] = [await exportAs(admin), await exportAs(coach)];
    expect(coachRows[0]).toEqual([...PARTICIPANT_HEADER]);
    expect(coachRows.length).toBe(adminRows.length);
    const filled = (rows: string[][], name: (typeof PARTICIPANT_HEADER)[number]) => rows.slice(1).filter((r) => r[column(name)] !== "").length;
    // what a coach may not see (the home, the record's history) is blank in every row; the admin's file has it
    for (const name of ["Email", "Preferred contact", "Address", "Created date"] as const) {
      expect(filled(coachRows, name), name).toBe(0);
      expect(filled(adminRows, name), name).toBeGreaterThan(0);
    }
    // what a coach may see is there
    for (const name of ["Member ID", "First name", "Date of birth", "Phone number", "Contact name", "Medical conditions", "Pick-up permission"] as const) {
      expect(filled(coachRows, name), name).toBe(filled(adminRows, name));
    }
  });
});
