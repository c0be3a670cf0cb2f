import { sql } from "kysely";

/** The participants registered in a program the coach coaches (rm_programs.coach_ids), as a condition on rm_participants. */
export const coachedBy = (organizationId: string, coachId: string) =>
  sql<boolean>`rm_participants.id::text in (
    select r.participant_id from rm_program_registrations r join rm_programs p on p.id = r.program_id
    where r.organization_id = ${organizationId} and p.organization_id = ${organizationId} and ${coachId}::text = any(p.coach_ids))`;

/**
 * The same condition as SQL text for a statement written with positional parameters (the participant
 * export's cursor, decision 070): `participantId` (an rm_participants id column) registered in a
 * program of `organization` (an expression of the organization's id, like `$1::uuid`: one parameter cast
 * to both uuid and text directly is refused) whose coaches hold `coachParam`.
 */
export const coachedByText = (participantId: string, organization: string, coachParam: string) =>
  `${participantId}::text in (
    select r.participant_id from rm_program_registrations r join rm_programs g on g.id = r.program_id
    where r.organization_id = ${organization}::text and g.organization_id = ${organization}::text and ${coachParam}::text = any(g.coach_ids))`;
