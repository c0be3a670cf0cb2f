import type { Kysely } from "kysely";
import type { EventStatsTables } from "./tables";

export const eventTypeCounts = (db: Kysely<EventStatsTables>) =>
  db.selectFrom("rm_event_type_counts").select(["type", "count"]).orderBy("count", "desc").orderBy("type").execute();

export async function totalEvents(db: Kysely<EventStatsTables>): Promise<number> {
  const row = await db
    .selectFrom("rm_event_type_counts")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("count"), eb.lit(0)).as("total"))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
