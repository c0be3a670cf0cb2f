import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportFolder, exportStreamId, requestExport } from "../../modules/exports";
import { dropDatabase, newId, parseEnv, systemClock } from "../../modules/kernel";
import type { RollcallQueue } from "../../modules/kernel/queues";
import { openCoreServices, type CoreServices } from "../../runtime/services";
import { createExportQueue, enqueueExport, EXPORT_JOB, progressKey, queuePrefixFor, type ExportJobData } from "../../workers/exports";
import { killAll, spawnApp, type AppProcess } from "../support/app-process";
import { testServices } from "../support/services";

const ORG = newId();
const ADMIN = newId();
const ROWS = 300_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The export worker is a process of its own (ROLE=worker) with a 2 s job lock. It is SIGKILLed in the
 * middle of writing a large check-in export; a second worker takes the stalled job over. Afterwards the
 * export has exactly one completion and exactly one file, and a duplicated job changes nothing.
 */
describe("an export survives a SIGKILLed worker", () => {
  let core: CoreServices;
  let queue: RollcallQueue<ExportJobData, unknown>;
  let storageDir: string;
  let databaseUrl: string;
  let redisUrl: string;
  const workers: AppProcess[] = [];
  const startWorker = (label: string) => {
    const worker = spawnApp({ ROLE: "worker", DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, STORAGE_DIR: storageDir, EXPORT_LOCK_MS: "2000", LOG_LEVEL: "info" }, label);
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    const services = await testServices();
    redisUrl = services.redisUrl;
    const url = new URL(services.databaseUrl);
    url.pathname = `/rollcall_exportkill_${randomBytes(4).toString("hex")}`;
    databaseUrl = url.toString();
    storageDir = path.join(os.tmpdir(), url.pathname.slice(1));
    core = await openCoreServices(parseEnv({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, STORAGE_DIR: storageDir, LOG_LEVEL: "warn" }));
    // the read model filled directly: ROWS visits on one day
    await sql`
      insert into rm_check_ins (id, organization_id, participant_id, member_id, first_name, last_name, full_name, check_in_time, check_out_time, source, updated_at)
      select gen_random_uuid(), ${ORG}::uuid, gen_random_uuid(), 'M' || lpad(g::text, 7, '0'), 'First' || g, 'Last', 'First' || g || ' Last',
        timestamptz '2026-11-20 08:00:00Z' + (g || ' milliseconds')::interval, timestamptz '2026-11-20 17:00:00Z', 'staff', now()
      from generate_series(1, ${ROWS}) g`.execute(core.db);
    queue = createExportQueue(redisUrl, queuePrefixFor(databaseUrl));
  }, 120_000);

  afterAll(async () => {
    killAll();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await core?.close();
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  it("after recovery there is exactly one file and one completion; the same command id twice runs once", async () => {
    const deps = { store: core.store, clock: systemClock };
    const ask = () =>
      requestExport(deps, { request: { kind: "check-ins", filters: { from: "2026-11-20", to: "2026-11-20", timeZone: "UTC" } }, permissionIds: ["CAN_EXPORT_CHECK_IN_MEMBERS"] }, { commandId: "kill-test-command", organizationId: ORG, actorId: ADMIN });
    const first = await ask();
    const again = await ask();
    expect(first.ok && again.ok).toBe(true);
    expect(again.exportId).toBe(first.exportId);
    expect(again.ok && again.replayed).toBe(true);
    const exportId = first.exportId;
    await enqueueExport(queue, exportId);
    await enqueueExport(queue, exportId); // the same job id: ignored by BullMQ
    expect(await queue.getJobCounts("wait", "active", "delayed")).toMatchObject({ wait: 1 });

    // the first worker gets part of the way, then dies without a word
    const doomed = startWorker("worker-1");
    let seen = 0;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(10)) {
      const raw = await core.redis.get(progressKey(exportId));
      seen = raw ? (JSON.parse(raw) as { rows: number }).rows : 0;
      if (seen > 0) break;
    }
    expect(seen, doomed.output()).toBeGreaterThan(0);
    expect(seen).toBeLessThan(ROWS);
    doomed.kill();
    await doomed.exited;
    const types = async () => (await core.store.readStream(exportStreamId(exportId))).events.map((e) => e.type);
    expect(await types()).toEqual(["ExportRequested"]);
    // what the killed attempt left: a half-written part file, never a file under the export's key
    const folder = path.join(storageDir, exportFolder(ORG, exportId));
    const leftovers = await readdir(folder);
    expect(leftovers.length).toBeGreaterThan(0);
    expect(leftovers.every((name) => name.startsWith(".part-"))).toBe(true);

    // a second worker notices the stalled job once its lock ran out, and builds the file again
    const rescuer = startWorker("worker-2");
    for (const deadline = Date.now() + 60_000; Date.now() < deadline && (await types()).length < 2; ) await sleep(100);
    expect(await types(), rescuer.output()).toEqual(["ExportRequested", "ExportCompleted"]);

    // a duplicated job (another job id, the same export) does nothing
    await queue.add(EXPORT_JOB, { exportId }, { jobId: `${exportId}-duplicate` });
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(100)) {
      if ((await queue.getJob(`${exportId}-duplicate`))?.finishedOn) break;
    }
    expect((await queue.getJob(`${exportId}-duplicate`))?.returnvalue).toMatchObject({ outcome: "skipped" });
    expect(await types()).toEqual(["ExportRequested", "ExportCompleted"]);

    // exactly one file in the export's folder (no part file of the killed attempt left), holding every row
    const completed = (await core.store.readStream(exportStreamId(exportId))).events[1]!.data as { fileKey: string; rows: number; bytes: number; sha256: string };
    expect(await readdir(folder)).toEqual([path.basename(completed.fileKey)]);
    expect(completed.rows).toBe(ROWS);
    const hash = createHash("sha256");
    let lines = 0;
    let bytes = 0;
    for await (const chunk of createReadStream(path.join(storageDir, completed.fileKey))) {
      const buffer = chunk as Buffer;
      hash.update(buffer);
      bytes += buffer.length;
      for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) lines++;
    }
    expect({ lines, bytes, sha256: hash.digest("hex") }).toEqual({ lines: ROWS + 1, bytes: completed.bytes, sha256: completed.sha256 });
  });
});
