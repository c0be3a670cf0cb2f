import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newToken, tokenHash } from "../../modules/identity";
import { fixedClock, idFrom, newId } from "../../modules/kernel";
import { issueWaiverToken, participantStream, registerParticipant } from "../../modules/participants";
import { demoOrganizations } from "../factories/demo-seed";
import { demoParticipant } from "../factories/participants";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { startInProcessApp, waitForProjections, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

const [maple, north] = demoOrganizations;
const DAY = 24 * 60 * 60 * 1000;
/** demo participants with index % 10 === 3 have no signed waiver (test/factories/participants.ts) */
const unsigned = (org: { id: string }, index: number) => idFrom("demo", "participant", org.id, index);
const parentId = idFrom("user", "parent@northside.demo");
type TokenAnswer = { token: string; expires_at: string; url: string; code?: string; message?: string };

describe("waivers over HTTP: links, the public page, one signature per link", () => {
  let app: InProcessApp;
  const clients: Record<string, HttpClient> = {};
  const as = (who: string) => clients[who]!;
  const anonymous = () => new HttpClient(app.baseUrl);
  const deps = (clock = fixedClock(new Date())) => ({ store: app.app.core.store, clock });
  let ownChild: string;

  const askToken = async (who: string, participantId?: string) => {
    const query = participantId === undefined ? "" : `?participant_id=${participantId}`;
    const response = await as(who).request("GET", `/api/user-detail/waiver-token${query}`);
    return { status: response.status, body: (await response.json()) as TokenAnswer, cache: response.headers.get("cache-control") };
  };
  const page = async (path: string, client = anonymous()) => {
    const response = await client.request("GET", path);
    return { status: response.status, html: await response.text() };
  };
  /** the page's form post: same origin (the CSRF guard checks Origin on form posts) */
  const submit = async (participantId: string, token: string, fields: Record<string, string>) => {
    const body = new URLSearchParams({ token, ...fields }).toString();
    const response = await anonymous().request("POST", `/sign-waiver/${participantId}?token=${encodeURIComponent(token)}`, {
      body,
      csrf: false,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
    });
    return { status: response.status, html: await response.text() };
  };

  beforeAll(async () => {
    app = await startInProcessApp("waivers");
    const { redisUrl } = await testServices();
    for (const who of ["admin", "coach", "parent", "participant", "organization"].map((r) => `${r}@northside.demo`).concat("admin@maple.demo")) {
      await clearSignInLimits(redisUrl);
      clients[who] = new HttpClient(app.baseUrl);
      await clients[who].signIn(who);
    }
    // a third child of the demo parent, registered without a waiver
    const seed = demoParticipant(north, 0, 10, new Date());
    ownChild = newId();
    const registered = await registerParticipant(deps(), { ...seed.input, participantId: ownChild, parentId }, { commandId: newId(), organizationId: north.id, actorId: null });
    expect(registered.ok).toBe(true);
    await waitForProjections(app.baseUrl);
  }, 120_000);
  afterAll(() => app?.stop());

  it("gives links to the parent of the child, admin and organization; not to a coach without the permission", async () => {
    const forParent = await askToken("parent@northside.demo", ownChild);
    expect(forParent.status).toBe(200);
    expect(forParent.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(forParent.body.url).toBe(`/sign-waiver/${ownChild}?token=${forParent.body.token}`);
    expect(forParent.cache).toBe("no-store");
    const ttl = new Date(forParent.body.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(7 * DAY - 60_000);
    expect(ttl).toBeLessThanOrEqual(7 * DAY);
    expect((await askToken("admin@northside.demo", unsigned(north, 3))).status).toBe(200);
    expect((await askToken("organization@northside.demo", unsigned(north, 13))).status).toBe(200);

    // another family's child is not found for a parent; staff without the permission are refused
    expect((await askToken("parent@northside.demo", unsigned(north, 3))).body).toEqual({ code: "PARTICIPANT_NOT_FOUND", message: "Participant not found" });
    expect((await askToken("coach@northside.demo", unsigned(north, 3))).status).toBe(403);
    expect((await askToken("participant@northside.demo", ownChild)).status).toBe(403);
    expect((await anonymous().request("GET", `/api/user-detail/waiver-token?participant_id=${ownChild}`)).status).toBe(401);
    // another organization's participant, a bad id, no id
    expect((await askToken("admin@maple.demo", ownChild)).status).toBe(404);
    expect((await askToken("admin@northside.demo", unsigned(maple, 3))).status).toBe(404);
    expect((await askToken("admin@northside.demo", "not-an-id")).status).toBe(404);
    expect((await askToken("admin@northside.demo")).body).toEqual({ code: "VALIDATION", message: "Participant Id is required" });
  });

  it("keeps only the token's SHA-256 in the event", async () => {
    const { body } = await askToken("admin@northside.demo", unsigned(north, 23));
    const { events } = await app.app.core.store.readStream(participantStream(unsigned(north, 23)));
    const issued = events.filter((e) => e.type === "WaiverTokenIssued").map((e) => e.data as { tokenHash: string });
    expect(issued.map((d) => d.tokenHash)).toContain(tokenHash(body.token));
    expect(JSON.stringify(events)).not.toContain(body.token);
  });

  it("shows the waiver for a good link, checks the form, signs once, then says 'Token expired'", async () => {
    const id = unsigned(north, 33);
    const { body } = await askToken("admin@northside.demo", id);
    const open = await page(body.url);
    expect(open.status).toBe(200);
    expect(open.html).toContain("Participation Waiver and Consent");

    const empty = await submit(id, body.token, { fullName: " " });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain("Full Name is required");
    expect(empty.html).toContain("Consent is required");

    const signed = await submit(id, body.token, { fullName: "Ngozi Okafor", consent: "on" });
    expect(signed.status).toBe(200);
    expect(signed.html).toContain("Thank you: the waiver is signed.");
    expect(signed.html).toContain(`/view-waiver/${id}`);

    const again = await submit(id, body.token, { fullName: "Ngozi Okafor", consent: "on" });
    expect(again.status).toBe(400);
    expect(again.html).toContain("Token expired");
    expect(again.html).toContain("This waiver link has expired. Please contact support to have it resent.");
    const reopened = await page(body.url);
    expect(reopened.status).toBe(400);
    expect(reopened.html).toContain("Token expired");
    expect(reopened.html).not.toContain("Participation Waiver and Consent");

    // signed: no new link, and the participant call says so
    expect((await askToken("admin@northside.demo", id)).body.code).toBe("WAIVER_ALREADY_SIGNED");
    await waitForProjections(app.baseUrl);
    const detail = (await (await as("admin@northside.demo").request("GET", `/api/participant/${id}`)).json()) as { is_waiver_signed: boolean; full_name: string };
    expect(detail.is_waiver_signed).toBe(true);
    expect((await askToken("admin@northside.demo", id)).body.message).toBe(`The waiver of ${detail.full_name} is signed already`);
  });

  it("spends every outstanding link with one signature", async () => {
    const first = (await askToken("parent@northside.demo", ownChild)).body;
    const second = (await askToken("admin@northside.demo", ownChild)).body;
    expect((await submit(ownChild, second.token, { fullName: "Priya Northside", consent: "on" })).status).toBe(200);
    expect((await submit(ownChild, first.token, { fullName: "Priya Northside", consent: "on" })).html).toContain("Token expired");
  });

  it("refuses an expired token and an unknown one with 400 'Token expired'", async () => {
    const id = unsigned(north, 43);
    const token = newToken();
    const eightDaysAgo = fixedClock(new Date(Date.now() - 8 * DAY));
    const issued = await issueWaiverToken(deps(eightDaysAgo), {
      type: "IssueWaiverToken",
      data: { participantId: id, tokenHash: tokenHash(token), issuedBy: null, asParent: false },
      metadata: { commandId: newId(), organizationId: north.id, actorId: null },
    });
    expect(issued.ok).toBe(true);
    const expired = await page(`/sign-waiver/${id}?token=${token}`);
    expect(expired.status).toBe(400);
    expect(expired.html).toContain("Token expired");
    expect((await submit(id, token, { fullName: "Late Signer", consent: "on" })).status).toBe(400);
    expect((await page(`/sign-waiver/${id}?token=${newToken()}`)).status).toBe(400);
    expect((await page(`/sign-waiver/${newId()}?token=${newToken()}`)).status).toBe(400);
    expect((await page(`/sign-waiver/${id}`)).html).toContain("This waiver link is incomplete");
  });

  it("shows the signed waiver to staff and the parent only: who, when (MM/DD/YYYY hh:mm A), the address", async () => {
    await waitForProjections(app.baseUrl);
    const forAdmin = await page(`/view-waiver/${ownChild}`, as("admin@northside.demo"));
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.html).toContain("Priya Northside");
    expect(forAdmin.html).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)/);
    expect(forAdmin.html).toMatch(/127\.0\.0\.1/);
    expect((await page(`/view-waiver/${ownChild}`, as("parent@northside.demo"))).status).toBe(200);
    expect((await page(`/view-waiver/${unsigned(north, 53)}`, as("coach@northside.demo"))).html).toContain("The waiver is not signed yet.");

    for (const who of ["admin@maple.demo", "participant@northside.demo"]) expect((await page(`/view-waiver/${ownChild}`, as(who))).status, who).toBe(404);
    expect((await page(`/view-waiver/${unsigned(north, 33)}`, as("parent@northside.demo"))).status).toBe(404);
    expect((await page(`/view-waiver/${ownChild}`)).status).toBe(404);
  });
});
