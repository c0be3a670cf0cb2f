import { sql, type Kysely } from "kysely";

/**
 * Decision 125: a member's balance row also folds their points stream exactly as the checkout's spend decider does
 * (every event's amount, in revision order) with the revision it is folded to, so a first checkout decides from it
 * instead of reading the stream. Null: not known (the checkout reads the stream).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_point_balances add column if not exists stream_revision integer, add column if not exists stream_balance integer`.execute(db);
  // what the projector applied before this migration, folded once from the event store's table when it is in this
  // database (the PostgreSQL adapter); the projector then moves a row only by the stream's next revision, so the
  // events folded here and projected again later change nothing
  const { rows } = await sql<{ t: string | null }>`select to_regclass('events')::text as t`.execute(db);
  if (!rows[0]?.t) return;
  await sql`
    update rm_point_balances b set stream_revision = s.revision, stream_balance = s.balance
      from (select substr(stream_id, 8) as participant_id, max(revision)::int as revision,
                   sum(case type when 'PointsAwarded' then (data->>'amount')::int when 'PointsRefunded' then (data->>'amount')::int
                                 when 'PointsSpent' then -(data->>'amount')::int when 'PointsReversed' then -(data->>'amount')::int else 0 end)::int as balance
              from events where stream_id like 'points-%' group by stream_id) s
     where s.participant_id = b.participant_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_point_balances drop column if exists stream_revision, drop column if exists stream_balance`.execute(db);
}
