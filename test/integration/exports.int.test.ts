import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_CSV_HEADER } from "../../modules/audit";
import { CHECK_IN_HEADER, exportStreamId, KIND_MESSAGE, parseExportCsv, PARTICIPANT_HEADER } from "../../modules/exports";
import { fixedClock, newId } from "../../modules/kernel";
import { DEFAULT_TIME_ZONE, startOfDayIn, todayIn } from "../../modules/organizations";
import { nullPublisher } from "../../modules/kernel/live";
import type { ReadModels } from "../../projections/read-models";
import { cleanUpExports, createExportQueue, queuePrefixFor, EXPORT_RETENTION_MS } from "../../workers/exports";
import { DEMO_VISITS } from "../factories/check-ins";
import { DEMO_FLAGGED_PARTICIPANT_IDS, demoOrganizations } from "../factories/demo-seed";
import { demoFamilyChildIds } from "../factories/family";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, waitForProjections, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";
import { eventually } from "../support/eventually";

type Member = { id: string; member_id: string; first_name: string; is_waiver_signed: boolean; pick_up_permission: string };
type ExportItem = { id: string; status: string; rows: number | null; bytes: number | null; sha256: string | null; download_url: string | null; file_name: string; reason: string | null };
const INDEPENDENT = "Child may travel to and from the facility independently";
/** The demo family's children: the seed gives them visits of their own (decision 040), apart from this test's three. */
const FAMILY = demoOrganizations.flatMap((org) => demoFamilyChildIds(org.id));
/** Northside's today: exports are written in the organization's zone (America/Toronto, decision 032). */
const today = () => todayIn(DEFAULT_TIME_ZONE, new Date());

describe("background exports over the API, with the worker, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let admin: HttpClient;
  let coach: HttpClient;
  let mapleAdmin: HttpClient;
  let participant: HttpClient;
  let members: Member[];

  const request = (client: HttpClient, body: unknown, key?: string) => client.request("POST", "/api/export", { body, headers: key ? { "Idempotency-Key": key } : {} });
  const list = async (client: HttpClient) => ((await (await client.request("GET", "/api/export")).json()) as { data: ExportItem[] }).data;
  const finished = async (client: HttpClient, id: string, timeoutMs = 30_000): Promise<ExportItem> => {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      const item = (await list(client)).find((e) => e.id === id);
      if (item && item.status !== "Requested") return item;
    }
    throw new Error(`export ${id} did not finish`);
  };

  beforeAll(async () => {
    app = await startInProcessApp("exports");
    const { redisUrl } = await testServices();
    await clearSignInLimits(redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    coach = new HttpClient(app.baseUrl);
    await coach.signIn("coach@northside.demo");
    mapleAdmin = new HttpClient(app.baseUrl);
    await mapleAdmin.signIn("admin@maple.demo");
    participant = new HttpClient(app.baseUrl);
    await participant.signIn("participant@northside.demo");
    const report = (await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] };
    members = report.data.filter((m) => m.is_waiver_signed && m.pick_up_permission === INDEPENDENT);
    const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
    let checkedIn = 0;
    for (const m of members) {
      const r = await coach.request("POST", "/api/check-in", { body: { ...day, memberId: m.member_id, type: "in", pick_up_name: "" } });
      if (r.status === 200) checkedIn++;
      if (checkedIn === 3) break;
    }
    expect(checkedIn).toBe(3);
    await waitForProjections(app.baseUrl);
  }, 120_000);
  afterAll(() => app?.stop());

  it("exports today's check-ins as CSV with the spec's header, one row per visit, a checksum, and a dated file name", async () => {
    // a name that a spreadsheet would run as a formula, written straight into the read model
    const db = app.app.core.db as Kysely<ReadModels>;
    // the seed's visits of today (Northside's, decision 041), the demo family's if the seed gave one (decision 040), and this test's three
    // (the visit history of earlier days, decision 039, is not today's)
    const since = startOfDayIn(DEFAULT_TIME_ZONE, today());
    const todays = () => db.selectFrom("rm_check_ins").where("check_in_time", ">=", since);
    const visits = await eventually(() => todays().selectAll().where("participant_id", "not in", FAMILY).execute(), (rows) => rows.length >= DEMO_VISITS + 3);
    const familyNames = new Set((await todays().select("full_name").where("participant_id", "in", FAMILY).execute()).map((r) => r.full_name));
    expect(visits.length).toBe(DEMO_VISITS + 3);
    const visit = visits[0]!;
    await db.updateTable("rm_check_ins").set({ full_name: '=HYPERLINK("http://x","y")' }).where("id", "=", visit.id).execute();

    const asked = await request(admin, { kind: "check-ins", filters: { from: today(), to: today(), timeZone: "UTC" } });
    expect(asked.status, await asked.clone().text()).toBe(202);
    const { data } = (await asked.json()) as { data: { id: string; file_name: string } };
    const [y, m, d] = today().split("-");
    expect(data.file_name).toBe(`check-ins-${m}-${d}-${y}.csv`);
    const done = await finished(admin, data.id);
    expect(done).toMatchObject({ status: "Completed" });
    const file = await admin.request("GET", done.download_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain(`check-ins-${m}-${d}-${y}.csv`);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(done.bytes);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(done.sha256);
    const text = bytes.toString("utf8");
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    const rows = await parseExportCsv(text);
    expect(rows[0]).toEqual([...CHECK_IN_HEADER]);
    // one row per visit: the seed's, this test's three, and the demo family's visit of the day if the seed gave one
    const familyRows = rows.slice(1).filter((r) => familyNames.has(r[1]!)).length;
    expect(done.rows).toBe(DEMO_VISITS + 3 + familyRows);
    expect(rows.length).toBe(1 + DEMO_VISITS + 3 + familyRows);
    expect(rows.map((r) => r[1])).toContain('=HYPERLINK("http://x","y")');
    expect(rows[1]![6]).toBe(`${m}/${d}/${y}`);
    expect(rows[1]![4]).toMatch(/^\d{2}:\d{2} (am|pm)$/);
  });

  it("runs a request resent with the same command id once: one export, one event, one completion", async () => {
    const body = { kind: "participants", filters: { statuses: ["Active"] } };
    const key = `resend-${newId()}`;
    const first = (await (await request(admin, body, key)).json()) as { data: { id: string } };
    const second = (await (await request(admin, body, key)).json()) as { data: { id: string; replayed: boolean } };
    expect(second.data).toMatchObject({ id: first.data.id, replayed: true });
    const done = await finished(admin, first.data.id);
    expect(done.status).toBe("Completed");
    const third = (await (await request(admin, body, key)).json()) as { data: { id: string; status: string } };
    expect(third.data).toMatchObject({ id: first.data.id, status: "completed" });
    await new Promise((r) => setTimeout(r, 500));
    const events = (await app.app.core.store.readStream(exportStreamId(first.data.id))).events.map((e) => e.type);
    expect(events).toEqual(["ExportRequested", "ExportCompleted"]);
    const rows = await parseExportCsv(Buffer.from(await (await admin.request("GET", done.download_url!)).arrayBuffer()).toString("utf8"));
    expect(rows[0]).toEqual([...PARTICIPANT_HEADER]);
    expect(rows.length - 1).toBe(done.rows);
    expect(done.rows).toBeGreaterThan(0);
  });

  it("lets neither another organization's user nor a user without the export permission request or download", async () => {
    const asked = (await (await request(admin, { kind: "check-ins", filters: { from: today(), to: today() } })).json()) as { data: { id: string } };
    const done = await finished(admin, asked.data.id);
    const link = done.download_url!;

    // another organization: the export does not exist for them, the link neither
    const foreign = await mapleAdmin.request("GET", link);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ code: "EXPORT_NOT_FOUND", message: "Export not found" });
    expect((await list(mapleAdmin)).map((e) => e.id)).not.toContain(asked.data.id);
    const bundle = await request(mapleAdmin, { kind: "bundle", filters: { exportIds: [asked.data.id, done.id] } });
    expect(bundle.status).toBe(400); // listed twice
    const bundle2 = await request(mapleAdmin, { kind: "bundle", filters: { exportIds: [asked.data.id, "00000000-0000-4000-8000-000000000000"] } });
    expect(bundle2.status).toBe(404);

    // no export permission: the coach and a participant can neither request nor download
    for (const client of [coach, participant]) {
      expect((await request(client, { kind: "check-ins", filters: { from: today(), to: today() } })).status).toBe(403);
      expect((await request(client, { kind: "participants" })).status).toBe(403);
      expect((await client.request("GET", link)).status).toBe(403);
      expect((await client.request("GET", "/api/export")).status).toBe(403);
    }
    // signed out
    expect((await new HttpClient(app.baseUrl).request("GET", link)).status).toBe(401);
    // a tampered or expired link
    const tampered = link.replace(/expires=(\d+)/, (_, n: string) => `expires=${Number(n) + 1000}`);
    expect((await admin.request("GET", tampered)).status).toBe(410);
    expect((await admin.request("GET", link.replace(/signature=.*/, "signature=x"))).status).toBe(410);
    expect((await admin.request("GET", link)).status).toBe(200);
  });

  it("refuses bad requests with readable messages and never a 500", async () => {
    const cases: [unknown, number, string][] = [
      [{ kind: "pdf" }, 400, KIND_MESSAGE],
      [{ kind: "check-ins", filters: { from: "2026-11-21", to: "2026-11-01" } }, 400, "To must be on or after From"],
      [{ kind: "flag-history", filters: { participantId: "00000000-0000-4000-8000-000000000000" } }, 404, "Participant not found"],
      [{}, 400, KIND_MESSAGE],
    ];
    for (const [body, status, message] of cases) {
      const r = await request(admin, body);
      expect(r.status).toBe(status);
      expect(((await r.json()) as { message: string }).message).toBe(message);
    }
  });

  it("exports a note and flag history (the audit timeline: a note, its edit, a comment and a flag) and bundles two finished exports into one zip", async () => {
    const m = members.find((x) => !DEMO_FLAGGED_PARTICIPANT_IDS.has(x.id) && x !== members[0] && x !== members[1] && x !== members[2])!;
    const note = (await (await admin.request("POST", "/api/note", { body: { user_id: m.id, message: "Forgot the inhaler", type: "Sick" } })).json()) as { data: { id: string } };
    expect(note.data.id).toBeTruthy();
    expect((await admin.request("PUT", "/api/note", { body: { id: note.data.id, action: "Edit", message: "=HYPERLINK(\"http://x\") inhaler brought by mother" } })).status).toBe(200);
    expect((await admin.request("POST", "/api/note/comment", { body: { note_id: note.data.id, message: "@nurse informed" } })).status).toBe(200);
    expect((await admin.request("POST", "/api/note/flag", { body: { user_id: m.id, message: "+1 call the parent; =check", type: "warn", action: "Flag" } })).status).toBe(200);
    const db = app.app.core.db as Kysely<ReadModels>;
    await eventually(() => db.selectFrom("rm_flags").select("id").where("participant_id", "=", m.id).execute(), (rows) => rows.length === 1);
    // written in the audit CSV's time zone, the export is the audit timeline row for row
    const flags = (await (await request(admin, { kind: "flag-history", filters: { participantId: m.id, timeZone: "America/Toronto" } })).json()) as { data: { id: string; file_name: string } };
    expect(flags.data.file_name).toMatch(/^note-and-flag-history-\d{2}-\d{2}-\d{4}\.csv$/);
    const flagDone = await finished(admin, flags.data.id);
    expect(flagDone).toMatchObject({ status: "Completed", rows: 4 });
    const raw = Buffer.from(await (await admin.request("GET", flagDone.download_url!)).arrayBuffer()).toString("utf8");
    expect(raw).toContain('"\'=HYPERLINK(""http://x"") inhaler brought by mother"');
    expect(raw).toContain('"\'@nurse informed"');
    const rows = await parseExportCsv(raw);
    expect(rows[0]).toEqual([...AUDIT_CSV_HEADER]);
    expect(rows.slice(1).map((r) => [r[4], r[5]])).toEqual([
      ["Note", "Note created"],
      ["Note", "Note edited"],
      ["Comment", "Comment added"],
      ["Flag", "Flag raised"],
    ]);
    expect(rows[2]!.slice(8)).toEqual(["Message", "Forgot the inhaler", '=HYPERLINK("http://x") inhaler brought by mother', "America/Toronto"]);
    expect(rows[3]![10]).toBe("@nurse informed");
    expect(rows[4]![10]).toContain("Message: +1 call the parent; =check");
    const audit = await parseExportCsv(Buffer.from(await (await admin.request("GET", `/api/audit/participant/${m.id}/timeline.csv`)).arrayBuffer()).toString("utf8"));
    expect(rows).toEqual(audit);

    // the granter holds the export permission but not CAN_VIEW_AUDIT_HISTORY: the flags only (decision 014)
    const granter = new HttpClient(app.baseUrl);
    await granter.signIn("granter@northside.demo");
    const asked = (await (await request(granter, { kind: "flag-history", filters: { participantId: m.id } })).json()) as { data: { id: string } };
    const granterDone = await finished(granter, asked.data.id);
    const granterRows = await parseExportCsv(Buffer.from(await (await granter.request("GET", granterDone.download_url!)).arrayBuffer()).toString("utf8"));
    expect(granterRows.slice(1).map((r) => r[5])).toEqual(["Flag raised"]);

    const other = (await list(admin)).find((e) => e.status === "Completed" && e.id !== flags.data.id)!;
    const zip = (await (await request(admin, { kind: "bundle", filters: { exportIds: [flags.data.id, other.id] } })).json()) as { data: { id: string; file_name: string } };
    expect(zip.data.file_name).toMatch(/^exports-\d{2}-\d{2}-\d{4}\.zip$/);
    const zipDone = await finished(admin, zip.data.id);
    expect(zipDone.status).toBe("Completed");
    const body = Buffer.from(await (await admin.request("GET", zipDone.download_url!)).arrayBuffer());
    const { default: JSZip } = await import("jszip");
    const opened = await JSZip.loadAsync(body);
    expect(Object.keys(opened.files).sort()).toEqual([flagDone.file_name, other.file_name].sort());
    const inner = await opened.file(flagDone.file_name)!.async("string");
    expect(await parseExportCsv(inner)).toEqual(rows);
  });

  it("an empty export completes with the header only and 0 rows", async () => {
    const asked = (await (await request(admin, { kind: "check-ins", filters: { from: "2001-01-01", to: "2001-01-02" } })).json()) as { data: { id: string } };
    const done = await finished(admin, asked.data.id);
    expect(done).toMatchObject({ status: "Completed", rows: 0 });
    const rows = await parseExportCsv(Buffer.from(await (await admin.request("GET", done.download_url!)).arrayBuffer()).toString("utf8"));
    expect(rows).toEqual([[...CHECK_IN_HEADER]]);
  });

  it("retention: files older than 7 days are deleted and their exports marked Expired; the link then answers 410", async () => {
    const items = (await list(admin)).filter((e) => e.status === "Completed");
    const link = items[0]!.download_url!;
    const core = app.app.core;
    // the admin's finished exports and the granter's history export: every completed one of the database
    const completed = await (core.db as Kysely<ReadModels>).selectFrom("rm_exports").select("id").where("status", "=", "Completed").execute();
    expect(completed.length).toBe(items.length + 1);
    const queue = createExportQueue(core.env.REDIS_URL, queuePrefixFor(core.env.DATABASE_URL));
    try {
      const clock = fixedClock(new Date(Date.now() + EXPORT_RETENTION_MS + 60_000));
      const outcome = await cleanUpExports({ store: core.store, clock, pool: core.pool, db: core.db as Kysely<ReadModels>, storage: core.storage, redis: core.redis, publisher: nullPublisher, logger: core.logger, queue });
      expect(outcome.expired).toBe(completed.length);
    } finally {
      await queue.close();
    }
    expect(await eventually(async () => (await list(admin)).filter((e) => e.status === "Completed"), (rows) => rows.length === 0)).toEqual([]);
    const gone = await admin.request("GET", link);
    expect(gone.status).toBe(410);
    const left = await readdir(path.resolve(core.env.STORAGE_DIR, "exports"), { recursive: true });
    expect(left.filter((f) => f.endsWith(".csv") || f.endsWith(".zip"))).toEqual([]);
  });
});
