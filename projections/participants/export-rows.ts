import type { ParticipantFilters } from "../../modules/exports";
import { HOUSEHOLD_INCOME_OPTIONS } from "../../modules/participants";
import { coachedByText } from "./assigned";

/** SQL a CSV export streams through a cursor (every column as text), and the statement counting its rows. */
type ExportRowsSql = { text: string; values: unknown[]; countText: string; countValues: unknown[] };

const like = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Each participant of the organization by id (the first column): contact email and contact number,
 * joined into the check-in export's rows in the worker. Loaded once per export (thousands of
 * participants, not millions of rows). The programs column is the visit day's answer of the programs
 * projection (memberProgramNamesSql, docs/decisions/038), in the check-in rows' own statement.
 */
export function participantContactLookup(organizationId: string): { text: string; values: unknown[] } {
  return {
    text: `
        select p.id::text, p.email, p.phone_number
        from rm_participants p where p.organization_id = $1::uuid`,
    values: [organizationId],
  };
}

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The household income's letter as the spec's label (spec-1 section 9), a letter not listed as it is. A
 * function, not a constant: this file loads while the participants module (which imports the projection) still does.
 */
const householdIncomeLabel = () => `case p.details->>'householdIncome' ${HOUSEHOLD_INCOME_OPTIONS.map((o) => `when ${quoted(o.value)} then ${quoted(o.label)}`).join(" ")} else coalesce(p.details->>'householdIncome', '') end`;

/**
 * The participant export's rows: the report fields, the status reason and the profile's further answers
 * (decision 070), filtered as /participant_report is (statuses, search; and for 'View assigned only'
 * staff, `assignedTo`: the participants of the programs they coach), newest first. 'Flagged' reads the
 * flags projection's rm_flags in the same statement: a read across two contexts, kept here only
 * (docs/decisions/033). The last column names the time zone the created date and the age are taken in
 * (docs/decisions/041).
 */
export function participantExportRows(organizationId: string, f: ParticipantFilters, assignedTo?: string): ExportRowsSql {
  const values: unknown[] = [organizationId, f.timeZone];
  let where = `p.organization_id = $1::uuid`;
  if (f.statuses.length > 0) {
    values.push(f.statuses);
    where += ` and p.status = any($${values.length}::text[])`;
  }
  if (f.search) {
    values.push(like(f.search));
    const n = values.length;
    where += ` and (p.first_name ilike $${n} or p.last_name ilike $${n} or p.member_id ilike $${n} or p.full_name ilike $${n})`;
  }
  if (assignedTo !== undefined) {
    values.push(assignedTo);
    where += ` and ${coachedByText("p.id", "$1::uuid", `$${values.length}`)}`;
  }
  const countValues = values.filter((_, i) => i !== 1);
  const countWhere = where.replace(/\$(\d+)/g, (_, d: string) => `$${Number(d) > 2 ? Number(d) - 1 : d}`);
  return {
    text: `
      select p.member_id, p.first_name, p.last_name, p.status, coalesce(p.status_reason, ''),
        case when p.dob ~ '^\\d{4}-\\d{2}-\\d{2}$' then to_char(p.dob::date, 'MM/DD/YYYY') else '' end,
        case when p.dob ~ '^\\d{4}-\\d{2}-\\d{2}$' then date_part('year', age((now() at time zone $2)::date, p.dob::date))::int::text else '' end,
        p.gender, coalesce(p.details->>'pronouns', ''),
        p.email, p.phone_number, p.contact_name, p.preferred_contact, p.address,
        coalesce(p.details->>'postalCode', ''), coalesce(p.details->>'province', ''),
        case when p.school_not_applicable then 'Not applicable' else p.school_name end,
        array_to_string(p.medical_conditions, ', '),
        p.pick_up_permission,
        ${householdIncomeLabel()},
        coalesce(p.details->>'birthplace', ''),
        case when jsonb_typeof(p.details->'programmeInterest') = 'array'
          then (select coalesce(string_agg(i, ', '), '') from jsonb_array_elements_text(p.details->'programmeInterest') i) else '' end,
        coalesce(p.details->>'howHeard', ''),
        case when p.is_waiver_signed then 'Yes' else 'No' end,
        case when exists (select 1 from rm_flags f where f.organization_id = p.organization_id::text and f.participant_id = p.id::text and f.status = 'Active') then 'Yes' else 'No' end,
        to_char(p.created_date at time zone $2, 'MM/DD/YYYY'),
        $2::text
      from rm_participants p
      where ${where}
      order by p.created_date desc, p.id desc`,
    values,
    countText: `select count(*)::int as n from rm_participants p where ${countWhere}`,
    countValues,
  };
}
