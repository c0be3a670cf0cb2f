import { sql } from "kysely";
import { defineProjection } from "../runner";
import type { LiveMessageLike } from "../runner";
import type { EventStatsTables } from "./tables";

/** The part of a stream id before its first '-': `participant-123` is in category `participant`. */
export const categoryOf = (streamId: string) => streamId.split("-", 1)[0] ?? streamId;

/**
 * Counts events by type and keeps one summary row per stream: the store's own activity, shown on the
 * health page. Counting is not idempotent by itself, so it relies on the runner's exactly-once batches.
 */
export const eventStatsProjection = defineProjection<EventStatsTables>({
  name: "event-stats",
  tables: ["rm_event_type_counts", "rm_stream_summaries"],
  async apply(db, events) {
    const counts = new Map<string, { count: number; last: number }>();
    const streams = new Map<string, (typeof events)[number]>();
    const perOrganization = new Map<string, number>();
    for (const event of events) {
      const c = counts.get(event.type) ?? { count: 0, last: 0 };
      counts.set(event.type, { count: c.count + 1, last: Math.max(c.last, event.position) });
      const seen = streams.get(event.streamId);
      if (!seen || seen.revision < event.revision) streams.set(event.streamId, event);
      const org = event.metadata.organizationId;
      if (org) perOrganization.set(org, (perOrganization.get(org) ?? 0) + 1);
    }

    await db
      .insertInto("rm_event_type_counts")
      .values([...counts].map(([type, c]) => ({ type, count: c.count, last_position: c.last })))
      .onConflict((oc) =>
        oc.column("type").doUpdateSet({
          count: sql`rm_event_type_counts.count + excluded.count`,
          last_position: sql`greatest(rm_event_type_counts.last_position, excluded.last_position)`,
        }),
      )
      .execute();

    await db
      .insertInto("rm_stream_summaries")
      .values(
        [...streams.values()].map((e) => ({
          stream_id: e.streamId,
          category: categoryOf(e.streamId),
          organization_id: e.metadata.organizationId,
          revision: e.revision,
          last_type: e.type,
          last_position: e.position,
          last_occurred_at: e.metadata.occurredAt,
        })),
      )
      .onConflict((oc) =>
        oc
          .column("stream_id")
          .doUpdateSet({
            organization_id: sql`coalesce(excluded.organization_id, rm_stream_summaries.organization_id)`,
            revision: sql`excluded.revision`,
            last_type: sql`excluded.last_type`,
            last_position: sql`excluded.last_position`,
            last_occurred_at: sql`excluded.last_occurred_at`,
          })
          .where("rm_stream_summaries.revision", "<", sql<number>`excluded.revision`),
      )
      .execute();

    const last = events[events.length - 1]!.position;
    return [...perOrganization].map(
      ([organizationId, count]): LiveMessageLike => ({
        organizationId,
        topic: "activity",
        event: "events-projected",
        payload: { count, position: last },
      }),
    );
  },
});
