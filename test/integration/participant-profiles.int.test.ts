import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseExportCsv, PARTICIPANT_HEADER } from "../../modules/exports";
import { coachChoicesOf } from "../../projections/identity";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Participant = { id: string; first_name: string; last_name: string; member_id: string; status: string; status_reason?: string | null; email?: string; gender?: string; is_waiver_signed?: boolean; is_flagged?: boolean };
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
  /** Requests a participant export as `client` and answers its CSV rows (header first) once the worker built it. */
  const exportCsv = async (client: HttpClient, filters: Record<string, unknown>) => {
    const asked = await json<{ data: { id: string } }>(await client.request("POST", "/api/export", { body: { kind: "participants", filters: { timeZone: "UTC", ...filters } } }), 202);
    const item = (await eventually(
      async () => (await json<{ data: ExportItem[] }>(await client.request("GET", "/api/export"))).data.find((e) => e.id === asked.data.id),
      (x) => x !== undefined && x.status !== "Requested",
      { timeoutMs: 30_000, everyMs: 100 },
    )) as ExportItem;
    expect(item.status, item.reason ?? "").toBe("Completed");
    if (item.rows === 0) return [[...PARTICIPANT_HEADER]];
    return parseExportCsv(Buffer.from(await (await client.request("GET", item.download_url!)).arrayBuffer()).toString("utf8"));
  };
  const column = (name: (typeof PARTICIPANT_HEADER)[number]) => PARTICIPANT_HEADER.indexOf(name);

  it("exports the status reason and the profile's answers in their columns (decision 070)", async () => {
    const created = (
      await json<{ data: Participant }>(
        await admin.request("POST", "/api/participant", {
          body: body({ first_name: "Odile", last_name: "Fairweather", status: "Inactive", status_reason: "Away for the winter", birthplace: "Yes, born in Canada with parents born in Canada", how_heard: "Friends" }),
        }),
      )
    ).data;
    const csv = await exportCsv(admin, { search: "Odile Fairweather" });
    expect(csv[0]).toEqual([...PARTICIPANT_HEADER]);
    expect(csv).toHaveLength(2);
    const row = csv[1]!;
    const cell = (name: (typeof PARTICIPANT_HEADER)[number]) => row[column(name)];
    expect(cell("Member ID")).toBe(created.member_id);
    expect(cell("Status")).toBe("Inactive");
    expect(cell("Status reason")).toBe("Away for the winter");
    expect(cell("Pronouns")).toBe("She/Her");
    expect(cell("Postal code")).toBe("M4B 1B3");
    expect(cell("Province or state")).toBe("Ontario");
    expect(cell("Household income")).toBe("30,001-40,000");
    expect(cell("Born in Canada")).toBe("Yes, born in Canada with parents born in Canada");
    expect(cell("Programme interest")).toBe("Sport, Academic Support");
    expect(cell("How they heard about us")).toBe("Friends");
    expect(cell("Email")).toBe("amara.family@example.org");
  });

  it("narrows 'View assigned only' staff's export to the programs they coach, with a coach's columns; the Member ID lookup is not narrowed, the detail and profile are", async () => {
    const groups = (await json<{ data: Group[] }>(await admin.request("GET", "/api/user/role"))).data;
    const group = groups.find((g) => g.name === "COACH")!;
    const put = (permission_ids: string[]) => admin.request("PUT", `/api/role/${group.id}`, { body: { name: group.name, icon: group.icon, level: group.level, permission_ids } });
    const { rows } = await app.app.core.pool.query<{ id: string }>(
      `select distinct r.participant_id as id from rm_program_registrations r join rm_programs p on p.id = r.program_id
       join rm_users u on u.id::text = any(p.coach_ids) where u.username = 'coach@northside.demo'`,
    );
    const coached = new Set(rows.map((r) => r.id));
    const everyone = await json<Paged>(await admin.request("GET", "/api/participant_report?size=1000"));
    const memberIds = new Map(everyone.data.map((p) => [p.member_id, p.id]));
    const coachedMembers = everyone.data.filter((p) => coached.has(p.id)).map((p) => p.member_id);
    await json(await put([...group.permission_ids, "CAN_EXPORT_PARTICIPANT_PROFILE"]));
    try {
      // the export permission alone: the whole list, with a coach's columns (decision 027)
      const all = await eventually(
        async () => (await coach.request("POST", "/api/export", { body: { kind: "participants", filters: { search: "zz-none" } } })).status,
        (status) => status === 202,
      );
      expect(all).toBe(202);
      const whole = await exportCsv(coach, {});
      expect(whole.length - 1).toBe(everyone.count);
      // the demo's answers (decision 070) are in the file: pronouns are a coach's to see
      expect(whole.slice(1).filter((r) => r[column("Pronouns")] !== "").length).toBeGreaterThan(0);

      await json(await put([...group.permission_ids, "CAN_EXPORT_PARTICIPANT_PROFILE", "CAN_VIEW_ASSIGNED_ONLY"]));
      await eventually(
        async () => json<Paged>(await coach.request("GET", "/api/participant_report?size=10")),
        (page) => page.count === coached.size,
      );
      const narrowed = await exportCsv(coach, {});
      expect(narrowed[0]).toEqual([...PARTICIPANT_HEADER]);
      expect(narrowed.slice(1).map((r) => r[column("Member ID")]).sort()).toEqual([...coachedMembers].sort());
      expect(narrowed.slice(1).every((r) => coached.has(memberIds.get(r[column("Member ID")]!)!))).toBe(true);
      // a coach's columns: no home, record or demographics; names and the pick-up rule stay
      for (const hidden of ["Status reason", "Email", "Address", "Postal code", "Household income", "How they heard about us", "Created date"] as const) {
        expect(narrowed.slice(1).every((r) => r[column(hidden)] === ""), hidden).toBe(true);
      }
      expect(narrowed.slice(1).every((r) => r[column("First name")] !== "" && r[column("Pick-up permission")] !== "")).toBe(true);

      // decision 070: the check-in lookup by Member ID still answers for a member they do not coach (a drop-in)...
      const other = everyone.data.find((p) => !coached.has(p.id) && p.status === "Active" && p.is_waiver_signed && !p.is_flagged)!;
      const lookup = await json<Record<string, unknown>>(await coach.request("POST", "/api/participant/member", { body: { member_id: other.member_id } }));
      expect(lookup).toMatchObject({ id: other.id, member_id: other.member_id, first_name: other.first_name });
      expect(Object.keys(lookup)).not.toContain("email");
      expect(Object.keys(lookup)).not.toContain("dob");
      const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
      const checkedIn = await json<{ message: string }>(await coach.request("POST", "/api/check-in", { body: { ...day, memberId: other.member_id, type: "in" } }));
      expect(checkedIn.message).toBe(`${other.first_name} successfully checked in`);
      // ...but the profile behind it stays narrowed: the detail, the profile page, the list searched by that Member ID
      expect((await json<Failure>(await coach.request("GET", `/api/participant/${other.id}`), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
      expect((await coach.request("GET", `/participants/${other.id}`)).status).toBe(404);
      expect((await json<Paged>(await coach.request("GET", `/api/participant_report?search=${other.member_id}`))).count).toBe(0);
      expect((await json<Paged>(await admin.request("GET", `/api/participant_report?search=${other.member_id}`))).count).toBe(1);
    } finally {
      await json(await put(group.permission_ids));
    }
  });

  it("saves Registration Fields from /customize, and the participant form asks what they say (decision 070)", async () => {
    const page = await json<{ settings: Record<string, unknown> }>(await admin.request("GET", "/customize?_data=routes%2Fcustomize"));
    const html = await (await admin.request("GET", "/customize")).text();
    expect(html).toContain("Registration Fields");
    /** the settings as the form posts them: dotted names, switches on/off */
    const formOf = (value: unknown, into = new FormData(), name = ""): FormData => {
      if (Array.isArray(value)) value.forEach((v, i) => formOf(v, into, `${name}[${i}]`));
      else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) formOf(v, into, name ? `${name}.${k}` : k);
      else if (typeof value === "boolean") into.append(name, value ? "on" : "off");
      else if (value !== undefined && value !== null) into.append(name, String(value));
      return into;
    };
    const post = (registration_fields: Record<string, string>) => {
      const form = formOf({ ...page.settings, registration_fields });
      form.append("intent", "settings");
      return admin.request("POST", "/customize?_data=routes%2Fcustomize", { body: form });
    };
    const refused = await json<{ result: { error: Record<string, string[]> } }>(await post({ email: "sometimes" }), 400);
    expect(refused.result.error["registration_fields.email"]).toEqual(["Email must be Hidden, Optional or Required"]);

    const saved = await json<{ notice: { type: string; title: string } }>(await post({ phone_number: "required", email: "hidden", how_heard: "required" }));
    expect(saved.notice).toEqual({ type: "success", title: "Organization successfully updated" });
    try {
      const settings = await json<{ registration_fields: Record<string, string> }>(await admin.request("GET", "/api/setting/organization"));
      expect(settings.registration_fields).toEqual({ phone_number: "required", email: "hidden", how_heard: "required" });
      // the participant form: the required ones marked, the hidden one not asked, and the call refuses a blank required field
      const form = await eventually(
        async () => (await admin.request("GET", "/participants?edit=new")).text(),
        (text) => text.includes("Phone Number (required)"),
      );
      expect(form).toContain("How Did You Hear About Us (required)");
      expect(form).not.toContain('name="email"');
      const blank = await json<Failure>(await admin.request("POST", "/api/participant", { body: body({ phone_number: "", how_heard: "Friends" }) }), 400);
      expect(blank.message).toBe("Phone Number is required");
      // the settings form saved without the section (an older client) keeps them
      const other = formOf({ ...page.settings, phone_number: "416-555-0100", registration_fields: undefined });
      other.append("intent", "settings");
      await json(await admin.request("POST", "/customize?_data=routes%2Fcustomize", { body: other }));
      expect((await json<{ registration_fields: Record<string, string> }>(await admin.request("GET", "/api/setting/organization"))).registration_fields).toMatchObject({ phone_number: "required" });
    } finally {
      await json(await admin.request("PUT", "/api/setting/organization", { body: { ...page.settings, registration_fields: {} } }));
    }
  });
  it("offers the program builder's and the event form's coach pickers Active staff only, and keeps a coach the edited program already names", async () => {
    type Builder = { staff: { id: string; name: string; role: string }[] };
    const names = (b: Builder) => b.staff.map((s) => s.name);
    const builder = await json<Builder>(await admin.request("GET", "/program-builder?edit=new&_data=routes%2Fprogram-builder"));
    expect(names(builder)).toEqual(expect.arrayContaining(["Marcus Bell", "Nina Patel", "Fatima Haddad"]));
    for (const gone of ["Lucia Moreno", "Theo Nakamura", "George Whitfield"]) expect(names(builder), gone).not.toContain(gone);
    const events = (await json<{ builder: Builder }>(await admin.request("GET", "/events?edit=new&_data=routes%2Fevents"))).builder;
    expect(names(events)).toContain("Marcus Bell");
    expect(names(events)).not.toContain("Lucia Moreno");

    const { rows } = await app.app.core.pool.query<{ id: string; organization_id: string }>(`select id::text, organization_id::text from rm_users where first_name = 'Lucia' and last_name = 'Moreno' and email like '%northside%'`);
    const lucia = rows[0]!;
    const kept = await coachChoicesOf(app.app.core.db as unknown as Parameters<typeof coachChoicesOf>[0], lucia.organization_id, [lucia.id]);
    expect(kept.find((s) => s.id === lucia.id)).toMatchObject({ status: "Inactive" });
    expect(kept.some((s) => s.first_name === "Theo" && s.last_name === "Nakamura")).toBe(false);
  });
});
