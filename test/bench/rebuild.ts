import type pg from "pg";
import { newId, type EventStore, type NewEvent } from "../../modules/kernel";
import { eventStatsProjection, rebuildProjection } from "../../projections";
import type { Kysely } from "kysely";

const TYPES = ["MemberCheckedIn", "MemberCheckedOut", "NoteAdded", "FlagRaised", "ScreeningFilled"];

/** Appends `count` events, 100 to an append, over 20,000 streams of 4 organizations. */
export async function seedForRebuild(store: EventStore, count: number) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const base = next;
        next += 100;
        const events: NewEvent[] = Array.from({ length: Math.min(100, count - base) }, (_, i) => ({
          type: TYPES[(base + i) % TYPES.length]!,
          data: { memberId: `M${(base + i) % 20000}`, note: "seeded for the rebuild benchmark" },
          eventId: newId(),
          metadata: {
            organizationId: `org-${(base + i) % 4}`,
            actorId: "bench",
            commandId: newId(),
            correlationId: newId(),
            causationId: null,
            occurredAt: new Date().toISOString(),
          },
        }));
        await store.appendToStream(`member-${(base / 100) % 20000}`, events);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

export async function benchRebuild(pool: pg.Pool, db: Kysely<unknown>, store: EventStore, count: number) {
  const have = Number((await pool.query("select count(*) from events")).rows[0].count);
  if (have < count) {
    const seconds = await seedForRebuild(store, count - have);
    console.log(`\nseeded ${count - have} events in ${seconds.toFixed(1)} s`);
  }
  const total = Number((await pool.query("select count(*) from events")).rows[0].count);

  // the baseline: reading $all alone, in the same batches, without applying anything
  let position = 0;
  const readStarted = performance.now();
  for (;;) {
    const batch = await store.readAll(position, 5000);
    if (!batch.length) break;
    position = batch[batch.length - 1]!.position;
  }
  const readRate = total / ((performance.now() - readStarted) / 1000);

  const result = await rebuildProjection({ db, store, projection: eventStatsProjection, batchSize: 5000 });
  console.log(`\nprojection rebuild (event-stats) over ${result.events} events:`);
  console.log(`  reading $all alone   ${readRate.toFixed(0).padStart(7)} events/s`);
  console.log(`  rebuild              ${result.eventsPerSecond.toFixed(0).padStart(7)} events/s   (${(result.ms / 1000).toFixed(2)} s)`);
  console.log(`  ratio rebuild/read   ${((result.eventsPerSecond / readRate) * 100).toFixed(0)}%`);
  return { total, readRate, ...result };
}
