import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_REQUEST_LIMIT } from "../../modules/organizations";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Failure = { code: string; message: string };
type Request = { id: string; name: string; status: string; contact_email: string; organization_id: string | null; reason: string | null };

const LIMIT_KEY = "rollcall:ratelimit:organization-request:ip:*";

/**
 * Organization requests (decision 067) over HTTP on real PostgreSQL and Redis: an anonymous visitor asks for
 * a new organization (a name taken is 409 on `name`, a postal code that does not fit its province 400, a
 * filled honeypot writes nothing); a granter lists them, an admin may not (403); the superadmin approves one:
 * the organization exists with its settings and its eight default user groups, its organization account is
 * Invited and its 'organization-request-approved' mail is in the outbox; approving again changes nothing;
 * a declined request cannot be approved.
 */
describe("organization requests, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let visitor: HttpClient, superadmin: HttpClient, granter: HttpClient, admin: HttpClient;
  let redisUrl: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const unique = () => Math.random().toString(36).slice(2, 8);
  const requestBody = (over: Record<string, string> = {}) => ({
    name: `Lakeview Club ${unique()}`,
    type: "other",
    street_address: "5 Lake Road",
    city: "Winnipeg",
    state: "Manitoba",
    postal_code: "R3C 0A1",
    contact_first_name: "Lena",
    contact_last_name: "Moss",
    contact_email: `lena.${unique()}@example.org`,
    contact_phone: "204 555 0199",
    ...over,
  });
  const clearLimit = async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(LIMIT_KEY);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  };
  const query = async <T extends object>(text: string, values: unknown[]) => (await app.app.core.pool.query<T>(text, values)).rows;

  beforeAll(async () => {
    app = await startInProcessApp("organization-requests");
    redisUrl = (await testServices()).redisUrl;
    await clearSignInLimits(redisUrl);
    await clearLimit();
    [visitor, superadmin, granter, admin] = [0, 1, 2, 3].map(() => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient, HttpClient];
    await superadmin.signIn("superadmin@northside.demo");
    await granter.signIn("granter@maple.demo");
    await admin.signIn("admin@northside.demo");
  }, 180_000);
  afterAll(async () => {
    await clearLimit();
    await app?.stop();
  });

  it("takes a request from anyone; refuses a name taken, a postal code not of its province, and drops a honeypot", async () => {
    const body = requestBody();
    const created = await json<{ message: string; id: string }>(await visitor.request("POST", "/api/organization-request", { body }));
    expect(created.message).toBe("Organization Request successfully created");

    const taken = await json<Failure>(await visitor.request("POST", "/api/organization-request", { body: requestBody({ name: "northside youth centre" }) }), 409);
    expect(taken).toMatchObject({ code: "NAME_TAKEN", message: "An organization with this name exists already" });
    // a pending request holds its name too
    await json<Failure>(await visitor.request("POST", "/api/organization-request", { body: requestBody({ name: body.name }) }), 409);

    const postal = await json<Failure>(await visitor.request("POST", "/api/organization-request", { body: requestBody({ postal_code: "M4B 1B3" }) }), 400);
    expect(postal.message).toContain("Postal Code");
    const missing = await json<Failure>(await visitor.request("POST", "/api/organization-request", { body: { ...requestBody(), contact_email: "" } }), 400);
    expect(missing.message).toContain("E-mail");
    await json(await visitor.request("POST", "/api/organization-request", { body: requestBody({ state: "Texas", postal_code: "73301" }) }));

    const trap = requestBody({ website: "http://spam.example" });
    expect((await json<{ message: string }>(await visitor.request("POST", "/api/organization-request", { body: trap }))).message).toBe("Organization Request successfully created");
    expect(await query("select id from rm_organization_requests where name = $1", [trap.name])).toHaveLength(0);
  });

  it("lists the demo's requests: one Pending, one the demo granter approved with its organization", async () => {
    const pending = await json<{ data: Request[] }>(await granter.request("GET", "/api/organization-request?status=Pending&search=Riverbend"));
    expect(pending.data.map((r) => r.name)).toEqual(["Riverbend Arts Collective"]);
    const approved = await json<{ data: Request[] }>(await superadmin.request("GET", "/api/organization-request?status=Approved&search=Harbourview"));
    expect(approved.data[0]).toMatchObject({ name: "Harbourview Learning Centre", organization_id: expect.any(String) });
    const [org] = await query<{ name: string }>("select name from rm_organizations where id = $1", [approved.data[0]!.organization_id]);
    expect(org?.name).toBe("Harbourview Learning Centre");
    expect(await query("select id from rm_user_groups where organization_id = $1", [approved.data[0]!.organization_id])).toHaveLength(8);
  });

  it("lets granters and superadmins list requests; an admin gets 403", async () => {
    const body = requestBody();
    await json(await visitor.request("POST", "/api/organization-request", { body }));
    const listed = await json<{ data: Request[]; count: number }>(await granter.request("GET", `/api/organization-request?status=Pending&search=${encodeURIComponent(body.name)}`));
    expect(listed.count).toBe(1);
    expect(listed.data[0]).toMatchObject({ name: body.name, status: "Pending", contact_email: body.contact_email });
    expect((await json<Failure>(await admin.request("GET", "/api/organization-request"), 403)).code).toBeTruthy();
    expect((await json<Failure>(await admin.request("PUT", `/api/organization-request/${listed.data[0]!.id}/approve`), 403)).code).toBeTruthy();
  });

  it("approves a request: the organization with its default groups, its account Invited, the mail queued; once", async () => {
    const body = requestBody({ type: "school" });
    const { id } = await json<{ id: string }>(await visitor.request("POST", "/api/organization-request", { body }));
    const approved = await json<{ message: string; organization_id: string }>(await superadmin.request("PUT", `/api/organization-request/${id}/approve`));
    expect(approved.message).toBe("Organization Request successfully approved");
    const organizationId = approved.organization_id;

    const [org] = await query<{ name: string; type: string; settings: { address: { city: string; postal_code: string }; support_email: string } }>("select name, type, settings from rm_organizations where id = $1", [organizationId]);
    expect(org).toMatchObject({ name: body.name, type: "school", settings: { address: { city: "Winnipeg", postal_code: "R3C 0A1" }, support_email: body.contact_email } });
    const groups = await query<{ name: string; level: number }>("select name, level from rm_user_groups where organization_id = $1 order by level", [organizationId]);
    expect(groups.map((g) => g.name).sort()).toEqual(["ADMIN", "COACH", "GRANTER", "KIOSK", "ORGANIZATION", "PARENT", "PARTICIPANT", "SUPERADMIN"]);
    const [account] = await query<{ id: string; email: string; invitation_status: string; level: number }>(
      "select u.id, u.email, u.invitation_status, g.level from rm_users u join rm_user_groups g on g.id = u.user_group_id where u.organization_id = $1",
      [organizationId],
    );
    expect(account).toMatchObject({ email: body.contact_email, invitation_status: "Invited", level: 4 });
    const mails = await query<{ kind: string; body: string }>("select kind, body from mail_outbox where to_address = $1", [body.contact_email]);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe("organization-request-approved");
    expect(mails[0]!.body).toContain(`/user/invite/${account!.id}`);

    // approving again answers the same and writes nothing more
    const again = await json<{ organization_id: string }>(await superadmin.request("PUT", `/api/organization-request/${id}/approve`));
    expect(again.organization_id).toBe(organizationId);
    expect(await query("select id from mail_outbox where to_address = $1", [body.contact_email])).toHaveLength(1);
    const listed = await json<{ data: Request[] }>(await granter.request("GET", `/api/organization-request?search=${encodeURIComponent(body.name)}`));
    expect(listed.data[0]).toMatchObject({ status: "Approved", organization_id: organizationId });
    // the name is now the organization's
    await json<Failure>(await visitor.request("POST", "/api/organization-request", { body: requestBody({ name: body.name }) }), 409);
  });

  it("declines a request with its reason; a declined request is not approved, an unknown one is 404", async () => {
    const { id } = await json<{ id: string }>(await visitor.request("POST", "/api/organization-request", { body: requestBody() }));
    const noReason = await json<Failure>(await granter.request("PUT", `/api/organization-request/${id}/decline`, { body: {} }), 400);
    expect(noReason.message).toContain("Reason");
    await json(await granter.request("PUT", `/api/organization-request/${id}/decline`, { body: { reason: "Not in our area" } }));
    expect((await json<Failure>(await superadmin.request("PUT", `/api/organization-request/${id}/approve`), 409)).code).toBe("ORGANIZATION_REQUEST_DECIDED");
    await json<Failure>(await superadmin.request("PUT", "/api/organization-request/00000000-0000-4000-8000-000000000000/approve"), 404);
  });

  it("lists organizations: a superadmin all, a granter those they granted, an admin 403", async () => {
    type Org = { id: string; name: string; granted_by: string | null };
    const all = await json<{ data: Org[]; count: number }>(await superadmin.request("GET", "/api/organization?size=1000"));
    expect(all.data.map((o) => o.name)).toEqual(expect.arrayContaining(["Harbourview Learning Centre", "Maple Street School", "Northside Youth Centre"]));
    expect(all.count).toBe(all.data.length);
    const northsideGranter = new HttpClient(app.baseUrl);
    await northsideGranter.signIn("granter@northside.demo");
    const mine = await json<{ data: Org[] }>(await northsideGranter.request("GET", "/api/organization?size=1000"));
    expect(mine.data.map((o) => o.name)).toEqual(["Harbourview Learning Centre"]);
    // the Maple granter approved none: none of them is theirs
    expect((await json<{ count: number }>(await granter.request("GET", "/api/organization"))).count).toBe(0);
    await json<Failure>(await admin.request("GET", "/api/organization"), 403);
  });

  it("deactivates an organization: its signed-in users are out and cannot sign in again; granters only theirs", async () => {
    const body = requestBody();
    const { id } = await json<{ id: string }>(await visitor.request("POST", "/api/organization-request", { body }));
    const { organization_id: organizationId } = await json<{ organization_id: string }>(await superadmin.request("PUT", `/api/organization-request/${id}/approve`));
    // the organization account accepts its invitation and signs in
    const [mail] = await query<{ body: string }>("select body from mail_outbox where to_address = $1", [body.contact_email]);
    const link = new URL(/https?:\/\/\S+\/user\/invite\/\S+/.exec(mail!.body)![0]);
    const owner = new HttpClient(app.baseUrl);
    const password = "lakeview-owner-password";
    await json(
      await owner.request("POST", "/api/invitation/accept", {
        body: { user_id: link.pathname.split("/").pop(), token: link.searchParams.get("token"), first_name: "Lena", last_name: "Moss", phone_number: "204 555 0199", password, confirmPassword: password },
      }),
    );
    await owner.signIn(body.contact_email, password);
    await json(await owner.request("GET", "/api/user/me"));

    // the Maple granter did not grant it: 404; the superadmin may not deactivate their own organization
    await json<Failure>(await granter.request("DELETE", `/api/organization/${organizationId}`), 404);
    const [own] = await query<{ organization_id: string }>("select organization_id from rm_users where username = 'superadmin@northside.demo'", []);
    expect((await json<Failure>(await superadmin.request("DELETE", `/api/organization/${own!.organization_id}`), 409)).code).toBe("OWN_ORGANIZATION");

    expect((await json<{ message: string }>(await superadmin.request("DELETE", `/api/organization/${organizationId}`))).message).toBe("Organization successfully deactivated");
    expect((await owner.request("GET", "/api/user/me")).status).toBe(401);
    const again = await new HttpClient(app.baseUrl).request("POST", "/api/auth/login", { body: { username: body.contact_email, password } });
    expect(again.status).toBe(403);
    const listed = await json<{ data: { name: string; status: string }[] }>(await superadmin.request("GET", `/api/organization?search=${encodeURIComponent(body.name)}`));
    expect(listed.data[0]).toMatchObject({ name: body.name, status: "Deactivated" });
    // deactivating again changes nothing
    await json(await superadmin.request("DELETE", `/api/organization/${organizationId}`));

    // a superadmin may not enter it while it is deactivated (decision 069)
    const refused = await json<Failure>(await superadmin.request("POST", `/api/organization/${organizationId}/enter`), 409);
    expect(refused).toEqual({ code: "ORGANIZATION_DEACTIVATED", message: "This organization is deactivated: reactivate it before entering it" });
    // reactivated: its users sign in again; the Maple granter (not theirs) gets 404, an admin 403
    await json<Failure>(await granter.request("PUT", `/api/organization/${organizationId}/reactivate`), 404);
    await json<Failure>(await admin.request("PUT", `/api/organization/${organizationId}/reactivate`), 403);
    await json<Failure>(await superadmin.request("PUT", "/api/organization/00000000-0000-4000-8000-000000000000/reactivate"), 404);
    expect((await json<{ message: string }>(await superadmin.request("PUT", `/api/organization/${organizationId}/reactivate`))).message).toBe("Organization successfully reactivated");
    const back = await json<{ data: { name: string; status: string }[] }>(await superadmin.request("GET", `/api/organization?search=${encodeURIComponent(body.name)}`));
    expect(back.data[0]).toMatchObject({ name: body.name, status: "Active" });
    await owner.signIn(body.contact_email, password);
    await json(await owner.request("GET", "/api/user/me"));
    const types = await query<{ type: string }>("select type from events where stream_id = $1 order by revision", [`organization-${organizationId}`]);
    expect(types.map((t) => t.type).slice(-2)).toEqual(["OrganizationDeactivated", "OrganizationReactivated"]);
    // and may be deactivated once more
    await json(await superadmin.request("DELETE", `/api/organization/${organizationId}`));
    expect((await owner.request("GET", "/api/user/me")).status).toBe(401);
  });

  it("lets a superadmin enter another organization, act in it with their metadata on every event, and leave it (decision 069)", async () => {
    type Person = { id: string };
    const maple = new HttpClient(app.baseUrl);
    await maple.signIn("admin@maple.demo");
    const northsideAdmin = admin;
    const ids = async (client: HttpClient) => (await json<{ data: Person[] }>(await client.request("GET", "/api/participant_report?page=0&size=1000"))).data.map((p) => p.id).sort();
    const [mapleIds, northsideIds] = await Promise.all([ids(maple), ids(northsideAdmin)]);
    expect(mapleIds.length).toBeGreaterThan(0);
    expect(mapleIds).not.toEqual(northsideIds);
    expect(await ids(superadmin)).toEqual(northsideIds);

    const [mapleOrg] = await query<{ id: string }>("select id from rm_organizations where name = 'Maple Street School'", []);
    const [home] = await query<{ id: string; organization_id: string }>("select id, organization_id from rm_users where username = 'superadmin@northside.demo'", []);
    // not a superadmin: 403; unknown: 404
    expect((await json<Failure>(await admin.request("POST", `/api/organization/${mapleOrg!.id}/enter`), 403)).code).toBe("FORBIDDEN");
    expect((await json<Failure>(await granter.request("POST", `/api/organization/${mapleOrg!.id}/enter`), 403)).code).toBe("FORBIDDEN");
    expect((await json<Failure>(await superadmin.request("POST", "/api/organization/00000000-0000-4000-8000-000000000000/enter"), 404)).code).toBe("ORGANIZATION_NOT_FOUND");
    expect((await json<Failure>(await superadmin.request("POST", "/api/organization/not-an-id/enter"), 404)).code).toBe("ORGANIZATION_NOT_FOUND");

    const entered = await json<{ message: string }>(await superadmin.request("POST", `/api/organization/${mapleOrg!.id}/enter`));
    expect(entered.message).toBe("You are now in Maple Street School as a superadmin");
    // the superadmin now sees Maple's participants; nobody else's session moved
    expect(await ids(superadmin)).toEqual(mapleIds);
    expect(await ids(northsideAdmin)).toEqual(northsideIds);
    expect(await ids(maple)).toEqual(mapleIds);

    // every event written while inside says who really acts and from where
    const group = await json<{ data?: { id: string }; id?: string }>(
      await superadmin.request("POST", "/api/role", { body: { name: `VISITORS ${unique().toUpperCase()}`, icon: "Coaches", level: 2, permission_ids: ["CAN_VIEW_SCHEDULE"] } }),
    );
    expect(group).toBeTruthy();
    const [written] = await query<{ metadata: { organizationId: string; actorId: string; actingAs?: Record<string, string> } }>(
      "select metadata from events where stream_id like 'usergroup-%' order by global_position desc limit 1",
      [],
    );
    expect(written!.metadata).toMatchObject({
      organizationId: mapleOrg!.id,
      actorId: home!.id,
      actingAs: { userId: home!.id, homeOrganizationId: home!.organization_id, homeOrganizationName: "Northside Youth Centre", organizationId: mapleOrg!.id },
    });
    const [enteredEvent] = await query<{ type: string; data: { userId: string; homeOrganizationId: string } }>(
      "select type, data from events where stream_id = $1 and type = 'SuperadminEnteredOrganization' order by revision desc limit 1",
      [`organization-${mapleOrg!.id}`],
    );
    expect(enteredEvent!.data).toEqual({ organizationId: mapleOrg!.id, userId: home!.id, homeOrganizationId: home!.organization_id });
    // the same call from Maple's own admin carries no such metadata
    await json(await maple.request("POST", "/api/role", { body: { name: `HELPERS ${unique().toUpperCase()}`, icon: "Coaches", level: 2, permission_ids: ["CAN_VIEW_SCHEDULE"] } }));
    const [own] = await query<{ metadata: Record<string, unknown> }>("select metadata from events where stream_id like 'usergroup-%' order by global_position desc limit 1", []);
    expect(own!.metadata.actingAs).toBeUndefined();
    // its own organization is not deactivated from inside, nor the one it is in
    expect((await json<Failure>(await superadmin.request("DELETE", `/api/organization/${mapleOrg!.id}`), 409)).code).toBe("OWN_ORGANIZATION");
    expect((await json<Failure>(await superadmin.request("DELETE", `/api/organization/${home!.organization_id}`), 409)).code).toBe("OWN_ORGANIZATION");

    const left = await json<{ message: string }>(await superadmin.request("POST", "/api/organization/leave"));
    expect(left.message).toBe("You are back in Northside Youth Centre");
    expect(await ids(superadmin)).toEqual(northsideIds);
    const [leftEvent] = await query<{ metadata: { actingAs?: { homeOrganizationId: string } } }>(
      "select metadata from events where stream_id = $1 and type = 'SuperadminLeftOrganization' order by revision desc limit 1",
      [`organization-${mapleOrg!.id}`],
    );
    expect(leftEvent!.metadata.actingAs?.homeOrganizationId).toBe(home!.organization_id);
    // leaving again is harmless; the next event carries no acting metadata
    await json(await superadmin.request("POST", "/api/organization/leave"));
    await json(await superadmin.request("POST", "/api/role", { body: { name: `HOME ${unique().toUpperCase()}`, icon: "Coaches", level: 2, permission_ids: ["CAN_VIEW_SCHEDULE"] } }));
    const [after] = await query<{ metadata: Record<string, unknown> }>("select metadata from events where stream_id like 'usergroup-%' order by global_position desc limit 1", []);
    expect(after!.metadata).toMatchObject({ organizationId: home!.organization_id });
    expect(after!.metadata.actingAs).toBeUndefined();

    // the same through the /organization page's forms (a Remix action): its events carry the metadata too
    const form = (intent: string, id = "") =>
      superadmin.request("POST", "/organization", { body: new URLSearchParams({ intent, id }).toString(), headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl } });
    expect((await form("enter", mapleOrg!.id)).status).toBe(302);
    expect(await ids(superadmin)).toEqual(mapleIds);
    expect((await form("leave")).status).toBe(302);
    expect(await ids(superadmin)).toEqual(northsideIds);
    const [pageLeft] = await query<{ metadata: { actingAs?: { userId: string; organizationId: string } } }>(
      "select metadata from events where stream_id = $1 and type = 'SuperadminLeftOrganization' order by revision desc limit 1",
      [`organization-${mapleOrg!.id}`],
    );
    expect(pageLeft!.metadata.actingAs).toMatchObject({ userId: home!.id, organizationId: mapleOrg!.id });
  });

  it("creates an organization directly (a granter's own), edits it; a name taken is 409, another granter's 404", async () => {
    const body = requestBody({ name: `Pine Ridge Centre ${unique()}` });
    const created = await json<{ message: string; data: { id: string } }>(await granter.request("POST", "/api/organization", { body }));
    expect(created.message).toBe("Organization successfully created");
    const mine = await json<{ data: { id: string; name: string }[] }>(await granter.request("GET", `/api/organization?search=${encodeURIComponent(body.name)}`));
    expect(mine.data.map((o) => o.id)).toEqual([created.data.id]);
    const [account] = await query<{ invitation_status: string }>("select invitation_status from rm_users where organization_id = $1", [created.data.id]);
    expect(account?.invitation_status).toBe("Invited");
    expect((await json<Failure>(await granter.request("POST", "/api/organization", { body: requestBody({ name: "Maple Street School" }) }), 409)).code).toBe("NAME_TAKEN");
    expect((await json<Failure>(await granter.request("POST", "/api/organization", { body: { ...requestBody(), city: "" } }), 400)).message).toContain("City");

    const renamed = `${body.name} East`;
    const updated = await json<{ message: string }>(
      await granter.request("PUT", `/api/organization/${created.data.id}`, { body: { name: renamed, city: "Toronto", state: "Ontario", postal_code: "M5V 1A1", support_email: "help@pineridge.example" } }),
    );
    expect(updated.message).toBe("Organization successfully updated");
    const [org] = await query<{ name: string; settings: { address: { city: string }; support_email: string } }>("select name, settings from rm_organizations where id = $1", [created.data.id]);
    expect(org).toMatchObject({ name: renamed, settings: { address: { city: "Toronto" }, support_email: "help@pineridge.example" } });
    const postal = await json<Failure>(await granter.request("PUT", `/api/organization/${created.data.id}`, { body: { state: "British Columbia" } }), 400);
    expect(postal.message).toContain("Postal Code");
    await json<Failure>(await granter.request("PUT", `/api/organization/${created.data.id}`, { body: { name: "Northside Youth Centre" } }), 409);
    const other = new HttpClient(app.baseUrl);
    await other.signIn("granter@northside.demo");
    await json<Failure>(await other.request("PUT", `/api/organization/${created.data.id}`, { body: { city: "Ottawa" } }), 404);
    await json<Failure>(await admin.request("POST", "/api/organization", { body }), 403);
  });

  it("manages granter accounts: a superadmin lists every organization's, creates one invited, deactivates it; others 403", async () => {
    type Granter = { id: string; email: string; organization_name: string; invitation_status: string | null; status: string };
    const all = await json<{ data: Granter[]; count: number }>(await superadmin.request("GET", "/api/granter?size=100"));
    expect(all.data.map((g) => g.email)).toEqual(expect.arrayContaining(["granter@northside.demo", "granter@maple.demo"]));
    expect(all.data.find((g) => g.email === "granter@maple.demo")?.organization_name).toBe("Maple Street School");
    const email = `gwen.${unique()}@example.org`;
    const created = await json<{ message: string; data: { id: string } }>(await superadmin.request("POST", "/api/granter", { body: { first_name: "Gwen", last_name: "Hart", email } }));
    expect(created.message).toBe("Granter successfully created");
    const found = await json<{ data: Granter[] }>(await superadmin.request("GET", `/api/granter?search=${encodeURIComponent(email)}`));
    expect(found.data[0]).toMatchObject({ id: created.data.id, email, invitation_status: "Invited", organization_name: "Northside Youth Centre" });
    expect(await query("select id from mail_outbox where to_address = $1", [email])).toHaveLength(1);
    expect((await json<Failure>(await superadmin.request("POST", "/api/granter", { body: { first_name: "Gwen", last_name: "Hart", email: "" } }), 400)).message).toContain("E-mail");
    expect((await json<{ message: string }>(await superadmin.request("DELETE", `/api/granter/${created.data.id}`))).message).toBe("Granter successfully deleted");
    const after = await json<{ data: Granter[] }>(await superadmin.request("GET", `/api/granter?search=${encodeURIComponent(email)}`));
    expect(after.data[0]?.status).not.toBe("Active");
    await json<Failure>(await superadmin.request("DELETE", `/api/granter/${all.data.find((g) => g.email === "granter@maple.demo")!.id.replace(/.$/, "0")}`), 404);
    await json<Failure>(await granter.request("GET", "/api/granter"), 403);
    await json<Failure>(await admin.request("POST", "/api/granter", { body: { first_name: "X", last_name: "Y", email: "x@example.org" } }), 403);
  });

  it("edits a granter (decision 069): names, e-mail unique across sign-ins, phone; bad input 400, unknown 404, others 403", async () => {
    type Granter = { id: string; first_name: string; last_name: string; email: string; phone_number: string };
    const email = `gus.${unique()}@example.org`;
    const created = await json<{ data: { id: string } }>(await superadmin.request("POST", "/api/granter", { body: { first_name: "Gus", last_name: "Lamb", email } }));
    const id = created.data.id;
    const newEmail = `augustus.${unique()}@example.org`;
    const edited = await json<{ message: string }>(
      await superadmin.request("PUT", `/api/granter/${id}`, { body: { first_name: "Augustus", last_name: "Lamb-Reid", email: newEmail, phone_number: "416 555 0142" } }),
    );
    expect(edited.message).toBe("Granter successfully updated");
    const found = await json<{ data: Granter[] }>(await superadmin.request("GET", `/api/granter?search=${encodeURIComponent(newEmail)}`));
    expect(found.data[0]).toMatchObject({ id, first_name: "Augustus", last_name: "Lamb-Reid", email: newEmail, phone_number: "416 555 0142" });

    const taken = await json<Failure>(await superadmin.request("PUT", `/api/granter/${id}`, { body: { first_name: "Augustus", last_name: "Lamb", email: "admin@maple.demo" } }), 409);
    expect(taken.code).toBe("EMAIL_IN_USE");
    const blank = await json<Failure>(await superadmin.request("PUT", `/api/granter/${id}`, { body: { first_name: "", last_name: "Lamb", email: newEmail } }), 400);
    expect(blank.message).toContain("First name");
    const badMail = await json<Failure>(await superadmin.request("PUT", `/api/granter/${id}`, { body: { first_name: "Gus", last_name: "Lamb", email: "not-an-address" } }), 400);
    expect(badMail.message).toContain("E-mail");
    await json<Failure>(await superadmin.request("PUT", "/api/granter/00000000-0000-4000-8000-000000000000", { body: { first_name: "A", last_name: "B", email: "a@example.org" } }), 404);
    // an admin of Northside is not a granter: 404 for the granter call
    const [northAdmin] = await query<{ id: string }>("select id from rm_users where username = 'admin@northside.demo'", []);
    await json<Failure>(await superadmin.request("PUT", `/api/granter/${northAdmin!.id}`, { body: { first_name: "A", last_name: "B", email: "a@example.org" } }), 404);
    await json<Failure>(await granter.request("PUT", `/api/granter/${id}`, { body: { first_name: "A", last_name: "B", email: "a@example.org" } }), 403);
  });

  it("answers request and granter rows through the field policy (decision 027): a person's fields and nothing unknown", async () => {
    const requests = await json<{ data: Record<string, unknown>[] }>(await superadmin.request("GET", "/api/organization-request?status=Pending&search=Riverbend"));
    expect(Object.keys(requests.data[0]!).sort()).toEqual(
      ["city", "contact_email", "contact_first_name", "contact_last_name", "contact_phone", "created_at", "id", "name", "organization_id", "postal_code", "reason", "state", "status", "street_address", "type"].sort(),
    );
    const granters = await json<{ data: Record<string, unknown>[] }>(await superadmin.request("GET", "/api/granter?search=granter@maple.demo"));
    expect(Object.keys(granters.data[0]!).sort()).toEqual(["email", "first_name", "id", "invitation_status", "last_name", "organization_id", "organization_name", "phone_number", "status"].sort());
  });

  it("limits requests per client address", async () => {
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(LIMIT_KEY);
      for (const key of keys) await redis.set(key, String(ORGANIZATION_REQUEST_LIMIT.requests), "KEEPTTL");
      const refused = await json<Failure>(await visitor.request("POST", "/api/organization-request", { body: requestBody() }), 429);
      expect(refused.message).toContain("Too many");
    } finally {
      redis.disconnect();
    }
  });
});
