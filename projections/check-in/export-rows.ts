import type { CheckInFilters } from "../../modules/exports";
import { memberProgramNamesSql } from "../programs";

/** SQL a CSV export streams through a cursor (every column as text), and the statement counting its rows. */
export type ExportRowsSql = { text: string; values: unknown[]; countText: string; countValues: unknown[] };

/**
 * The check-in export's rows (spec-2 section 9's header): visits that began in [from, to] (whole days in
 * the time zone), oldest first. 'Program Registered' is the member's programs of the visit's day, the
 * one answer the board and the participant dialog give (memberProgramNamesSql, docs/decisions/038).
 * The contact columns (email, number) are left blank here: the worker fills them from the participants
 * projection's participantContactLookup (workers/exports/sources.ts). Then 'Picked up by', written by the
 * rule of `pickedUpByText` (modules/check-in/picked-up-by.ts, the board's): the adult's name with the
 * relationship in brackets when known, blank when nobody collected the child (still here, or 'NA'); and the
 * time zone the times and the date are in (docs/decisions/041).
 */
export function checkInExportRows(organizationId: string, f: CheckInFilters): ExportRowsSql {
  const where = `c.organization_id = $1::uuid and c.check_in_time >= ($3::date::timestamp at time zone $2) and c.check_in_time < (($4::date + 1)::timestamp at time zone $2)`;
  return {
    text: `
      select c.member_id, c.full_name, c.participant_id::text, '',
        to_char(c.check_in_time at time zone $2, 'HH12:MI am'),
        coalesce(to_char(c.check_out_time at time zone $2, 'HH12:MI am'), ''),
        to_char(c.check_in_time at time zone $2, 'MM/DD/YYYY'),
        ${memberProgramNamesSql("c.organization_id::text", "c.participant_id::text", "to_char(c.check_in_time at time zone $2, 'YYYY-MM-DD')")},
        case
          when c.check_out_time is null or coalesce(btrim(c.pick_up_name), '') in ('', 'NA') then ''
          when coalesce(btrim(c.pick_up_relationship), '') in ('', 'NA') then btrim(c.pick_up_name)
          else btrim(c.pick_up_name) || ' (' || btrim(c.pick_up_relationship) || ')'
        end,
        $2::text
      from rm_check_ins c
      where ${where}
      order by c.check_in_time, c.id`,
    values: [organizationId, f.timeZone, f.from, f.to],
    countText: `select count(*)::int as n from rm_check_ins c where ${where}`,
    countValues: [organizationId, f.timeZone, f.from, f.to],
  };
}
