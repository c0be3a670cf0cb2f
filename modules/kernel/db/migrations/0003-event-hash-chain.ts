import { sql, type Kysely } from "kysely";

/**
 * Tamper evidence (docs/decisions/022): every event stores `hash`, the SHA-256 of the previous event's hash in
 * its stream and of everything stored about the event itself (stream, revision, position, id, type, data,
 * metadata), so a changed byte, a removed event or two swapped events break the chain that
 * `npm run audit:verify` walks. The append statement computes the chain in SQL with the `rollcall_chain`
 * window aggregate, so an append stays one round trip. Events stored before this migration are chained here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // one unambiguous encoding of the fields: each text field after its length, the JSON as PostgreSQL prints it
  // (cheaper than building a JSON array of them: this runs inside every append)
  await sql`
    create function rollcall_event_hash(prev text, stream_id text, revision bigint, global_position bigint, event_id uuid, type text, data jsonb, metadata jsonb)
    returns text language sql immutable parallel safe as $fn$
      select encode(sha256(convert_to(concat(
        length(prev), ':', prev, length(stream_id), ':', stream_id, revision, ':', global_position, ':', event_id,
        length(type), ':', type, length(data::text), ':', data::text, metadata::text
      ), 'UTF8')), 'hex')
    $fn$`.execute(db);
  // the running chain over the events of one append, seeded with the hash of the stream's last event
  await sql`
    create function rollcall_chain_step(state text, seed text, stream_id text, revision bigint, global_position bigint, event_id uuid, type text, data jsonb, metadata jsonb)
    returns text language sql immutable parallel safe as $fn$
      select rollcall_event_hash(coalesce(state, seed), stream_id, revision, global_position, event_id, type, data, metadata)
    $fn$`.execute(db);
  await sql`
    create aggregate rollcall_chain(seed text, stream_id text, revision bigint, global_position bigint, event_id uuid, type text, data jsonb, metadata jsonb) (
      sfunc = rollcall_chain_step, stype = text
    )`.execute(db);
  await sql`alter table events add column hash text`.execute(db);
  await sql`
    do $do$
    declare
      r record;
      prev text := '';
      stream text := null;
    begin
      for r in select global_position, stream_id, revision, event_id, type, data, metadata from events order by stream_id, revision loop
        if stream is distinct from r.stream_id then
          prev := '';
          stream := r.stream_id;
        end if;
        prev := rollcall_event_hash(prev, r.stream_id, r.revision, r.global_position, r.event_id, r.type, r.data, r.metadata);
        update events set hash = prev where global_position = r.global_position;
      end loop;
    end
    $do$`.execute(db);
  await sql`alter table events alter column hash set not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events drop column if exists hash`.execute(db);
  await sql`drop aggregate if exists rollcall_chain(text, text, bigint, bigint, uuid, text, jsonb, jsonb)`.execute(db);
  await sql`drop function if exists rollcall_chain_step(text, text, text, bigint, bigint, uuid, text, jsonb, jsonb)`.execute(db);
  await sql`drop function if exists rollcall_event_hash(text, text, bigint, bigint, uuid, text, jsonb, jsonb)`.execute(db);
}
