import { sql, type Kysely } from "kysely";
import type { PositionRange } from "../runner";

/** What String.prototype.trim removes (the projector writes full_name with it): btrim's set of characters. */
const JS_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

/**
 * The board's rebuild in PostgreSQL (decision 122): what `apply` makes of the check-ins and check-outs with
 * positions in `range`, computed from the events table's jsonb in one statement, the events never leaving the
 * server. Runs with the shadow schema first on the search path, range after range in position order. The
 * range's check-ins and check-outs are read once and grouped by visit (sorted by visit and position), then:
 *  - `upd`: a visit already on the board (checked in by an earlier range) gets the range's last check-out of it,
 *    as the projector's updates in order leave it. Only rows from before the statement are seen by it;
 *  - `ins`: a new visit (the first check-in of its id, as `on conflict do nothing` keeps it) is written with
 *    the range's last check-out of it when that comes after the check-in (an earlier one found no row).
 * AssetRegistered changes no row (it republishes), so it is not read.
 */
export async function rebuildCheckInsInSql(db: Kysely<unknown>, { after, through, visible }: PositionRange): Promise<void> {
  // the sort of a range's visits in memory (a range of 200,000 positions sorts ~75 MB); the look-ups of `upd` by
  // primary key: a hash join would read the whole (growing) board every range
  await sql`set local work_mem = '160MB'`.execute(db);
  await sql`set local enable_hashjoin = off`.execute(db);
  await sql`set local enable_mergejoin = off`.execute(db);
  const out = sql`out_p > in_p`;
  await sql`
    with g as materialized (
      select id, min(p) filter (where is_in) as in_p, max(p) filter (where not is_in) as out_p,
             (array_agg(data) filter (where is_in))[1] as ci, (array_agg(at) filter (where is_in))[1] as in_at,
             (array_agg(data) filter (where not is_in))[cardinality(array_agg(data) filter (where not is_in))] as co,
             (array_agg(at) filter (where not is_in))[cardinality(array_agg(at) filter (where not is_in))] as out_at
        from (select global_position as p, type = 'MemberCheckedIn' as is_in, (data->>'checkInId')::uuid as id, data,
                     (metadata->>'occurredAt')::timestamptz as at
                from events
               where global_position > ${after} and global_position <= ${through} and ${visible}
                 and type in ('MemberCheckedIn', 'MemberCheckedOut')
               order by 3, 1) as ev
       group by id
    ), upd as (
      update rm_check_ins set check_out_time = (g.co->>'checkOutTime')::timestamptz, pick_up_name = g.co->>'pickUpName',
             pick_up_contact_number = g.co->>'pickUpContactNumber', pick_up_relationship = g.co->>'pickUpRelationship', updated_at = g.out_at
        from g
       where g.out_p is not null and rm_check_ins.id = g.id
      returning 1
    ), ins as (
      insert into rm_check_ins (id, organization_id, participant_id, member_id, first_name, last_name, full_name, check_in_time, source, security_code,
                                check_out_time, pick_up_name, pick_up_contact_number, pick_up_relationship, updated_at)
      select id, (ci->>'organizationId')::uuid, (ci->>'participantId')::uuid, ci->>'memberId', ci->>'firstName', ci->>'lastName',
             btrim((ci->>'firstName') || ' ' || (ci->>'lastName'), ${JS_WHITESPACE}), (ci->>'checkInTime')::timestamptz, ci->>'source', ci->>'securityCode',
             case when ${out} then (co->>'checkOutTime')::timestamptz end, case when ${out} then co->>'pickUpName' end,
             case when ${out} then co->>'pickUpContactNumber' end, case when ${out} then co->>'pickUpRelationship' end,
             case when ${out} then out_at else in_at end
        from g
       where in_p is not null
      on conflict (id) do nothing
      returning 1
    )
    select (select count(*) from upd) as updated, (select count(*) from ins) as inserted`.execute(db);
  // the rest of the transaction (the rebuild's count of the range) plans as usual
  await sql`set local enable_hashjoin = on`.execute(db);
  await sql`set local enable_mergejoin = on`.execute(db);
}
