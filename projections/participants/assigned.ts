import { sql } from "kysely";

/** The participants registered in a program the coach coaches (rm_programs.coach_ids), as a condition on rm_participants. */
export const coachedBy = (organizationId: string, coachId: string) =>
  sql<boolean>`rm_participants.id::text in (
    select r.participant_id from rm_program_registrations r join rm_programs p on p.id = r.program_id
    where r.organization_id = ${organizationId} and p.organization_id = ${organizationId} and ${coachId}::text = any(p.coach_ids))`;
