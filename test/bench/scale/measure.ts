import { sql } from "kysely";
import { auditStateAt, auditTimeline } from "../../../modules/audit";
import { LEVEL } from "../../../modules/identity";
import { auditLookupOf, participantHistoryEvents } from "../../../projections/audit";
import { boardForDay } from "../../../projections/check-in";
import { flaggedMembers } from "../../../projections/flags";
import { participantReport } from "../../../projections/participants";
import { freePort } from "../../e2e/harness";
import { spawnApp } from "../../support/app-process";
import { cpuMsOf, percentile } from "../stats";
import type { Generated } from "./generate";
import type { Store } from "./stores";

const RUNS = Number(process.env.SCALE_RUNS ?? 60);

export type Timing = { p50: number; p95: number; note: string };

async function timed(fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await fn(i); // warm-up: plans, pool, caches
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * The four reads of issue 23 in the largest organization, each the function its /api call runs (the
 * read-model query, or for the audit the history read and replay of modules/audit/service.ts), one at a
 * time, RUNS times after 5 warm-ups: participant search, the board for its newest program day, the
 * audit replay of the member with the most notes, the flagged list.
 */
export async function measureReads(s: Store, g: Generated): Promise<Record<"search" | "board" | "audit" | "flagged", Timing>> {
  const org = g.orgs[0]!;
  const people = g.members[0]!;
  const terms = [people[5 % people.length]!.lastName, people[11 % people.length]!.firstName, people[3 % people.length]!.memberId.slice(0, 5), "an"];
  let found = 0;
  const search = await timed(async (i) => {
    const report = await participantReport(s.db, org.id, { search: terms[i % terms.length], page: 0, size: 25 });
    if (i < terms.length) found += report.count;
  });
  const day = g.lastProgramDay!;
  let visits = 0;
  const board = await timed(async () => (visits = (await boardForDay(s.db, org.id, { start: day.start, end: day.end })).length));
  const busiest = await sql<{ participant_id: string; n: string }>`
    select participant_id, count(*) as n from rm_audit_note_streams where organization_id = ${org.id}
     group by participant_id order by count(*) desc limit 1`.execute(s.db);
  const participantId = busiest.rows[0]?.participant_id ?? people[0]!.participantId;
  const viewer = { userId: org.staff[1]!.userId ?? "", level: LEVEL.admin, groupId: null };
  let replayed = 0;
  let entries = 0;
  const audit = await timed(async () => {
    const [events, lookup] = await Promise.all([participantHistoryEvents({ store: s.store, db: s.db }, { organizationId: org.id, participantId, viewer }), auditLookupOf(s.db, org.id)]);
    const timeline = auditTimeline(events, lookup);
    auditStateAt(events, new Date(), lookup);
    replayed = events.length;
    entries = timeline.length;
  });
  let flaggedCount = 0;
  const flagged = await timed(async () => (flaggedCount = (await flaggedMembers(s.db, org.id)).length));
  return {
    search: { ...search, note: `${people.length} members, ~${Math.round(found / terms.length)} found a term` },
    board: { ...board, note: `${visits} visits on ${day.day}` },
    audit: { ...audit, note: `${replayed} events, ${entries} timeline entries` },
    flagged: { ...flagged, note: `${flaggedCount} flagged members` },
  };
}

/**
 * From spawning a web process (ROLE=web, production; entry the prebuilt server or server.ts) against the store to its first healthy /api/health: the
 * seconds, and the CPU seconds the process used to get there (what the machine's other load does not inflate).
 */
export async function webStartUp(url: string, redisUrl: string, entry: string): Promise<{ seconds: number; cpuSeconds: number }> {
  const port = await freePort();
  const started = performance.now();
  const web = spawnApp({ DATABASE_URL: url, REDIS_URL: redisUrl, PORT: String(port), ROLE: "web", LOG_LEVEL: "warn" }, "web", entry);
  try {
    await web.waitForHealth(port, 120_000);
    return { seconds: (performance.now() - started) / 1000, cpuSeconds: cpuMsOf(web.child.pid) / 1000 };
  } finally {
    web.child.kill("SIGTERM");
    if (!(await web.exitWithin(20_000))) web.kill();
  }
}
