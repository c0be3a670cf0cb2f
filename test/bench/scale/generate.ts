import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { EventStore } from "../../../modules/kernel";
import { dayBoundsIn, DEFAULT_TIME_ZONE, todayIn } from "../../../modules/organizations";
import {
  emitCheckIn,
  emitCheckOut,
  emitFlag,
  emitFlagResolved,
  emitNote,
  emitOrganization,
  emitRegistration,
  emitScreening,
  newOrg,
  type Emit,
  type Member,
  type OpenFlag,
  type Org,
} from "./events";
import type { ScaleShape } from "./shape";
import { AppendWriter, BulkWriter, type Heads } from "./sinks";
import type { cpuMeter } from "./stores";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A small seeded generator (mulberry32): the same SCALE_SEED makes the same store. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Phase = { events: number; seconds: number; cpu: { nodeMs: number; pgMs: number } };

export type Generated = {
  orgs: Org[];
  members: Member[][];
  events: number;
  bulk: Phase;
  appended: Phase;
  /** the newest program day of the largest organization, as the board asks for it */
  lastProgramDay: { start: string; end: string; day: string } | null;
};

/** The day of the timeline a member registers on: 60% in the first month, the rest spread over the years. */
function registrationDay(shape: ScaleShape, index: number, size: number): number {
  if (shape.registerAtStart) return 0;
  const first = Math.min(30, shape.days);
  const early = Math.ceil(0.6 * size);
  if (index < early) return Math.floor((index / early) * first);
  return Math.min(shape.days - 1, first + Math.floor(((index - early) / Math.max(1, size - early)) * (shape.days - first)));
}

/**
 * Generates the store of `shape`, day after day over the timeline ending today (positions in time
 * order): organizations, members registering, and on program days their visits (a screening first in
 * screening organizations, check-in, sometimes a note, a comment, a flag, then check-out two to three hours
 * later), and flags resolved two weeks on. The newest `appendShare` of the days goes through the event
 * store's append path, the rest through bulk INSERTs. Prints progress every 10 s.
 */
export async function generate(
  shape: ScaleShape,
  { pool, store, label, meter, now = new Date() }: { pool: pg.Pool; store: EventStore; label: string; meter: ReturnType<typeof cpuMeter>; now?: Date },
): Promise<Generated> {
  const rand = random(shape.seed);
  const heads: Heads = new Map();
  const bulk = new BulkWriter(pool, heads);
  const append = new AppendWriter(store, heads);
  const appendFrom = Math.floor(shape.days * (1 - shape.appendShare));
  let writer: BulkWriter | AppendWriter = bulk;
  const emit: Emit = (streamId, event, metadata, options) => writer.add({ streamId, event, metadata, eventId: randomUUID(), once: !!options?.once });

  const orgs = shape.orgSizes.map((_, i) => newOrg(i, i % shape.screeningEvery === 0));
  const members: Member[][] = shape.orgSizes.map(() => []);
  const buckets = shape.orgSizes.map((size) => {
    const byDay = new Map<number, number[]>();
    for (let i = 0; i < size; i++) {
      const d = registrationDay(shape, i, size);
      byDay.set(d, [...(byDay.get(d) ?? []), i]);
    }
    return byDay;
  });
  const openFlags = new Map<number, { org: Org; flag: OpenFlag }[]>();
  const visitChance = shape.visitsPerYear / (shape.programDays.length * 52);
  const firstDay = Math.floor(now.getTime() / DAY) * DAY - (shape.days - 1) * DAY;
  let lastProgramDay: Generated["lastProgramDay"] = null;

  await meter.start();
  const started = performance.now();
  let bulkSeconds = 0;
  let bulkCpu = { nodeMs: 0, pgMs: 0 };
  let appendStarted = 0;
  let lastReport = started;
  for (let d = 0; d < shape.days; d++) {
    if (d === appendFrom) {
      await bulk.finish();
      bulkSeconds = (performance.now() - started) / 1000;
      bulkCpu = await meter.mark();
      appendStarted = performance.now();
      writer = append;
    }
    const noon = new Date(firstDay + d * DAY + 12 * HOUR);
    const bounds = dayBoundsIn(DEFAULT_TIME_ZONE, noon);
    const dayKey = todayIn(DEFAULT_TIME_ZONE, noon);
    const dayStart = Date.parse(bounds.start);
    const weekday = noon.getUTCDay();
    for (let o = 0; o < orgs.length; o++) {
      const org = orgs[o]!;
      const list = members[o]!;
      if (d === 0) emitOrganization(emit, org, new Date(dayStart + 8 * HOUR));
      for (const index of buckets[o]!.get(d) ?? []) {
        list.push(emitRegistration(emit, org, index, shape.orgSizes[o]!, new Date(dayStart + 9 * HOUR + (index % 480) * 60_000)));
      }
      for (const { org: flagOrg, flag } of (openFlags.get(d) ?? []).filter((f) => f.org === org)) {
        emitFlagResolved(emit, flagOrg, flag, new Date(dayStart + 10 * HOUR));
        if (flag.type === "stop") flag.member.stopFlagged = false;
      }
      if (!shape.programDays.includes((weekday + o) % 7)) continue;
      if (o === 0) lastProgramDay = { ...bounds, day: dayKey };
      const visits: { m: Member; id: string; at: number }[] = [];
      for (const m of list) {
        if (!m.active || !m.waiver || m.stopFlagged || rand() >= visitChance) continue;
        const at = dayStart + 15 * HOUR + Math.floor(rand() * 120) * 60_000;
        const visit = { m, id: randomUUID(), at };
        visits.push(visit);
        if (org.screening) emitScreening(emit, org, m, dayKey, new Date(at - 5 * 60_000));
        emitCheckIn(emit, org, m, visit.id, new Date(at), bounds);
        if (rand() < shape.notesPerVisit) emitNote(emit, org, m, new Date(at + 30 * 60_000), Math.floor(rand() * 1000), rand() < 1 / 3);
        if (rand() < shape.flagsPerVisit) {
          const type = rand() < 0.3 ? "stop" : "warn";
          const flagId = emitFlag(emit, org, m, new Date(at + 45 * 60_000), type);
          if (type === "stop") m.stopFlagged = true;
          if (rand() < 0.7) {
            const on = d + 14;
            openFlags.set(on, [...(openFlags.get(on) ?? []), { org, flag: { flagId, member: m, type, resolveOn: on } }]);
          }
        }
      }
      for (const v of visits) emitCheckOut(emit, org, v.m, v.id, new Date(v.at + 2 * HOUR + Math.floor(rand() * 60) * 60_000));
    }
    openFlags.delete(d);
    await writer.drain();
    if (performance.now() - lastReport >= 10_000) {
      lastReport = performance.now();
      const written = bulk.written + append.written;
      console.log(`  [${label}] day ${d + 1}/${shape.days}: ${written} events, ${(written / ((lastReport - started) / 1000)).toFixed(0)} events/s`);
    }
  }
  if (writer === bulk) {
    await bulk.finish();
    bulkSeconds = (performance.now() - started) / 1000;
    bulkCpu = await meter.mark();
    appendStarted = performance.now();
  }
  const appendSeconds = (performance.now() - appendStarted) / 1000;
  const appendCpu = await meter.mark();
  return {
    orgs,
    members,
    events: bulk.written + append.written,
    bulk: { events: bulk.written, seconds: bulkSeconds, cpu: bulkCpu },
    appended: { events: append.written, seconds: appendSeconds, cpu: appendCpu },
    lastProgramDay,
  };
}
