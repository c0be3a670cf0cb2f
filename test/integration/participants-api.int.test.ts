import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../modules/kernel";
import { DEMO_PARTICIPANTS_PER_ORGANIZATION } from "../factories/participants";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Row = { id: string; member_id: string; first_name: string; last_name: string; full_name: string; status: string; created_date: string; age: number };
type Report = { data: Row[]; count: number; additional_info: { page: number; size: number; total_pages: number } };

describe("participants over HTTP: report, member lookup, detail", () => {
  let app: InProcessApp;
  const clients: Record<string, HttpClient> = {};
  const as = (who: string) => clients[who]!;
  const report = async (query: string, who = "admin@northside.demo") => {
    const response = await as(who).request("GET", `/api/participant_report${query}`);
    return { status: response.status, body: (await response.json()) as Report & { code?: string; message?: string } };
  };
  const lookup = (memberId: unknown, who = "admin@northside.demo") =>
    as(who).request("POST", "/api/participant/member", { body: memberId === undefined ? {} : { member_id: memberId } });

  beforeAll(async () => {
    app = await startInProcessApp("participants");
    const { redisUrl } = await testServices();
    for (const who of ["admin@northside.demo", "coach@northside.demo", "kiosk@northside.demo", "participant@northside.demo", "admin@maple.demo"]) {
      await clearSignInLimits(redisUrl);
      clients[who] = new HttpClient(app.baseUrl);
      await clients[who].signIn(who);
    }
  }, 120_000);
  afterAll(() => app?.stop());

  it("pages the report: 10 of 200 by default, newest first, then any page and size", async () => {
    const first = await report("");
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(DEMO_PARTICIPANTS_PER_ORGANIZATION);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.additional_info).toEqual({ page: 0, size: 10, total_pages: 20 });
    const dates = first.body.data.map((r) => r.created_date);
    expect([...dates].sort().reverse()).toEqual(dates);

    const [a, b] = await Promise.all([report("?page=0&size=20"), report("?page=1&size=20")]);
    expect(b.body.data).toHaveLength(20);
    expect(new Set([...a.body.data, ...b.body.data].map((r) => r.id)).size).toBe(40);
    expect((await report("?page=19")).body.data).toHaveLength(10);
    const beyond = await report("?page=20");
    expect(beyond.body).toMatchObject({ data: [], count: 200 });

    const byName = (await report("?size=80&sort=full_name,asc")).body.data.map((r) => r.full_name.toLowerCase());
    expect(byName).toEqual([...byName].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    for (const row of first.body.data) expect(row.age).toBeGreaterThanOrEqual(5);
  });

  it("searches first name, last name, Member ID and full name, in any case", async () => {
    const some = (await report("?page=3")).body.data[4]!;
    const byMemberId = await report(`?search=${some.member_id.toLowerCase()}`);
    expect(byMemberId.body.data.map((r) => r.id)).toEqual([some.id]);
    const byPart = await report(`?search=${some.member_id.slice(2, 6)}`);
    expect(byPart.body.data.map((r) => r.id)).toContain(some.id);

    const byLast = await report(`?size=80&search=${encodeURIComponent(some.last_name.toUpperCase())}`);
    expect(byLast.body.count).toBeGreaterThan(0);
    for (const row of byLast.body.data) expect(`${row.first_name} ${row.last_name} ${row.member_id}`.toLowerCase()).toContain(some.last_name.toLowerCase());

    const full = await report(`?search=${encodeURIComponent("maya NORTHSIDE")}`);
    expect(full.body.data.map((r) => r.full_name)).toEqual(["Maya Northside"]);
    expect((await report("?search=%25")).body.count).toBe(0);
    expect((await report("?search=")).body.count).toBe(200);
  });

  it("filters by statuses, repeated or as a comma list", async () => {
    const counts = await Promise.all(["Active", "Inactive", "Alumni"].map(async (s) => (await report(`?statuses=${s}&size=80`)).body));
    expect(counts.map((c) => c.count).reduce((x, y) => x + y, 0)).toBe(200);
    counts.forEach((c, i) => {
      expect(c.count).toBeGreaterThan(0);
      for (const row of c.data) expect(row.status).toBe(["Active", "Inactive", "Alumni"][i]);
    });
    const comma = await report("?statuses=Inactive,Alumni");
    const repeated = await report("?statuses=Inactive&statuses=Alumni");
    const brackets = await report("?statuses[]=Inactive&statuses[]=Alumni");
    expect(comma.body.count).toBe(counts[1]!.count + counts[2]!.count);
    expect(repeated.body.count).toBe(comma.body.count);
    expect(brackets.body.count).toBe(comma.body.count);
  });

  it("answers bad queries 400 with a readable message", async () => {
    const cases: [string, string][] = [
      ["?size=15", "Size must be 10, 20, 40, 60, 80 (or 1000 for an export)"],
      ["?page=-1", "Page must be 0 or more"],
      ["?page=abc", "Page must be a whole number"],
      ["?statuses=Gone", "Statuses must be Active, Alumni or Inactive"],
      ["?sort=dob", "Sort must be created_date or full_name, then asc or desc (created_date,desc)"],
    ];
    for (const [query, message] of cases) expect(await report(query), query).toEqual({ status: 400, body: { code: "VALIDATION", message } });
  });

  it("looks a member up by Member ID: any case, trimmed, cut to 8; short is 400, unknown 404", async () => {
    const some = (await report("?page=2")).body.data[0]!;
    const expected = { id: some.id, member_id: some.member_id, first_name: some.first_name, last_name: some.last_name, is_flagged: false };
    for (const typed of [some.member_id, ` ${some.member_id.toLowerCase()} `, `${some.member_id}XYZ`]) {
      const response = await lookup(typed);
      expect(response.status, typed).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject(expected);
      expect(body).toHaveProperty("pick_up_permission");
      expect(typeof body.is_waiver_signed).toBe("boolean");
    }
    expect((await lookup(some.member_id, "kiosk@northside.demo")).status).toBe(200);

    const short = await lookup("AB2C");
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ code: "VALIDATION", message: "Member ID must be at least 5 characters" });
    expect((await lookup(undefined)).status).toBe(400);
    const unknown = await lookup("zzzzz222");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: "MEMBER_NOT_FOUND", message: "No member with ID ZZZZZ222" });
    const elsewhere = await lookup(some.member_id, "admin@maple.demo");
    expect(elsewhere.status).toBe(404);
  });

  it("shows one participant; another organization's is 404; the kiosk gets the reduced view", async () => {
    const maya = (await report("?search=maya%20northside")).body.data[0]!;
    const response = await as("coach@northside.demo").request("GET", `/api/participant/${maya.id}`);
    expect(response.status).toBe(200);
    const detail = await response.json();
    expect(detail).toMatchObject({
      id: maya.id,
      member_id: maya.member_id,
      full_name: "Maya Northside",
      name: "child1@northside.demo",
      parent: { full_name: "Priya Northside", photo_url: null },
      // who she may be released to, each with the id a check-out names them by (docs/decisions/026)
      pick_up_people: [expect.objectContaining({ id: `parent:${detail.parent.id}`, name: "Priya Northside", relationship: "Parent" }), ...detail.pickup_contacts.filter((c: { can_pickup: boolean }) => c.can_pickup).map(() => expect.objectContaining({ id: expect.stringMatching(/^pickup:/) }))],
      pick_up_permission: "An adult will pick the child up from program each day",
      is_waiver_signed: true,
      is_flagged: false,
      is_warned: false,
      flags: { count: 0, data: [] },
      notes: { count: 0, data: [] },
      programs_and_events: expect.any(Array),
      check_in_time: null,
      is_reduced_view: false,
    });
    expect(Object.keys(detail)).toEqual(expect.arrayContaining(["dob", "gender", "medical_conditions", "has_epi_pen", "pickup_contacts", "hasfilled", "check_out_time"]));

    // the kiosk's reduced view: the fields it may not see are absent, not blanked (decision 027)
    const kiosk = await (await as("kiosk@northside.demo").request("GET", `/api/participant/${maya.id}`)).json();
    expect(kiosk).toMatchObject({ member_id: maya.member_id, full_name: "Maya Northside", is_waiver_signed: true, is_flagged: false, is_reduced_view: true });
    for (const hidden of ["name", "dob", "age", "medical_conditions", "has_epi_pen", "contact_name", "phone_number", "address", "parent", "pickup_contacts", "pick_up_people", "notes", "flags"]) {
      expect(kiosk, hidden).not.toHaveProperty(hidden);
    }

    for (const path of [`/api/participant/${maya.id}`, `/api/participant/${newId()}`, "/api/participant/not-a-uuid"]) {
      const other = await as("admin@maple.demo").request("GET", path);
      expect(other.status, path).toBe(404);
      expect(await other.json()).toEqual({ code: "PARTICIPANT_NOT_FOUND", message: "Participant not found" });
    }
    expect((await as("participant@northside.demo").request("GET", `/api/participant/${maya.id}`)).status).toBe(403);
    expect((await as("participant@northside.demo").request("GET", "/api/participant_report")).status).toBe(403);
  });

  it("gives the kiosk no personal data in the participant list (decision 027)", async () => {
    // the issue: the detail gave the kiosk its reduced view, the list gave it everyone's personal data
    const rows = (await report("?page=0&size=80", "kiosk@northside.demo")).body.data as unknown as Record<string, unknown>[];
    expect(rows).toHaveLength(80);
    const personal = ["dob", "age", "gender", "address", "phone_number", "email", "contact_name", "school_name", "medical_conditions", "has_epi_pen", "has_medications", "parent_id", "pickup_contacts"];
    for (const row of rows) {
      for (const field of personal) expect(row, `${String(row.full_name)}: ${field}`).not.toHaveProperty(field);
      expect(row).toMatchObject({ id: expect.any(String), member_id: expect.any(String), full_name: expect.any(String), status: expect.any(String) });
    }
    // staff of the organization still get them
    const admin = (await report("?page=0&size=10")).body.data as unknown as Record<string, unknown>[];
    for (const row of admin) expect(Object.keys(row)).toEqual(expect.arrayContaining(personal));
  });

  it("serves the list page as /students in a school organization, and sends /students elsewhere to /participants (issue 15)", async () => {
    const school = await as("admin@maple.demo").request("GET", "/students?size=20&sort=full_name,asc");
    expect(school.status).toBe(200);
    const html = await school.text();
    expect(html).toContain("Maple Street School | Students");
    expect(html).toContain("200 students");
    const elsewhere = await as("admin@northside.demo").request("GET", "/students");
    expect(elsewhere.status).toBe(302);
    expect(new URL(elsewhere.headers.get("location") ?? "", "http://x").pathname).toBe("/participants");
    expect((await as("participant@northside.demo").request("GET", "/participants")).status).toBe(403);
  });
});
