import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE, TOKEN_EXPIRED } from "../../modules/identity";
import { DEMO_STAFF, demoStaffEmail } from "../factories/staff-users";
import { demoInvitedParticipantId, demoParticipantUserId } from "../factories/participant-invitations";
import { idFrom } from "../../modules/kernel";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { testServices } from "../support/services";

type Group = { id: string; name: string; level: number };
type Invitation = { id: string; user_id: string; email: string; last_name?: string; status: string; kind: string | null; expires_at: string | null; sent_count: number; renewal_requested_at: string | null };
type Paged<T> = { data: T[]; count: number };
type Failure = { code: string; message: string };

/**
 * Invitations (decision 063) over HTTP on real PostgreSQL and Redis: an admin invites a new coach, the mail
 * arrives at a real SMTP server in this process with the absolute accept link (PUBLIC_URL) and the expiry; the link's token works once (a
 * session, then sign-in with the new password), its second use is 'Token expired'; a resend kills the old
 * link; revoke; the list's statuses (the seed's Invited and Expired); another organization's user 404; a
 * group above one's level 403; bad input 400 naming the field.
 */
describe("invitations, on real PostgreSQL, Redis and SMTP", () => {
  let app: InProcessApp;
  let smtp: SmtpSink;
  const PUBLIC_URL = "https://rollcall.test";
  let admin: HttpClient, maple: HttpClient, coach: HttpClient;
  let coachGroup: Group, orgGroup: Group;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const createCoach = async (groupId = coachGroup.id) => {
    const email = `ivy.${Math.random().toString(36).slice(2, 8)}@example.org`;
    const answer = await json<{ data: { id: string } }>(await admin.request("POST", "/api/user", { body: { first_name: "Ivy", last_name: "Nguyen", email, user_group_id: groupId, status: "Active" } }));
    return { id: answer.data.id, email };
  };
  const lastMailTo = async (to: string) => {
    const { rows } = await app.app.core.pool.query<{ subject: string; body: string }>("select subject, body from mail_outbox where to_address = $1 order by id desc limit 1", [to]);
    return rows[0];
  };
  const linkIn = (body: string) => new URL(/https?:\/\/\S+\/user\/invite\/\S+/.exec(body)![0]);
  const acceptBody = (userId: string, token: string, password = "a-new-coach-password") => ({
    user_id: userId,
    token,
    first_name: "Ivy",
    last_name: "Nguyen-Tran",
    phone_number: "416 555 0123",
    password,
    confirmPassword: password,
  });

  beforeAll(async () => {
    // a real SMTP server in this process: the app's own mail worker delivers there (decision 059)
    smtp = await startSmtpSink();
    app = await startInProcessApp("invitations", { env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, maple, coach] = [0, 1, 2].map(() => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await maple.signIn("admin@maple.demo");
    await coach.signIn("coach@northside.demo");
    const groups = (await json<{ data: Group[] }>(await admin.request("GET", "/api/user/role"))).data;
    coachGroup = groups.find((g) => g.name === "COACH")!;
    orgGroup = groups.find((g) => g.name === "ORGANIZATION")!;
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });
  /** The text of the `n`th message delivered over SMTP to `to` (waits for it). */
  const deliveredTo = async (to: string, n = 1) => {
    const deadline = Date.now() + 15_000;
    while (smtp.arrivedFor(to).length < n) {
      if (Date.now() > deadline) throw new Error(`no message ${n} to ${to} over SMTP`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return smtp.arrivedFor(to)[n - 1]!.mail;
  };

  it("lists the seed's invitations: Invited, Expired and Pending, filtered by status", async () => {
    const all = await json<Paged<Invitation>>(await admin.request("GET", "/api/invitation?size=100"));
    const byEmail = new Map(all.data.map((i) => [i.email, i]));
    const email = (first: string) => demoStaffEmail(DEMO_STAFF.find((s) => s.first_name === first)!, "northside.demo");
    expect(byEmail.get(email("Marcus"))).toMatchObject({ status: "Invited", kind: "coach", sent_count: 1 });
    expect(byEmail.get(email("Nina"))).toMatchObject({ status: "Expired", renewal_requested_at: expect.any(String) });
    // the coach list says who asked for a new invitation
    const coaches = await admin.request("GET", `/user/${coachGroup.id}?search=Patel`);
    expect(await coaches.text()).toContain("Asked for a new invitation");
    expect(byEmail.get(email("Owen"))).toMatchObject({ status: "Pending", kind: null });
    const expired = await json<Paged<Invitation>>(await admin.request("GET", "/api/invitation?status=Expired"));
    expect(expired.data.every((i) => i.status === "Expired")).toBe(true);
    expect(expired.data.map((i) => i.email)).toContain(email("Nina"));
    // the seed's mails are in the outbox
    expect((await lastMailTo(email("Marcus")))?.body).toMatch(/\/user\/invite\//);
    // bad input names the field
    expect(await json<Failure>(await admin.request("GET", "/api/invitation?status=Gone"), 400)).toMatchObject({ code: "VALIDATION", message: expect.stringMatching(/status/) });
    expect(await json<Failure>(await admin.request("POST", "/api/invitation", { body: { user_id: "nope" } }), 400)).toMatchObject({ message: expect.stringMatching(/user_id/) });
  });

  it("invite → the mail → accept once (a session; sign-in with the new password) → the second use is 'Token expired'", async () => {
    const { id, email } = await createCoach();
    const sent = await json<{ message: string; data: Invitation }>(await admin.request("POST", "/api/invitation", { body: { user_id: id } }));
    expect(sent.message).toBe("Invitation successfully created");
    expect(sent.data).toMatchObject({ user_id: id, status: "Invited", kind: "coach" });
    // the message arrives over SMTP with the absolute link (PUBLIC_URL) and the expiry
    const mail = await deliveredTo(email);
    expect(mail.subject).toMatch(/invited you to join Northside Youth Centre as a coach/);
    expect(mail.text).toMatch(/works once, until /);
    const link = linkIn(mail.text ?? "");
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe(`/user/invite/${id}`);
    const token = link.searchParams.get("token")!;
    expect(Buffer.from(token, "base64url").length).toBe(32);
    // only the hash is stored
    const { rows } = await app.app.core.pool.query<{ token_hash: string }>("select token_hash from rm_invitations where user_id = $1", [id]);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(JSON.stringify((await app.app.core.pool.query("select data from events where stream_id = $1", [`user-${id}`])).rows)).not.toContain(token);

    // the accept page shows the organization
    const visitor = new HttpClient(app.baseUrl);
    const page = await visitor.request("GET", `/user/invite/${id}?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Northside Youth Centre");
    expect(html).toContain("Accept your invitation");

    const accepted = await visitor.request("POST", "/api/invitation/accept", { body: acceptBody(id, token) });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(visitor.cookie(SESSION_COOKIE)).toBeTruthy();
    expect(await json<{ user: { id: string; first_name?: string } }>(await visitor.request("GET", "/api/auth/session"))).toMatchObject({ user: { id } });

    const again = new HttpClient(app.baseUrl);
    expect(await json<Failure>(await again.request("POST", "/api/invitation/accept", { body: acceptBody(id, token, "another-password-1") }), 400)).toEqual({ code: "TOKEN_EXPIRED", message: TOKEN_EXPIRED });
    expect(await (await again.request("GET", `/user/invite/${id}?token=${encodeURIComponent(token)}`)).text()).toContain("Token expired");

    const signIn = new HttpClient(app.baseUrl);
    await signIn.signIn(email, "a-new-coach-password");
    expect(await json<Invitation>(await admin.request("GET", `/api/invitation/${id}`))).toMatchObject({ status: "Accepted" });
    // the profile took the invitee's changes; the user list shows Accepted
    const user = await json<{ last_name: string; phone_number: string; invitation_status: string }>(await admin.request("GET", `/api/user/${id}`));
    expect(user).toMatchObject({ last_name: "Nguyen-Tran", phone_number: "416 555 0123", invitation_status: "Accepted" });
    // nothing left to invite
    expect(await json<Failure>(await admin.request("PUT", `/api/invitation/${id}`), 409)).toMatchObject({ code: "ALREADY_JOINED" });
  });

  it("a resend kills the old link; revoke kills the live one; a dead link may ask for a new one", async () => {
    const { id, email } = await createCoach();
    await json(await admin.request("POST", "/api/invitation", { body: { user_id: id } }));
    const first = linkIn((await deliveredTo(email, 1)).text ?? "").searchParams.get("token")!;
    const resent = await json<{ message: string; data: Invitation }>(await admin.request("PUT", `/api/invitation/${id}`));
    expect(resent).toMatchObject({ message: "Invitation successfully resent", data: { status: "Invited", sent_count: 2 } });
    const second = linkIn((await deliveredTo(email, 2)).text ?? "").searchParams.get("token")!;
    expect(second).not.toBe(first);
    const visitor = new HttpClient(app.baseUrl);
    expect(await json<Failure>(await visitor.request("POST", "/api/invitation/accept", { body: acceptBody(id, first) }), 400)).toMatchObject({ code: "TOKEN_EXPIRED" });

    const revoked = await json<{ message: string; data: Invitation }>(await admin.request("DELETE", `/api/invitation/${id}`));
    expect(revoked).toMatchObject({ message: "Invitation successfully revoked", data: { status: "Pending" } });
    expect(await json<Failure>(await visitor.request("POST", "/api/invitation/accept", { body: acceptBody(id, second) }), 400)).toMatchObject({ code: "TOKEN_EXPIRED" });
    expect(await json<Failure>(await admin.request("DELETE", `/api/invitation/${id}`), 409)).toMatchObject({ code: "NO_INVITATION" });

    // the dead link asks for a new invitation: staff see when
    expect(await json<{ message: string }>(await visitor.request("POST", "/api/invitation/request-new", { body: { user_id: id, token: second } }))).toMatchObject({ message: expect.stringMatching(/new invitation/) });
    expect((await json<Invitation>(await admin.request("GET", `/api/invitation/${id}`))).renewal_requested_at).not.toBeNull();
    // an unknown link gets the same answer and records nothing
    expect((await visitor.request("POST", "/api/invitation/request-new", { body: { user_id: id, token: "made-up" } })).status).toBe(200);
    // a bad body names the field
    expect(await json<Failure>(await visitor.request("POST", "/api/invitation/accept", { body: { ...acceptBody(id, second), password: "short", confirmPassword: "short" } }), 400)).toMatchObject({ message: expect.stringMatching(/password/i) });
  });

  it("an Invited user who sets a password by a reset has joined: Accepted, the link dead", async () => {
    const { id, email } = await createCoach();
    await json(await admin.request("POST", "/api/invitation", { body: { user_id: id } }));
    const token = linkIn((await lastMailTo(email))!.body).searchParams.get("token")!;
    const visitor = new HttpClient(app.baseUrl);
    const ask = new FormData();
    ask.set("login", email);
    expect((await visitor.request("POST", "/forgot-password", { body: ask })).status).toBe(200);
    const reset = new URL(/\/reset-password\?\S+/.exec((await lastMailTo(email))!.body)![0], app.baseUrl);
    const form = new FormData();
    form.set("token", reset.searchParams.get("token")!);
    form.set("user", id);
    form.set("password", "reset-before-accepting");
    form.set("confirmPassword", "reset-before-accepting");
    expect([302, 303]).toContain((await visitor.request("POST", "/reset-password", { body: form })).status);
    expect(await json<Failure>(await visitor.request("POST", "/api/invitation/accept", { body: acceptBody(id, token) }), 400)).toMatchObject({ code: "TOKEN_EXPIRED" });
    expect(await json<{ invitation_status: string }>(await admin.request("GET", `/api/user/${id}`))).toMatchObject({ invitation_status: "Accepted" });
  });

  it("another organization's user is 404; a group above one's level is 403; a coach without the permission is 403", async () => {
    const { id } = await createCoach();
    expect(await json<Failure>(await maple.request("POST", "/api/invitation", { body: { user_id: id } }), 404)).toMatchObject({ code: "USER_NOT_FOUND" });
    expect(await json<Failure>(await maple.request("DELETE", `/api/invitation/${id}`), 404)).toMatchObject({ code: "USER_NOT_FOUND" });
    // an organization account (level 4) created by the organization account: the admin (level 3) may not invite it
    const organization = new HttpClient(app.baseUrl);
    await organization.signIn("organization@northside.demo");
    const email = `olu.${Math.random().toString(36).slice(2, 8)}@example.org`;
    const above = await json<{ data: { id: string } }>(await organization.request("POST", "/api/user", { body: { first_name: "Olu", last_name: "Ade", email, user_group_id: orgGroup.id, status: "Active" } }));
    expect(await json<Failure>(await admin.request("POST", "/api/invitation", { body: { user_id: above.data.id } }), 403)).toMatchObject({ code: "ABOVE_OWN_LEVEL" });
    expect((await coach.request("POST", "/api/invitation", { body: { user_id: id } })).status).toBe(403);
    // a bad link never 500s
    expect((await new HttpClient(app.baseUrl).request("GET", "/user/invite/not-a-uuid?token=x")).status).toBe(200);
  });

  // ---- participants' own accounts (decision 068) ----

  const NORTHSIDE = idFrom("demo", "organization", "northside-youth-centre");
  const participantBody = (over: Record<string, unknown> = {}) => ({
    first_name: "Tomas",
    last_name: "Reyes",
    dob: "2010-02-14",
    gender: "Male",
    pick_up_permission: "An adult will pick the child up from program each day",
    school_name: "Northside Public School",
    email: `tomas.${Math.random().toString(36).slice(2, 8)}@example.org`,
    ...over,
  });
  const createParticipant = async (over: Record<string, unknown> = {}) => {
    const body = participantBody(over);
    const created = await json<{ data: { id: string } }>(await admin.request("POST", "/api/participant", { body }));
    return { id: created.data.id, email: body.email };
  };
  const participantLinkIn = (body: string) => new URL(/https?:\/\/\S+\/invite\/\S+/.exec(body)![0]);
  const linkedUserOf = async (participantId: string) =>
    (await app.app.core.pool.query<{ user_id: string | null; is_waiver_signed: boolean }>("select user_id, is_waiver_signed from rm_participants where id = $1", [participantId])).rows[0]!;

  it("lists the seed's participant invitations: one Invited with its mail in the outbox, one Pending", async () => {
    const invited = await json<Invitation>(await admin.request("GET", `/api/invitation/${demoParticipantUserId(NORTHSIDE, 23)}`));
    expect(invited).toMatchObject({ status: "Invited", kind: "participant" });
    expect((await lastMailTo(invited.email))?.body).toMatch(new RegExp(`/invite/${demoParticipantUserId(NORTHSIDE, 23)}\\?token=`));
    expect(await json<Invitation>(await admin.request("GET", `/api/invitation/${demoParticipantUserId(NORTHSIDE, 10)}`))).toMatchObject({ status: "Pending" });
    expect((await linkedUserOf(demoInvitedParticipantId(NORTHSIDE, 23))).user_id).toBe(demoParticipantUserId(NORTHSIDE, 23));
    // the list shows the participants' invitations to those who invite
    const list = await (await admin.request("GET", "/participants?search=" + encodeURIComponent(invited.last_name ?? ""))).text();
    expect(list).toContain('data-testid="participant-invitation"');
  });

  it("a participant invited → the mail over SMTP → accept once → their own waiver → home; the second use is 'Token expired'", async () => {
    const { id, email } = await createParticipant();
    const sent = await json<{ message: string; data: { user_id: string; invitation_status: string } }>(await admin.request("POST", `/api/participant/${id}/invitation`));
    expect(sent).toMatchObject({ message: "Invitation successfully created", data: { participant_id: id, invitation_status: "Invited" } });
    const userId = sent.data.user_id;
    expect((await linkedUserOf(id)).user_id).toBe(userId);
    expect(await json<Invitation>(await admin.request("GET", `/api/invitation/${userId}`))).toMatchObject({ status: "Invited", kind: "participant", email });
    // a level-1 account of the PARTICIPANT group, no password
    const { rows } = await app.app.core.pool.query<{ password_hash: string | null; name: string; level: number }>(
      "select u.password_hash, g.name, g.level from rm_users u join rm_user_groups g on g.id = u.user_group_id where u.id = $1",
      [userId],
    );
    expect(rows[0]).toMatchObject({ name: "PARTICIPANT", level: 1 });
    expect(rows[0]!.password_hash ?? "").toBe("");

    const mail = await deliveredTo(email);
    expect(mail.subject).toMatch(/invited you to join Northside Youth Centre/);
    const link = participantLinkIn(mail.text ?? "");
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe(`/invite/${userId}`);
    const token = link.searchParams.get("token")!;
    // a coach's page does not take a participant's link
    expect(await (await new HttpClient(app.baseUrl).request("GET", `/user/invite/${userId}?token=${encodeURIComponent(token)}`)).text()).toContain("Token expired");

    // the accept page: the password and the profile, then the waiver to sign as themselves
    const visitor = new HttpClient(app.baseUrl);
    const page = await visitor.request("GET", `/invite/${userId}?token=${encodeURIComponent(token)}`);
    expect(await page.text()).toContain("Accept your invitation");
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...acceptBody(userId, token, "tomas-own-password"), first_name: "Tomas", last_name: "Reyes" })) form.set(k, v);
    const accepted = await visitor.request("POST", `/invite/${userId}?token=${encodeURIComponent(token)}`, { body: form });
    expect(accepted.status).toBe(302);
    const waiverPath = new URL(accepted.headers.get("location")!, app.baseUrl);
    expect(waiverPath.pathname).toBe(`/sign-waiver/${id}`);
    expect(waiverPath.searchParams.get("joining")).toBe("1");
    const waiverPage = await visitor.request("GET", `${waiverPath.pathname}${waiverPath.search}`);
    expect(waiverPage.status).toBe(200);
    expect(await waiverPage.text()).toContain("One last step");
    const sign = new FormData();
    sign.set("token", waiverPath.searchParams.get("token")!);
    sign.set("fullName", "Tomas Reyes");
    sign.set("consent", "on");
    const signed = await visitor.request("POST", `${waiverPath.pathname}${waiverPath.search}`, { body: sign });
    expect(signed.status).toBe(302);
    expect(signed.headers.get("location")).toBe("/");
    expect((await linkedUserOf(id)).is_waiver_signed).toBe(true);
    // recorded the way waivers are: the typed name, and the participant's own account as the actor
    const waiver = await app.app.core.pool.query<{ data: { signedByName: string }; metadata: { actorId: string } }>(
      "select data, metadata from events where stream_id = $1 and type = 'WaiverSigned'",
      [`participant-${id}`],
    );
    expect(waiver.rows[0]).toMatchObject({ data: { signedByName: "Tomas Reyes" }, metadata: { actorId: userId } });
    // their home shows their own card, the waiver signed
    expect(await (await visitor.request("GET", "/")).text()).toContain("Your waiver is signed.");

    const again = new HttpClient(app.baseUrl);
    expect(await json<Failure>(await again.request("POST", "/api/invitation/accept", { body: acceptBody(userId, token, "another-password-1") }), 400)).toEqual({ code: "TOKEN_EXPIRED", message: TOKEN_EXPIRED });
    await new HttpClient(app.baseUrl).signIn(email, "tomas-own-password");
    expect(await json<Invitation>(await admin.request("GET", `/api/invitation/${userId}`))).toMatchObject({ status: "Accepted" });
    // nothing left to invite
    expect(await json<Failure>(await admin.request("POST", `/api/participant/${id}/invitation`), 409)).toMatchObject({ code: "ALREADY_JOINED" });
  });

  it("a participant whose waiver is signed already lands home at once; a resend through the participant; revoke", async () => {
    const { id, email } = await createParticipant();
    const first = await json<{ data: { user_id: string } }>(await admin.request("POST", `/api/participant/${id}/invitation`));
    const again = await json<{ message: string; data: { user_id: string; invitation_status: string } }>(await admin.request("POST", `/api/participant/${id}/invitation`));
    expect(again).toMatchObject({ message: "Invitation successfully resent", data: { user_id: first.data.user_id, invitation_status: "Invited" } });
    expect(await json<Invitation>(await admin.request("DELETE", `/api/invitation/${first.data.user_id}`))).toBeTruthy();
    expect(await json<Invitation>(await admin.request("GET", `/api/invitation/${first.data.user_id}`))).toMatchObject({ status: "Pending" });
    await json(await admin.request("PUT", `/api/invitation/${first.data.user_id}`));
    // staff sign the waiver first (a link of theirs)
    const waiverLink = await json<{ token: string }>(await admin.request("GET", `/api/user-detail/waiver-token?participant_id=${id}`));
    const sign = new FormData();
    sign.set("token", waiverLink.token);
    sign.set("fullName", "Rosa Reyes");
    sign.set("consent", "on");
    expect((await new HttpClient(app.baseUrl).request("POST", `/sign-waiver/${id}?token=${encodeURIComponent(waiverLink.token)}`, { body: sign })).status).toBe(200);
    const token = participantLinkIn((await deliveredTo(email, 3)).text ?? "").searchParams.get("token")!;
    const form = new FormData();
    for (const [k, v] of Object.entries(acceptBody(first.data.user_id, token, "rosa-own-password"))) form.set(k, v);
    const accepted = await new HttpClient(app.baseUrl).request("POST", `/invite/${first.data.user_id}?token=${encodeURIComponent(token)}`, { body: form });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/");
  });

  it("refuses: under 13 or no e-mail (their guardian's account), another organization 404, a coach 403, an e-mail in use 409", async () => {
    const young = await createParticipant({ dob: "2016-06-01" });
    expect(await json<Failure>(await admin.request("POST", `/api/participant/${young.id}/invitation`), 409)).toMatchObject({ code: "TOO_YOUNG", message: expect.stringMatching(/under 13/) });
    const noEmail = await createParticipant({ email: "" });
    expect(await json<Failure>(await admin.request("POST", `/api/participant/${noEmail.id}/invitation`), 400)).toMatchObject({ code: "VALIDATION", message: expect.stringMatching(/^Email is required/) });
    const taken = await createParticipant({ email: "parent@northside.demo" });
    expect(await json<Failure>(await admin.request("POST", `/api/participant/${taken.id}/invitation`), 409)).toMatchObject({ code: "EMAIL_IN_USE" });
    // nothing was made for them
    for (const p of [young, noEmail, taken]) expect((await linkedUserOf(p.id)).user_id).toBeNull();
    const { id } = await createParticipant();
    expect(await json<Failure>(await maple.request("POST", `/api/participant/${id}/invitation`), 404)).toMatchObject({ code: "PARTICIPANT_NOT_FOUND" });
    expect(await json<Failure>(await admin.request("POST", "/api/participant/not-a-uuid/invitation"), 404)).toMatchObject({ code: "PARTICIPANT_NOT_FOUND" });
    expect((await coach.request("POST", `/api/participant/${id}/invitation`)).status).toBe(403);
    expect((await linkedUserOf(id)).user_id).toBeNull();
  });
});
