import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_IN_USE, STATUS_REASON_REQUIRED } from "../../modules/identity";
import { parseExportCsv, USER_LIST_HEADER } from "../../modules/exports";
import type { Kysely } from "kysely";
import type { ReadModels } from "../../projections";
import { staffUserPage } from "../../projections/identity";
import { demoOrganizations } from "../factories/demo-seed";
import { DEMO_STAFF, demoStaffEmail } from "../factories/staff-users";
import { demoInvitationStatusOf } from "../factories/invitations";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type User = {
  id: string;
  first_name: string;
  last_name: string;
  username?: string;
  email?: string;
  phone_number?: string;
  user_group_id?: string;
  status: string;
  status_reason?: string | null;
  invitation_status?: string | null;
  created_date?: string;
};
type Group = { id: string; name: string; level: number };
type Paged = { data: User[]; count: number; additional_info: { role?: { id: string; name: string }; count_capped?: boolean } };
type Failure = { code: string; message: string };
type ExportItem = { id: string; status: string; rows: number | null; download_url: string | null; reason: string | null };

/**
 * The staff user lists (decision 061) over HTTP on real PostgreSQL and Redis: the demo staff, paging,
 * search and sort; create with no password (invitation Pending) and 'User successfully created'; an
 * e-mail in use; the level rules (403); another organization's user and group (404); status reasons;
 * an Inactive user cannot sign in; DELETE deactivates; the CSV export through the worker.
 */
describe("staff user lists, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let admin: HttpClient, coach: HttpClient, maple: HttpClient, organization: HttpClient;
  let groups: Group[];
  let coachGroup: Group, adminGroup: Group, orgGroup: Group;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const list = (client: HttpClient, query: string) => client.request("GET", `/api/user?${query}`);
  const body = (over: Record<string, unknown> = {}) => ({
    first_name: "Rosa",
    last_name: "Lindqvist",
    email: `rosa.${Math.random().toString(36).slice(2, 8)}@example.org`,
    phone_number: "416 555 0199",
    user_group_id: coachGroup.id,
    status: "Active",
    ...over,
  });

  beforeAll(async () => {
    app = await startInProcessApp("user-lists");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, coach, maple, organization] = [0, 1, 2, 3].map(() => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await coach.signIn("coach@northside.demo");
    await maple.signIn("admin@maple.demo");
    await organization.signIn("organization@northside.demo");
    groups = (await json<{ data: Group[] }>(await admin.request("GET", "/api/user/role"))).data;
    coachGroup = groups.find((g) => g.name === "COACH")!;
    adminGroup = groups.find((g) => g.name === "ADMIN")!;
    orgGroup = groups.find((g) => g.name === "ORGANIZATION")!;
  }, 180_000);
  afterAll(() => app?.stop());

  it("lists each group's demo staff, newest first, with their statuses, reasons and Pending invitations", async () => {
    const coaches = await json<Paged>(await list(admin, `role_id=${coachGroup.id}&size=100`));
    const seeded = DEMO_STAFF.filter((s) => s.group === "coach");
    // the seeded coaches and the demo coach account (who has a password: no invitation)
    expect(coaches.count).toBeGreaterThanOrEqual(seeded.length + 1);
    expect(coaches.additional_info.role).toMatchObject({ id: coachGroup.id, name: "COACH" });
    const byEmail = new Map(coaches.data.map((u) => [u.email, u]));
    for (const s of seeded) {
      expect(byEmail.get(demoStaffEmail(s, "northside.demo")), s.first_name).toMatchObject({ status: s.status, status_reason: s.status_reason ?? null, invitation_status: demoInvitationStatusOf(s) });
    }
    expect(byEmail.get("coach@northside.demo")).toMatchObject({ status: "Active", invitation_status: null });
    const created = coaches.data.map((u) => u.created_date!);
    expect([...created].sort().reverse()).toEqual(created);
    const alumni = await json<Paged>(await list(admin, `role_id=${adminGroup.id}&status=Alumni`));
    expect(alumni.data.map((u) => u.last_name)).toEqual(["Whitfield"]);
  });

  it("counts a search's matches up to a cap and says so; the plain list and the export count exactly (decision 071)", async () => {
    const db = app.app.core.db as Kysely<ReadModels>;
    const northside = demoOrganizations.find((o) => o.name.startsWith("Northside"))!;
    const query = { search: "northside.demo", sort: { field: "created_date", desc: true }, page: 0, size: 2 } as const;
    const exact = await staffUserPage(db, northside.id, query);
    expect(exact.count).toBeGreaterThan(3);
    expect(exact.countCapped).toBe(false);
    const capped = await staffUserPage(db, northside.id, { ...query, countUpTo: 3 });
    expect(capped).toMatchObject({ count: 3, countCapped: true });
    expect(capped.rows.map((r) => r.id)).toEqual(exact.rows.map((r) => r.id));
    expect(await staffUserPage(db, northside.id, { ...query, countUpTo: exact.count })).toMatchObject({ count: exact.count, countCapped: false });
    // the call: a search below the cap (1000) is exact and not marked
    const answer = await json<Paged>(await list(admin, "search=northside.demo&size=2"));
    expect(answer.count).toBe(exact.count);
    expect(answer.additional_info.count_capped).toBeUndefined();
  });

  it("pages, searches name, e-mail and username, and sorts", async () => {
    const all = await json<Paged>(await list(admin, `role_id=${coachGroup.id}&size=100&sort=last_name`));
    const names = all.data.map((u) => u.last_name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, "en", { sensitivity: "base" })));
    const first = await json<Paged>(await list(admin, `role_id=${coachGroup.id}&size=2&page=0&sort=last_name`));
    const second = await json<Paged>(await list(admin, `role_id=${coachGroup.id}&size=2&page=1&sort=last_name`));
    expect(first.count).toBe(all.count);
    expect([...first.data, ...second.data].map((u) => u.id)).toEqual(all.data.slice(0, 4).map((u) => u.id));
    expect((await json<Paged>(await list(admin, `role_id=${coachGroup.id}&search=nakam`))).data.map((u) => u.first_name)).toEqual(["Theo"]);
    expect((await json<Paged>(await list(admin, `role_id=${coachGroup.id}&search=Nina%20Patel`))).data.map((u) => u.last_name)).toEqual(["Patel"]);
    expect((await json<Paged>(await list(admin, `search=coach@northside`))).data.map((u) => u.username)).toEqual(["coach@northside.demo"]);
    expect((await json<Paged>(await list(admin, `role_id=${coachGroup.id}&search=%25`))).count).toBe(0);
    // bad input names the field; never a 500
    expect(await json<Failure>(await list(admin, "sort=shoe_size"), 400)).toMatchObject({ code: "VALIDATION" });
    expect((await json<Failure>(await list(admin, "size=-1"), 400)).message).toMatch(/Size/);
    expect(await json<Failure>(await list(admin, "status=Gone"), 400)).toMatchObject({ message: "Status must be Active, Inactive or Alumni" });
  });

  it("creates a coach with no password (invitation Pending), once per idempotency key, who cannot sign in yet", async () => {
    const sent = body();
    const answer = await json<{ message: string; data: User }>(await admin.request("POST", "/api/user", { body: sent, headers: { "Idempotency-Key": "rosa-1" } }));
    expect(answer.message).toBe("User successfully created");
    expect(answer.data).toMatchObject({ first_name: "Rosa", email: sent.email, username: sent.email, phone_number: "416 555 0199", user_group_id: coachGroup.id, status: "Active", invitation_status: "Pending" });
    const again = await json<{ data: User }>(await admin.request("POST", "/api/user", { body: sent, headers: { "Idempotency-Key": "rosa-1" } }));
    expect(again.data.id).toBe(answer.data.id);
    const found = await json<Paged>(await list(admin, `role_id=${coachGroup.id}&search=${encodeURIComponent(sent.email)}`));
    expect(found.data.map((u) => u.id)).toEqual([answer.data.id]);
    expect(await json<User>(await admin.request("GET", `/api/user/${answer.data.id}`))).toMatchObject({ id: answer.data.id, invitation_status: "Pending" });
    const stranger = new HttpClient(app.baseUrl);
    await stranger.fetchCsrf();
    const login = await stranger.request("POST", "/api/auth/login", { body: { username: sent.email, password: "" } });
    expect(login.status).toBe(400);
  });

  it("refuses an e-mail already in use, on the e-mail, and writes nothing", async () => {
    const taken = await admin.request("POST", "/api/user", { body: body({ email: "Coach@Northside.demo" }) });
    expect(await json<Failure>(taken, 409)).toEqual({ code: "EMAIL_IN_USE", message: EMAIL_IN_USE });
    const other = await json<{ data: User }>(await admin.request("POST", "/api/user", { body: body() }));
    const moved = await admin.request("PUT", `/api/user/${other.data.id}`, { body: body({ email: demoStaffEmail(DEMO_STAFF[0]!, "northside.demo") }) });
    expect(await json<Failure>(moved, 409)).toMatchObject({ code: "EMAIL_IN_USE" });
    expect((await json<Paged>(await list(admin, `search=Lindqvist&size=100`))).data.every((u) => u.email !== "coach@northside.demo")).toBe(true);
  });

  it("applies the level rules: nobody creates in, or moves into, a group above their own level (403)", async () => {
    const above = await admin.request("POST", "/api/user", { body: body({ user_group_id: orgGroup.id }) });
    expect(await json<Failure>(above, 403)).toMatchObject({ code: "ABOVE_OWN_LEVEL" });
    const same = await json<{ data: User }>(await admin.request("POST", "/api/user", { body: body({ user_group_id: adminGroup.id }) }));
    const raise = await admin.request("PUT", `/api/user/${same.data.id}`, { body: body({ email: same.data.email, user_group_id: orgGroup.id }) });
    expect(await json<Failure>(raise, 403)).toMatchObject({ code: "ABOVE_OWN_LEVEL" });
    const orgUser = (await json<Paged>(await list(admin, `role_id=${orgGroup.id}&search=Okafor`))).data[0]!;
    const change = await admin.request("PUT", `/api/user/${orgUser.id}`, { body: body({ email: orgUser.email, user_group_id: orgGroup.id }) });
    expect(await json<Failure>(change, 403)).toMatchObject({ code: "ABOVE_OWN_LEVEL" });
    expect(await json<Failure>(await admin.request("DELETE", `/api/user/${orgUser.id}`), 403)).toMatchObject({ code: "ABOVE_OWN_LEVEL" });
    // the organization account (level 4) may
    const moved = await json<{ data: User }>(await organization.request("PUT", `/api/user/${same.data.id}`, { body: body({ email: same.data.email, user_group_id: orgGroup.id }) }));
    expect(moved.data.user_group_id).toBe(orgGroup.id);
    // a coach holds no coach-profile permission: 403 before anything
    expect((await coach.request("GET", "/api/user")).status).toBe(403);
    expect((await coach.request("POST", "/api/user", { body: body() })).status).toBe(403);
  });

  it("answers another organization's user and group, and malformed ids, as not found", async () => {
    const northCoach = (await json<Paged>(await list(admin, `role_id=${coachGroup.id}&search=coach@northside`))).data[0]!;
    expect(await json<Failure>(await maple.request("GET", `/api/user/${northCoach.id}`), 404)).toMatchObject({ code: "USER_NOT_FOUND" });
    expect((await maple.request("PUT", `/api/user/${northCoach.id}`, { body: body() })).status).toBe(404);
    expect((await maple.request("DELETE", `/api/user/${northCoach.id}`)).status).toBe(404);
    expect(await json<Failure>(await list(maple, `role_id=${coachGroup.id}`), 404)).toMatchObject({ code: "USER_GROUP_NOT_FOUND" });
    expect((await admin.request("GET", "/api/user/not-a-uuid")).status).toBe(404);
    expect((await json<Paged>(await list(maple, "search=northside.demo"))).count).toBe(0);
  });

  it("needs a reason for Inactive and Alumni; an Inactive user cannot sign in; DELETE deactivates", async () => {
    const user = (await json<{ data: User }>(await admin.request("POST", "/api/user", { body: body() }))).data;
    const noReason = await admin.request("PUT", `/api/user/${user.id}`, { body: body({ email: user.email, status: "Inactive" }) });
    expect(await json<Failure>(noReason, 400)).toEqual({ code: "VALIDATION", message: STATUS_REASON_REQUIRED });
    const alumni = await json<{ message: string; data: User }>(await admin.request("PUT", `/api/user/${user.id}`, { body: body({ email: user.email, status: "Alumni", status_reason: "Moved away" }) }));
    expect(alumni).toMatchObject({ message: "User successfully updated", data: { status: "Alumni", status_reason: "Moved away" } });
    // nobody deactivates themselves
    const me = (await json<Paged>(await list(admin, `search=admin@northside.demo`))).data[0]!;
    expect(await json<Failure>(await admin.request("DELETE", `/api/user/${me.id}`), 409)).toMatchObject({ code: "OWN_ACCOUNT" });

    // the demo coach, signed in: deactivated, their session no longer lets them in, and they cannot sign in again
    const victim = new HttpClient(app.baseUrl);
    await victim.signIn("coach@maple.demo");
    expect((await victim.request("GET", "/api/user-session")).status).toBe(200);
    const mapleCoach = (await json<Paged>(await list(maple, "search=coach@maple.demo"))).data[0]!;
    const deleted = await json<{ message: string; data: User }>(await maple.request("DELETE", `/api/user/${mapleCoach.id}`));
    expect(deleted).toMatchObject({ message: "User successfully deactivated", data: { status: "Inactive", status_reason: "Deactivated" } });
    expect((await victim.request("GET", "/api/user-session")).status).toBe(401);
    const again = new HttpClient(app.baseUrl);
    await again.fetchCsrf();
    expect((await again.request("POST", "/api/auth/login", { body: { username: "coach@maple.demo", password: "rollcall-demo" } })).status).toBe(400);
    // made Active again, they sign in
    await json(await maple.request("PUT", `/api/user/${mapleCoach.id}`, { body: { first_name: mapleCoach.first_name, last_name: mapleCoach.last_name, email: mapleCoach.email, user_group_id: mapleCoach.user_group_id, status: "Active" } }));
    await clearSignInLimits((await testServices()).redisUrl);
    expect((await again.request("POST", "/api/auth/login", { body: { username: "coach@maple.demo", password: "rollcall-demo" } })).status).toBe(200);
  });

  it("exports a group's list to CSV through the worker, as the list shows it; 403 without the permission, 404 for another organization's group", async () => {
    const asked = await json<{ data: { id: string; file_name: string } }>(
      await admin.request("POST", "/api/export", { body: { kind: "user-list", filters: { roleId: coachGroup.id, statuses: ["Inactive", "Alumni"], search: "", timeZone: "UTC" } } }),
      202,
    );
    expect(asked.data.file_name).toMatch(/^user-list-\d{2}-\d{2}-\d{4}\.csv$/);
    const item = (await eventually(
      async () => (await json<{ data: ExportItem[] }>(await admin.request("GET", "/api/export"))).data.find((e) => e.id === asked.data.id),
      (x) => x !== undefined && x.status !== "Requested",
      { timeoutMs: 30_000, everyMs: 100 },
    )) as ExportItem;
    expect(item.status, item.reason ?? "").toBe("Completed");
    const file = await admin.request("GET", item.download_url!);
    const rows = await parseExportCsv(Buffer.from(await file.arrayBuffer()).toString("utf8"));
    expect(rows[0]).toEqual([...USER_LIST_HEADER]);
    const expected = (await json<Paged>(await list(admin, `role_id=${coachGroup.id}&size=1000`))).data.filter((u) => u.status !== "Active");
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3], r[6], r[7], r[8]])).toEqual(
      expected.map((u) => [u.first_name, u.last_name, u.email, u.status, u.status_reason ?? "", u.invitation_status ?? ""]),
    );
    expect(rows.slice(1).map((r) => r[5])).toEqual(expected.map(() => "Coaches"));
    expect((await coach.request("POST", "/api/export", { body: { kind: "user-list", filters: { roleId: coachGroup.id } } })).status).toBe(403);
    const foreign = await maple.request("POST", "/api/export", { body: { kind: "user-list", filters: { roleId: coachGroup.id } } });
    expect(await json<Failure>(foreign, 404)).toMatchObject({ code: "USER_GROUP_NOT_FOUND" });
  });
});
