import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { KernelTables } from "../../../modules/kernel";
import { dayBoundsIn, DEFAULT_TIME_ZONE } from "../../../modules/organizations";
import { allCheckpoints, projections } from "../../../projections";
import { freePort } from "../../e2e/harness";
import { spawnApp, type AppProcess } from "../../support/app-process";
import { cpuMsOf, statusMbOf } from "../stats";
import { emitCheckIn, emitCheckOut, type Emit } from "./events";
import type { Generated } from "./generate";
import { BulkWriter, type Heads } from "./sinks";
import type { Store } from "./stores";

/** An hour of peak load (issue 23): check-ins and check-outs at the kiosks' 250 a second, written while the projector is stopped. */
const RATE = Number(process.env.SCALE_PEAK_RATE ?? 250);
const MINUTES = Number(process.env.SCALE_PEAK_MINUTES ?? 60);

export type CatchUp = { rest: number; events: number; writeSeconds: number; seconds: number; perSecond: number; cpuSeconds: number; peakRssMb: number };

const rssMb = (p: AppProcess) => statusMbOf(p.child.pid);

/** The smallest projection checkpoint against the store's head: 0 once every projection has caught up. */
async function lagOf(s: Store) {
  const [{ rows }, checkpoints] = await Promise.all([s.pool.query<{ head: string | null }>("select max(global_position) as head from events"), allCheckpoints(s.db as unknown as Kysely<KernelTables>)]);
  const byName = new Map(checkpoints.map((c) => [c.name, c.position]));
  const head = Number(rows[0]!.head ?? 0);
  return Math.max(0, ...projections.map((p) => head - (byName.get(p.name) ?? 0)));
}

/** Starts a projector process on the store and waits until every projection has caught up; RSS sampled every 10 s. */
async function projectorUntilCaughtUp(s: Store, redisUrl: string, label: string) {
  const started = performance.now();
  const projector = spawnApp({ DATABASE_URL: s.url, REDIS_URL: redisUrl, PORT: String(await freePort()), HOST: "127.0.0.1", NODE_ENV: "production", LOG_LEVEL: "warn", ROLE: "projector" }, label);
  let peakRssMb = 0;
  let lastPrint = performance.now();
  try {
    for (;;) {
      peakRssMb = Math.max(peakRssMb, rssMb(projector));
      const lag = await lagOf(s);
      if (lag === 0) break;
      if (performance.now() - lastPrint >= 10_000) {
        lastPrint = performance.now();
        console.log(`    [${label}] ${((lastPrint - started) / 1000).toFixed(0)} s: ${lag.toLocaleString("en")} events behind, RSS ${rssMb(projector).toFixed(0)} MB`);
      }
      if (projector.child.exitCode !== null) throw new Error(`the projector exited: ${projector.output().slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return { seconds: (performance.now() - started) / 1000, cpuSeconds: cpuMsOf(projector.child.pid) / 1000, peakRssMb };
  } finally {
    projector.child.kill("SIGTERM");
    await projector.exitWithin(20_000);
  }
}

/**
 * The time a projector stopped for an hour of peak load takes to catch up: a projector first catches up what
 * the bench's rebuilds did not build (timed as `rest`) and stops; then MINUTES of check-ins and check-outs at
 * RATE a second over the members of every organization are written into the events table (the bulk writer,
 * hash chains continued from each stream's head) as if the web had taken them with no projector running; then
 * a projector starts again and every projection catches up (timed, with its CPU and peak RSS).
 */
export async function measureCatchUp(s: Store, g: Generated, redisUrl: string): Promise<CatchUp> {
  const rest = (await projectorUntilCaughtUp(s, redisUrl, "projector, before")).seconds;

  const members = g.orgs.flatMap((org, o) => g.members[o]!.filter((m) => m.active && m.waiver).map((m) => ({ org, m })));
  const streams = members.map(({ m }) => `checkin-${m.participantId}`);
  const { rows } = await s.pool.query<{ stream_id: string; revision: string; hash: string }>(
    "select stream_id, revision, hash from stream_heads where stream_id = any($1)",
    [streams],
  );
  const heads: Heads = new Map(rows.map((r) => [r.stream_id, { revision: Number(r.revision), hash: r.hash }]));
  const { rows: head } = await s.pool.query<{ p: string | null }>("select max(global_position) as p from events");
  const writer = new BulkWriter(s.pool, heads, Number(head[0]!.p ?? 0));
  const emit: Emit = (streamId, event, metadata) => writer.add({ streamId, event, metadata, eventId: randomUUID(), once: false });

  const total = Math.round(RATE * MINUTES * 60);
  const hourStart = Date.now() - MINUTES * 60_000;
  const day = dayBoundsIn(DEFAULT_TIME_ZONE, new Date());
  const open = new Map<number, string>();
  const writeFrom = performance.now();
  for (let k = 0; k < total; k++) {
    const index = k % members.length;
    const { org, m } = members[index]!;
    const at = new Date(hourStart + (k * 1000) / RATE);
    const visit = open.get(index);
    if (visit) {
      emitCheckOut(emit, org, m, visit, at);
      open.delete(index);
    } else {
      const id = randomUUID();
      emitCheckIn(emit, org, m, id, at, day);
      open.set(index, id);
    }
    if (k % 5000 === 4999) await writer.drain();
  }
  await writer.finish();
  const writeSeconds = (performance.now() - writeFrom) / 1000;

  const after = await projectorUntilCaughtUp(s, redisUrl, "projector, after the hour");
  return { rest, events: total, writeSeconds, seconds: after.seconds, perSecond: total / after.seconds, cpuSeconds: after.cpuSeconds, peakRssMb: after.peakRssMb };
}
