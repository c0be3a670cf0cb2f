import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock, newId } from "../../modules/kernel";
import { registerParticipant } from "../../modules/participants";
import { mailById } from "../../projections/mail";
import { DEMO_FLAGGED_PARTICIPANT_IDS, DEMO_VISITOR_PARTICIPANT_IDS, demoOrganizations } from "../factories/demo-seed";
import { demoParticipant } from "../factories/participants";
import { DEMO_OLD_SIGNATURES, DEMO_OLD_WAIVER_VERSION } from "../factories/waivers";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { startInProcessApp, waitForProjections, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

const [, north] = demoOrganizations;
type Line = { participant_id: string; member_id: string; name: string; status: "signed" | "unsigned" | "resign"; waiver_version: string | null };
type ListAnswer = { data: Line[]; count: number; additional_info: { current_version: string; counts: { signed: number; unsigned: number; resign: number }; total_pages: number } };
type Version = { version_id: string; title: string; current: boolean; signatures: number; effective_from: string | null };

/** The Waivers page's calls (decision 100) on real PostgreSQL and Redis, the demo seed's data. */
describe("node waiver: statuses, signing links by e-mail, versions of the text", () => {
  let app: InProcessApp;
  const clients: Record<string, HttpClient> = {};
  const as = (who: string) => clients[who]!;
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const body = (await response.json()) as T;
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body;
  };
  const list = (query = "", who = "admin@northside.demo") => as(who).request("GET", `/api/waiver${query}`);
  const send = (participantId: string, key?: string, who = "admin@northside.demo") =>
    as(who).request("POST", `/api/waiver/${participantId}/send-link`, { body: {}, headers: key ? { "idempotency-key": key } : {} });
  let noEmail: string;

  beforeAll(async () => {
    app = await startInProcessApp("waiver-page");
    const { redisUrl } = await testServices();
    for (const who of ["admin@northside.demo", "coach@northside.demo", "parent@northside.demo", "admin@maple.demo"]) {
      await clearSignInLimits(redisUrl);
      clients[who] = new HttpClient(app.baseUrl);
      await clients[who].signIn(who);
    }
    // a member nobody can be reached for: no e-mail, no parent
    const seed = demoParticipant(north, 0, 11, new Date());
    noEmail = newId();
    const registered = await registerParticipant(
      { store: app.app.core.store, clock: fixedClock(new Date()) },
      { ...seed.input, participantId: noEmail, parentId: null, email: "" },
      { commandId: newId(), organizationId: north.id, actorId: null },
    );
    expect(registered.ok).toBe(true);
    await waitForProjections(app.baseUrl);
  }, 120_000);
  afterAll(() => app?.stop());

  it("lists who signed, who did not and who signed an older version, with counts, filters, search and pages", async () => {
    const all = await json<ListAnswer>(await list("?size=100"));
    const { counts, current_version } = all.additional_info;
    expect(current_version).toBe("2026-01");
    expect(counts.resign).toBe(DEMO_OLD_SIGNATURES);
    expect(counts.unsigned).toBeGreaterThan(5);
    expect(counts.signed).toBeGreaterThan(100);
    expect(all.count).toBe(counts.signed + counts.unsigned + counts.resign);
    expect(all.data).toHaveLength(100);
    expect(all.additional_info.total_pages).toBe(Math.ceil(all.count / 100));

    // the participants read model agrees: 'Waiver completed' only for a signature of the current version
    const signedNow = async (id: string) => (await json<{ is_waiver_signed: boolean }>(await as("admin@northside.demo").request("GET", `/api/participant/${id}`))).is_waiver_signed;
    const firstSigned = all.data.find((l) => l.status === "signed")!;
    expect(await signedNow(firstSigned.participant_id)).toBe(true);

    const resign = await json<ListAnswer>(await list("?status=resign"));
    for (const l of resign.data) expect(await signedNow(l.participant_id)).toBe(false);
    expect(resign.data.map((l) => [l.status, l.waiver_version])).toEqual(Array(DEMO_OLD_SIGNATURES).fill(["resign", DEMO_OLD_WAIVER_VERSION]));
    const unsigned = await json<ListAnswer>(await list("?status=unsigned&size=100"));
    expect(unsigned.count).toBe(counts.unsigned);
    expect(unsigned.data.every((l) => l.status === "unsigned" && l.waiver_version === null)).toBe(true);

    const one = all.data[0]!;
    const found = await json<ListAnswer>(await list(`?search=${one.member_id}`));
    expect(found.data.map((l) => l.participant_id)).toEqual([one.participant_id]);
    const page2 = await json<ListAnswer>(await list("?size=10&page=2"));
    expect(page2.data.map((l) => l.participant_id)).toEqual(all.data.slice(10, 20).map((l) => l.participant_id));
  });

  it("answers bad input 400 with a readable message, another organization's member 404, and refuses a coach", async () => {
    expect(await json(await list("?status=expired"), 400)).toMatchObject({ message: expect.stringContaining("Status must be one of all, signed, unsigned, resign") });
    expect(await json(await list("?size=1000"), 400)).toMatchObject({ message: expect.stringContaining("Size must be at most 100") });
    const mapleMember = (await json<ListAnswer>(await list("?size=1", "admin@maple.demo"))).data[0]!;
    expect(await json(await as("admin@northside.demo").request("GET", `/api/waiver/${mapleMember.participant_id}`), 404)).toMatchObject({ code: "PARTICIPANT_NOT_FOUND" });
    expect(await json(await send(mapleMember.participant_id), 404)).toMatchObject({ code: "PARTICIPANT_NOT_FOUND" });
    expect((await as("admin@northside.demo").request("GET", "/api/waiver/not-an-id")).status).toBe(404);
    expect((await list("", "coach@northside.demo")).status).toBe(403);
    expect((await list("", "parent@northside.demo")).status).toBe(403);
    const bad = await json<{ code: string; message: string }>(await as("admin@northside.demo").request("POST", "/api/waiver/version", { body: { title: "", body: "short" } }), 400);
    expect(bad.message).toMatch(/Title is required/);
  });

  it("e-mails the signing link once per command, refuses a member who signed and one with no address", async () => {
    const unsigned = (await json<ListAnswer>(await list("?status=unsigned&size=100"))).data.find((l) => l.participant_id !== noEmail && !DEMO_FLAGGED_PARTICIPANT_IDS.has(l.participant_id))!;
    const detail = await json<{ send_to: { email: string } | null }>(await as("admin@northside.demo").request("GET", `/api/waiver/${unsigned.participant_id}`));
    expect(detail.send_to?.email).toMatch(/@/);
    const key = newId();
    const first = await json<{ message: string; data: { to: string; outbox_id: string; replayed: boolean } }>(await send(unsigned.participant_id, key));
    expect(first.message).toBe(`Waiver link sent to ${detail.send_to!.email}`);
    const mail = await mailById(app.app.core.db, first.data.outbox_id);
    expect(mail).toMatchObject({ kind: "waiver-link", to_address: detail.send_to!.email });
    expect(mail!.body).toContain(`/sign-waiver/${unsigned.participant_id}?token=`);
    expect(mail!.body).toContain(unsigned.name);
    // a double click: the same key answers the first message, no second mail and no second link
    const again = await json<{ data: { outbox_id: string; replayed: boolean } }>(await send(unsigned.participant_id, key));
    expect(again.data).toMatchObject({ outbox_id: first.data.outbox_id, replayed: true });
    // a later, deliberate send is a new message
    const later = await json<{ data: { outbox_id: string } }>(await send(unsigned.participant_id, newId()));
    expect(later.data.outbox_id).not.toBe(first.data.outbox_id);

    const none = await json<{ code: string; message: string }>(await send(noEmail), 400);
    expect(none).toMatchObject({ code: "NO_EMAIL", message: expect.stringContaining("No e-mail address is known") });
    const signed = (await json<ListAnswer>(await list("?status=signed&size=1"))).data[0]!;
    expect(await json(await send(signed.participant_id), 409)).toMatchObject({ code: "WAIVER_ALREADY_SIGNED" });
  });

  it("a new version asks everyone for a new signature, check-in waits for it, and the sign page shows the new text", async () => {
    const before = await json<ListAnswer>(await list("?size=1"));
    const versions = await json<{ data: Version[] }>(await as("admin@northside.demo").request("GET", "/api/waiver/version"));
    expect(versions.data.map((v) => [v.version_id, v.current])).toEqual([
      ["2026-01", true],
      [DEMO_OLD_WAIVER_VERSION, false],
    ]);
    expect(versions.data[1]!.signatures).toBe(DEMO_OLD_SIGNATURES);

    const signedBefore = (await json<ListAnswer>(await list("?status=signed&size=1"))).data[0]!;
    const text = { title: "Participation Waiver 2027", body: "A new text for the new season.\n\nIt covers trips away from the centre too." };
    const created = await json<{ message: string; data: { version_id: string } }>(await as("admin@northside.demo").request("POST", "/api/waiver/version", { body: text }));
    expect(created.message).toBe("Waiver version successfully created");
    expect(await json(await as("admin@northside.demo").request("POST", "/api/waiver/version", { body: text }), 409)).toMatchObject({ code: "WAIVER_VERSION_UNCHANGED" });

    const after = await json<ListAnswer>(await list("?size=1"));
    expect(after.additional_info.current_version).toBe(created.data.version_id);
    expect(after.additional_info.counts).toEqual({ signed: 0, unsigned: before.additional_info.counts.unsigned, resign: before.additional_info.counts.signed + before.additional_info.counts.resign });
    expect((await json<{ is_waiver_signed: boolean }>(await as("admin@northside.demo").request("GET", `/api/participant/${signedBefore.participant_id}`))).is_waiver_signed).toBe(false);
    // the other organization keeps its version
    expect((await json<ListAnswer>(await list("?size=1", "admin@maple.demo"))).additional_info.current_version).toBe("2026-01");

    // a member who had signed the old text: check-in refuses until they sign the new one
    const member = (await json<ListAnswer>(await list("?status=resign&size=100"))).data.find((l) => !DEMO_FLAGGED_PARTICIPANT_IDS.has(l.participant_id) && !DEMO_VISITOR_PARTICIPANT_IDS.has(l.participant_id))!;
    const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
    const refused = await as("admin@northside.demo").request("POST", "/api/check-in", { body: { ...day, memberId: member.member_id, type: "in" } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toMatch(/WAIVER/);

    const link = await json<{ url: string }>(await as("admin@northside.demo").request("GET", `/api/user-detail/waiver-token?participant_id=${member.participant_id}`));
    const anonymous = new HttpClient(app.baseUrl);
    const page = await anonymous.request("GET", link.url);
    const html = await page.text();
    expect(html).toContain("Participation Waiver 2027");
    expect(html).toContain("It covers trips away from the centre too.");
    const token = new URL(link.url, app.baseUrl).searchParams.get("token")!;
    const signed = await anonymous.request("POST", link.url, {
      body: new URLSearchParams({ token, fullName: "Pat Parent", consent: "on" }).toString(),
      csrf: false,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
    });
    expect(signed.status).toBe(200);
    await waitForProjections(app.baseUrl);
    const now = await json<ListAnswer>(await list(`?search=${member.member_id}`));
    expect(now.data[0]).toMatchObject({ status: "signed", waiver_version: created.data.version_id });
    expect((await json<{ is_waiver_signed: boolean }>(await as("admin@northside.demo").request("GET", `/api/participant/${member.participant_id}`))).is_waiver_signed).toBe(true);
    const admitted = await as("admin@northside.demo").request("POST", "/api/check-in", { body: { ...day, memberId: member.member_id, type: "in" } });
    expect(admitted.status).toBe(200);
  });
});
