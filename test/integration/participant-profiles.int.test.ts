import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseExportCsv, PARTICIPANT_HEADER } from "../../modules/exports";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Participant = { id: string; first_name: string; last_name: string; member_id: string; status: string; status_reason?: string | null; email?: string; gender?: string };
type Paged = { data: Participant[]; count: number };
type Failure = { code: string; message: string };
type ExportItem = { id: string; status: string; rows: number | null; download_url: string | null; reason: string | null };
type Group = { id: string; name: string; icon: string; level: number; permission_ids: string[] };

/**
 * Participant profiles (decision 065) over HTTP on real PostgreSQL and Redis: POST and PUT
 * /api/participant with the form's schema, status reasons, 403 without 'create participant profiles',
 * another organization's participant 404, 'View assigned only' on the list and the detail, the demo's
 * Inactive and Alumni with reasons, and the list's CSV through the worker.
 */
describe("participant profiles, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let admin: HttpClient, coach: HttpClient, maple: HttpClient;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const body = (over: Record<string, unknown> = {}) => ({
    first_name: "Amara",
    last_name: "Lindqvist",
    dob: "2015-03-14",
    gender: "Female",
    pick_up_permission: "An adult will pick the child up from program each day",
    school_name: "Northside Public School",
    email: "amara.family@example.org",
    phone_number: "416 555 0142",
    province: "Ontario",
    postal_code: "M4B 1B3",
    pronouns: "She/Her",
    programme_interest: ["Sport", "Academic Support"],
    household_income: "C",
    pickup_contacts: [{ first_name: "Lena", last_name: "Lindqvist", phone_number: "416-555-0143", relationship: "Aunt" }],
    ...over,
  });

  beforeAll(async () => {
    app = await startInProcessApp("participant-profiles");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, coach, maple] = [0, 1, 2].map(() => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await coach.signIn("coach@northside.demo");
    await maple.signIn("admin@maple.demo");
  }, 180_000);
  afterAll(() => app?.stop());

  it("creates a participant once per idempotency key, with a Member ID, and lists it", async () => {
    const sent = body();
    const created = await json<{ message: string; data: Participant }>(await admin.request("POST", "/api/participant", { body: sent, headers: { "Idempotency-Key": "amara-1" } }));
    expect(created.message).toBe("Participant successfully created");
    expect(created.data).toMatchObject({ first_name: "Amara", last_name: "Lindqvist", status: "Active", email: "amara.family@example.org", gender: "Female" });
    expect(created.data.member_id).toMatch(/^[A-Z2-9]{8}$/);
    const again = await json<{ data: Participant }>(await admin.request("POST", "/api/participant", { body: sent, headers: { "Idempotency-Key": "amara-1" } }));
    expect(again.data.id).toBe(created.data.id);
    const found = await json<Paged>(await admin.request("GET", "/api/participant_report?search=Amara%20Lindqvist"));
    expect(found.data.map((p) => p.id)).toEqual([created.data.id]);
  });

  it("refuses bad input with 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: "" }, "first_name", "First Name is required"],
      [{ dob: "2999-01-01" }, "dob", "Date of Birth must not be in the future"],
      [{ postal_code: "90210" }, "postal_code", "Postal Code does not fit Ontario"],
      [{ email: "not-an-email" }, "email", "Email must be an e-mail address, like name@example.org"],
      [{ phone_number: "call me" }, "phone_number", "Phone Number must be a phone number, like 416-555-0100"],
      [{ status: "Alumni" }, "status_reason", "Reason is required when the status is Inactive or Alumni"],
      [{ pickup_contacts: [{ first_name: "Lena" }] }, "pickup_contacts.0.last_name", "Pick-up contact last name is required"],
      [{ household_income: "Z" }, "household_income", "Household Income must be A, B, C, D, E, F, G, H, I, J, K or L"],
    ];
    for (const [over, field, message] of cases) {
      const refused = await json<Failure>(await admin.request("POST", "/api/participant", { body: body(over) }), 400);
      expect(refused.code, field).toBe("VALIDATION");
      expect(refused.message, field).toBe(message);
    }
  });

  it("edits a participant and its status with a reason; another organization's participant is 404; 403 without the permission", async () => {
    const created = (await json<{ data: Participant }>(await admin.request("POST", "/api/participant", { body: body({ first_name: "Tomas" }) }))).data;
    const edited = await json<{ message: string; data: Participant }>(
      await admin.request("PUT", `/api/participant/${created.id}`, { body: body({ first_name: "Tomas", last_name: "Berg", status: "Alumni", status_reason: "Moved to Ottawa" }) }),
    );
    expect(edited.message).toBe("Participant successfully updated");
    expect(edited.data).toMatchObject({ id: created.id, last_name: "Berg", status: "Alumni", member_id: created.member_id });
    const listed = await json<Paged>(await admin.request("GET", `/api/participant_report?statuses=Alumni&search=Tomas%20Berg`));
    expect(listed.data).toMatchObject([{ id: created.id, status: "Alumni", status_reason: "Moved to Ottawa" }]);
    const active = await json<{ data: Participant }>(await admin.request("PUT", `/api/participant/${created.id}`, { body: body({ first_name: "Tomas", last_name: "Berg" }) }));
    expect(active.data.status).toBe("Active");
    expect((await json<Paged>(await admin.request("GET", `/api/participant_report?search=Tomas%20Berg`))).data[0]?.status_reason).toBeNull();

    expect((await json<Failure>(await maple.request("PUT", `/api/participant/${created.id}`, { body: body() }), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
    expect((await json<Failure>(await admin.request("PUT", `/api/participant/not-an-id`, { body: body() }), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
    expect((await json<Failure>(await coach.request("POST", "/api/participant", { body: body() }), 403)).code).toBe("FORBIDDEN");
    expect((await json<Failure>(await coach.request("PUT", `/api/participant/${created.id}`, { body: body() }), 403)).code).toBe("FORBIDDEN");
  });

  it("shows the demo's Inactive and Alumni participants with their reasons through the status filter", async () => {
    for (const status of ["Inactive", "Alumni"]) {
      const page = await json<Paged>(await admin.request("GET", `/api/participant_report?statuses=${status}&size=80`));
      expect(page.count, status).toBeGreaterThan(0);
      for (const p of page.data) expect(p.status_reason, `${p.first_name} ${p.last_name}`).toBeTruthy();
    }
  });

  it("lets 'View assigned only' staff see only the members of the programs they coach (404 for the others)", async () => {
    const groups = (await json<{ data: Group[] }>(await admin.request("GET", "/api/user/role"))).data;
    const group = groups.find((g) => g.name === "COACH")!;
    const put = (permission_ids: string[]) => admin.request("PUT", `/api/role/${group.id}`, { body: { name: group.name, icon: group.icon, level: group.level, permission_ids } });
    const everyone = await json<Paged>(await coach.request("GET", "/api/participant_report?size=1000"));
    const { rows } = await app.app.core.pool.query<{ id: string }>(
      `select distinct r.participant_id as id from rm_program_registrations r join rm_programs p on p.id = r.program_id
       join rm_users u on u.id::text = any(p.coach_ids) where u.username = 'coach@northside.demo'`,
    );
    const coached = new Set(rows.map((r) => r.id));
    expect(coached.size).toBeGreaterThan(0);
    expect(everyone.count).toBeGreaterThan(coached.size);
    await json(await put([...group.permission_ids, "CAN_VIEW_ASSIGNED_ONLY"]));
    try {
      const assigned = await eventually(
        async () => json<Paged>(await coach.request("GET", "/api/participant_report?size=1000")),
        (page) => page.count < everyone.count,
      );
      expect(new Set(assigned.data.map((p) => p.id))).toEqual(coached);
      const other = everyone.data.find((p) => !coached.has(p.id))!;
      expect((await json<Failure>(await coach.request("GET", `/api/participant/${other.id}`), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
      const mine = assigned.data[0]!;
      expect((await json<Participant>(await coach.request("GET", `/api/participant/${mine.id}`))).id).toBe(mine.id);
      const page = await coach.request("GET", "/participants?size=80");
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain(`${assigned.count} participants`);
    } finally {
      await json(await put(group.permission_ids));
    }
  });

  it("asks what the organization's registration_fields say: a required e-mail, a hidden school", async () => {
    const current = (await (await admin.request("GET", "/api/setting/organization")).json()) as Record<string, unknown>;
    const address = { street_address: "1 Main Street", city: "Toronto", state: "Ontario", postal_code: "M5V 1A1" };
    const put = (registration_fields: Record<string, string>) =>
      admin.request("PUT", "/api/setting/organization", { body: { ...current, address: { ...(current.address as object), ...address }, registration_fields } });
    await json(await put({ email: "required", school_name: "hidden" }));
    try {
      // once the settings reach the session: the e-mail is asked for, the school is not
      const refused = await eventually(
        async () => (await admin.request("POST", "/api/participant", { body: body({ email: "", school_name: "" }) })).json() as Promise<Failure>,
        (f) => f.message === "Email is required",
      );
      expect(refused.code).toBe("VALIDATION");
      const created = await json<{ data: Participant & { school_not_applicable?: boolean } }>(
        await admin.request("POST", "/api/participant", { body: body({ first_name: "Ines", school_name: "" }) }),
      );
      expect(created.data.school_not_applicable).toBe(true);
    } finally {
      await json(await put({}));
    }
  });

  it("exports the list as filtered to CSV through the worker", async () => {
    const asked = await json<{ data: { id: string } }>(
      await admin.request("POST", "/api/export", { body: { kind: "participants", filters: { statuses: ["Alumni"], search: "", timeZone: "UTC" } } }),
      202,
    );
    const item = (await eventually(
      async () => (await json<{ data: ExportItem[] }>(await admin.request("GET", "/api/export"))).data.find((e) => e.id === asked.data.id),
      (x) => x !== undefined && x.status !== "Requested",
      { timeoutMs: 30_000, everyMs: 100 },
    )) as ExportItem;
    expect(item.status, item.reason ?? "").toBe("Completed");
    const file = await admin.request("GET", item.download_url!);
    const csv = await parseExportCsv(Buffer.from(await file.arrayBuffer()).toString("utf8"));
    expect(csv[0]).toEqual([...PARTICIPANT_HEADER]);
    const alumni = await json<Paged>(await admin.request("GET", "/api/participant_report?statuses=Alumni&size=1000"));
    expect(csv.slice(1).map((r) => r[0]).sort()).toEqual(alumni.data.map((p) => p.member_id).sort());
    expect(new Set(csv.slice(1).map((r) => r[3]))).toEqual(new Set(["Alumni"]));
  });
});
