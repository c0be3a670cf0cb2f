import { sql, type Kysely } from "kysely";
import type { PositionRange } from "../runner";

/** What String.prototype.trim removes (the projector writes full_name with it): btrim's set of characters. */
const JS_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

/**
 * The board's rebuild in PostgreSQL (decision 122): what `apply` makes of the check-ins and check-outs with
 * positions in `range`, computed from the events table's jsonb in two statements, the events never leaving
 * the server. Runs with the shadow schema first on the search path, range after range in position order:
 *  1. check-outs of visits already on the board (checked in by an earlier range): the range's last check-out
 *     of each is written over the row, as the projector's updates in order leave it;
 *  2. the range's new visits (the first check-in of each id, as `on conflict do nothing` keeps it), each with
 *     the range's last check-out of it that comes after the check-in (an earlier one found no row to update).
 * AssetRegistered changes no row (it republishes), so it is not read. Returns nothing: the rows are the result.
 */
export async function rebuildCheckInsInSql(db: Kysely<unknown>, { after, through, visible }: PositionRange): Promise<void> {
  const inRange = sql`global_position > ${after} and global_position <= ${through} and ${visible}`;
  const checkOuts = sql`select distinct on (data->>'checkInId') (data->>'checkInId')::uuid as id, global_position as position,
        (data->>'checkOutTime')::timestamptz as check_out_time, data->>'pickUpName' as pick_up_name,
        data->>'pickUpContactNumber' as pick_up_contact_number, data->>'pickUpRelationship' as pick_up_relationship,
        (metadata->>'occurredAt')::timestamptz as updated_at
      from events where ${inRange} and type = 'MemberCheckedOut'
     order by data->>'checkInId', global_position desc`;
  // a few thousand look-ups by primary key: a hash join would read the whole (growing) board every range
  await sql`set local enable_hashjoin = off`.execute(db);
  await sql`set local enable_mergejoin = off`.execute(db);
  await sql`
    update rm_check_ins set check_out_time = v.check_out_time, pick_up_name = v.pick_up_name,
           pick_up_contact_number = v.pick_up_contact_number, pick_up_relationship = v.pick_up_relationship, updated_at = v.updated_at
      from (${checkOuts}) as v
     where rm_check_ins.id = v.id`.execute(db);
  await sql`set local enable_hashjoin = on`.execute(db);
  await sql`set local enable_mergejoin = on`.execute(db);
  await sql`
    insert into rm_check_ins (id, organization_id, participant_id, member_id, first_name, last_name, full_name, check_in_time, source, security_code,
                              check_out_time, pick_up_name, pick_up_contact_number, pick_up_relationship, updated_at)
    select i.id, i.organization_id, i.participant_id, i.member_id, i.first_name, i.last_name,
           btrim(i.first_name || ' ' || i.last_name, ${JS_WHITESPACE}), i.check_in_time, i.source, i.security_code,
           o.check_out_time, o.pick_up_name, o.pick_up_contact_number, o.pick_up_relationship, coalesce(o.updated_at, i.updated_at)
      from (select distinct on (data->>'checkInId') (data->>'checkInId')::uuid as id, global_position as position,
                   (data->>'organizationId')::uuid as organization_id, (data->>'participantId')::uuid as participant_id,
                   data->>'memberId' as member_id, data->>'firstName' as first_name, data->>'lastName' as last_name,
                   (data->>'checkInTime')::timestamptz as check_in_time, data->>'source' as source, data->>'securityCode' as security_code,
                   (metadata->>'occurredAt')::timestamptz as updated_at
              from events where ${inRange} and type = 'MemberCheckedIn'
             order by data->>'checkInId', global_position) as i
      left join (${checkOuts}) as o on o.id = i.id and o.position > i.position
    on conflict (id) do nothing`.execute(db);
}
