import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idFrom } from "../../modules/kernel";
import { REQUEST_TOASTS } from "../../modules/requests";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { fetchFrom } from "../support/http-from";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Paged<T> = { data: T[]; count: number };
type Row = { id: string; kind: string; status: string; first_name: string; last_name: string; email: string; reason: string | null; user_id: string | null; participant_id: string | null; child: { first_name: string } | null };
type Failure = { code: string; message: string };

const NORTHSIDE = idFrom("demo", "organization", "northside-youth-centre");
const MAPLE = idFrom("demo", "organization", "maple-street-school");

/**
 * Membership requests (decision 066) over HTTP on real PostgreSQL and Redis: the public forms (member, parent,
 * teacher), the honeypot, the rate limit, the staff list, approve (accounts, invitation and its mail in the
 * outbox), decline with a reason (its mail), another organization 404, no permission 403, bad input 400.
 */
describe("membership requests, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let admin: HttpClient, maple: HttpClient, coach: HttpClient;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const outbox = async (to: string) =>
    (await app.app.core.pool.query<{ kind: string; body: string }>("select kind, body from mail_outbox where to_address = $1 order by id", [to])).rows;
  const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2, 8)}@example.org`;
  let ipCounter = 10;
  /** a visitor from its own address, so the limit of one test does not reach the others */
  const visitor = () => new HttpClient(app.baseUrl, fetchFrom(`127.0.0.${ipCounter++}`));
  const member = (email: string) => ({ kind: "member", first_name: "Ada", last_name: "Lovelace", email, birth_date: "2011-03-04", gender: "Female", message: "I would love to join the robotics club." });
  const findRequest = async (email: string, client = admin) => (await json<Paged<Row>>(await client.request("GET", `/api/request?search=${encodeURIComponent(email)}`))).data[0];

  beforeAll(async () => {
    app = await startInProcessApp("membership-requests");
    const redisUrl = (await testServices()).redisUrl;
    await clearSignInLimits(redisUrl);
    const redis = new Redis(redisUrl);
    const keys = await redis.keys("rollcall:ratelimit:membership-request:*");
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    [admin, maple, coach] = [0, 1, 2].map(() => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await maple.signIn("admin@maple.demo");
    await coach.signIn("coach@northside.demo");
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("lists the seed's requests by status: Pending (a teacher's only in the school), Approved, Declined", async () => {
    const names = async (client: HttpClient, status: string) => (await json<Paged<Row>>(await client.request("GET", `/api/request?status=${status}&size=100`))).data.map((r) => `${r.first_name} ${r.last_name}`);
    expect(await names(admin, "Pending")).toEqual(expect.arrayContaining(["Jordan Mbeki", "Priya Raman"]));
    expect(await names(admin, "Pending")).not.toContain("Omar Haddad");
    expect(await names(maple, "Pending")).toContain("Omar Haddad");
    expect(await names(admin, "Declined")).toContain("Sam Whitfield");
    expect(await names(admin, "Approved")).toContain("Lena Fischer");
    expect(await json<Failure>(await admin.request("GET", "/api/request?size=1000"), 400)).toMatchObject({ message: "Size must be at most 100" });
  });

  it("a parent's request appears on the list; approve makes the parent (invited, the mail in the outbox) and the child", async () => {
    const email = unique("pat");
    const body = { kind: "parent", first_name: "Pat", last_name: "Okafor", email, phone_number: "416 555 0199", child_first_name: "Kim", child_last_name: "Okafor", child_birth_date: "2016-05-30", child_gender: "Male" };
    expect(await json<{ message: string }>(await visitor().request("POST", `/api/request?organization=${NORTHSIDE}`, { body }))).toEqual({ message: REQUEST_TOASTS.submitted });
    expect((await outbox(email)).map((m) => m.kind)).toEqual(["membership-request-received"]);
    const row = await findRequest(email);
    expect(row).toMatchObject({ kind: "parent", status: "Pending", first_name: "Pat", child: { first_name: "Kim" } });

    const approved = await json<{ message: string; data: Row }>(await admin.request("POST", `/api/request/${row!.id}/approve`));
    expect(approved.message).toBe("Request successfully approved");
    expect(approved.data).toMatchObject({ status: "Approved", user_id: expect.any(String), participant_id: expect.any(String) });
    const invitation = await json<{ status: string; kind: string }>(await admin.request("GET", `/api/invitation/${approved.data.user_id}`));
    expect(invitation).toMatchObject({ status: "Invited", kind: "participant" });
    expect((await outbox(email)).map((m) => m.kind)).toEqual(["membership-request-received", "invitation", "membership-request-approved"]);
    const child = await json<{ first_name: string }>(await admin.request("GET", `/api/participant/${approved.data.participant_id}`));
    expect(child).toMatchObject({ first_name: "Kim" });
    // decided once
    expect(await json<Failure>(await admin.request("POST", `/api/request/${row!.id}/approve`), 409)).toMatchObject({ code: "REQUEST_ALREADY_DECIDED" });
    expect(await json<Failure>(await admin.request("POST", `/api/request/${row!.id}/decline`, { body: { reason: "No" } }), 409)).toMatchObject({ code: "REQUEST_ALREADY_DECIDED" });
  });

  it("a teacher's request (school organizations only) approves into an invited coach", async () => {
    const email = unique("tess");
    const body = { first_name: "Tess", last_name: "Reyes", email, school_role: "Grade 5, science" };
    expect(await json<Failure>(await visitor().request("POST", `/api/request/teacher?organization=${NORTHSIDE}`, { body }), 404)).toMatchObject({ code: "ORGANIZATION_NOT_FOUND" });
    await json(await visitor().request("POST", `/api/request/teacher?organization=${MAPLE}`, { body }));
    const row = await findRequest(email, maple);
    expect(row).toMatchObject({ kind: "teacher", status: "Pending" });
    // another organization's staff: not found
    expect(await json<Failure>(await admin.request("POST", `/api/request/${row!.id}/approve`), 404)).toMatchObject({ code: "REQUEST_NOT_FOUND" });
    const approved = await json<{ data: Row }>(await maple.request("POST", `/api/request/${row!.id}/approve`));
    expect(await json<{ status: string; kind: string }>(await maple.request("GET", `/api/invitation/${approved.data.user_id}`))).toMatchObject({ status: "Invited", kind: "coach" });
    expect((await outbox(email)).map((m) => m.kind)).toContain("invitation");
  });

  it("a member's request approved: the participant and their own account, Invited (decision 068); under 13, the profile only", async () => {
    const email = unique("ada");
    await json(await visitor().request("POST", `/api/request?organization=${NORTHSIDE}`, { body: member(email) }));
    const row = await findRequest(email);
    const approved = await json<{ message: string; data: Row }>(await admin.request("POST", `/api/request/${row!.id}/approve`));
    expect(approved.data).toMatchObject({ status: "Approved", user_id: expect.any(String), participant_id: expect.any(String) });
    expect(await json<{ status: string; kind: string; email: string }>(await admin.request("GET", `/api/invitation/${approved.data.user_id}`))).toMatchObject({ status: "Invited", kind: "participant", email });
    const linked = await app.app.core.pool.query<{ user_id: string }>("select user_id from rm_participants where id = $1", [approved.data.participant_id]);
    expect(linked.rows[0]!.user_id).toBe(approved.data.user_id);
    const mails = await outbox(email);
    expect(mails.map((m) => m.kind)).toEqual(["membership-request-received", "invitation", "membership-request-approved"]);
    expect(mails[1]!.body).toContain(`/invite/${approved.data.user_id}?token=`);
    expect(await json<Failure>(await admin.request("POST", `/api/request/${row!.id}/approve`), 409)).toMatchObject({ code: "REQUEST_ALREADY_DECIDED" });

    // a child asking for themselves: the profile, no account (their guardian's is theirs)
    const young = unique("kid");
    await json(await visitor().request("POST", `/api/request?organization=${NORTHSIDE}`, { body: { ...member(young), birth_date: "2017-05-05" } }));
    const youngRow = await findRequest(young);
    const youngApproved = await json<{ data: Row }>(await admin.request("POST", `/api/request/${youngRow!.id}/approve`));
    expect(youngApproved.data).toMatchObject({ status: "Approved", user_id: null, participant_id: expect.any(String) });
    expect((await outbox(young)).map((m) => m.kind)).toEqual(["membership-request-received", "membership-request-approved"]);
  });

  it("a member's approval whose e-mail was taken meanwhile makes nothing and stays Pending", async () => {
    const email = unique("grace");
    await json(await visitor().request("POST", `/api/request?organization=${NORTHSIDE}`, { body: { ...member(email), first_name: "Grace" } }));
    const row = await findRequest(email);
    // the e-mail becomes a staff account's before the approval
    const groups = (await json<{ data: { id: string; name: string }[] }>(await admin.request("GET", "/api/user/role"))).data;
    const coachGroup = groups.find((g) => g.name === "COACH")!;
    await json(await admin.request("POST", "/api/user", { body: { first_name: "Grace", last_name: "Hopper", email, user_group_id: coachGroup.id, status: "Active" } }));
    expect(await json<Failure>(await admin.request("POST", `/api/request/${row!.id}/approve`), 409)).toMatchObject({ code: "EMAIL_IN_USE" });
    expect(await json<Row>(await admin.request("GET", `/api/request/${row!.id}`))).toMatchObject({ status: "Pending", user_id: null });
    // no profile was made, and no invitation went out
    const made = await app.app.core.pool.query("select id from rm_participants where organization_id = $1 and email = $2", [NORTHSIDE, email]);
    expect(made.rowCount).toBe(0);
    expect((await outbox(email)).map((m) => m.kind)).toEqual(["membership-request-received"]);
  });

  it("decline needs a reason; the requester gets the declined mail with it", async () => {
    const email = unique("dee");
    await json(await visitor().request("POST", `/api/request?organization=${NORTHSIDE}`, { body: member(email) }));
    const row = await findRequest(email);
    expect(await json<Failure>(await admin.request("POST", `/api/request/${row!.id}/decline`, { body: { reason: " " } }), 400)).toMatchObject({ message: "Reason is required" });
    const declined = await json<{ message: string; data: Row }>(await admin.request("POST", `/api/request/${row!.id}/decline`, { body: { reason: "Our programs are full this term." } }));
    expect(declined).toMatchObject({ message: "Request successfully declined", data: { status: "Declined", reason: "Our programs are full this term." } });
    const mails = await outbox(email);
    expect(mails.map((m) => m.kind)).toEqual(["membership-request-received", "membership-request-declined"]);
    expect(mails[1]!.body).toContain("Our programs are full this term.");
    expect((await json<Paged<Row>>(await admin.request("GET", "/api/request?status=Declined&size=100"))).data.map((r) => r.id)).toContain(row!.id);
  });

  it("a filled honeypot, or an e-mail that has an account, is thanked and dropped", async () => {
    const email = unique("bot");
    expect(await json(await visitor().request("POST", `/api/request?organization=${NORTHSIDE}`, { body: { ...member(email), website: "http://spam.example" } }))).toEqual({ message: REQUEST_TOASTS.submitted });
    expect(await findRequest(email)).toBeUndefined();
    expect(await outbox(email)).toEqual([]);
    expect(await json(await visitor().request("POST", `/api/request?organization=${NORTHSIDE}`, { body: member("coach@northside.demo") }))).toEqual({ message: REQUEST_TOASTS.submitted });
    expect(await findRequest("coach@northside.demo")).toBeUndefined();
  });

  it("bad input is 400 naming the field; an unknown organization 404; the sixth request from one address in 10 minutes 429", async () => {
    const client = visitor();
    expect(await json<Failure>(await client.request("POST", `/api/request?organization=${NORTHSIDE}`, { body: { ...member(unique("x")), birth_date: "2999-01-01" } }), 400)).toMatchObject({ message: "Date of birth cannot be in the future" });
    expect(await json<Failure>(await client.request("POST", `/api/request?organization=nope`, { body: member(unique("x")) }), 404)).toMatchObject({ code: "ORGANIZATION_NOT_FOUND" });
    for (let i = 0; i < 5; i++) await json(await client.request("POST", `/api/request?organization=${NORTHSIDE}`, { body: { ...member(unique("flood")), website: "x" } }));
    const refused = await client.request("POST", `/api/request?organization=${NORTHSIDE}`, { body: member(unique("flood")) });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await json<Failure>(refused, 429)).toEqual({ code: "TOO_MANY_REQUESTS", message: REQUEST_TOASTS.tooMany });
  });

  it("staff without the permission get 403", async () => {
    expect(await json<Failure>(await coach.request("GET", "/api/request"), 403)).toMatchObject({ code: expect.any(String) });
  });
});
