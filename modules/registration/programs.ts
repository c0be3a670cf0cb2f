import type { Auth, Services } from "../identity";
import { DomainError } from "../kernel";
import { todayIn } from "../organizations";
import { loadProgram, programNotFound, programRulesOf, registerCall, unregisterCall } from "../programs";
import { placesOfParticipant, programOptions } from "../../projections/programs";
import type { SelfProgramRegistrationBody } from "./commands";
import { registrableOf, registrantsOf } from "./family";

export const programNotOpen = () => new DomainError("PROGRAM_NOT_OPEN", "This program does not take registrations here: ask a staff member.", 409);
export const programEnded = () => new DomainError("PROGRAM_ENDED", "This program has ended.", 409);

/** The organization's program settings the registration page reads: cycle, subtitle, today in its zone. */
function programSettingsOf(services: Services, auth: Auth) {
  const all = programRulesOf(auth.organization);
  const rules = { cycleStart: all.cycleStart ?? null, cycleEnd: all.cycleEnd ?? null, maxPrograms: all.maxPrograms, timeZone: all.timeZone };
  const today = todayIn(rules.timeZone, services.clock.now());
  const subtitle = auth.organization.settings.features.program.register_subtitle ?? "";
  return { rules, today, subtitle, closed: rules.cycleEnd !== null && today > rules.cycleEnd };
}

/**
 * GET /api/program/registration/options (decision 052): the programs open for registration this cycle
 * (counts, never other members), the participants the caller may register, the subtitle and the cycle.
 * After the cycle's end nothing is open (`closed`).
 */
export async function programOptionsCall(services: Services, auth: Auth) {
  const participants = await registrantsOf(services, auth);
  const { rules, today, subtitle, closed } = programSettingsOf(services, auth);
  const data = closed ? [] : await programOptions(services.db, auth.organization.id, { today, cycleStart: rules.cycleStart, cycleEnd: rules.cycleEnd });
  return {
    data,
    count: data.length,
    participants,
    subtitle,
    cycle: { start: rules.cycleStart, end: rules.cycleEnd },
    closed,
    max_no_of_programs: rules.maxPrograms,
    time_zone: rules.timeZone,
  };
}

/** GET /api/program/registration/participant/{id}: the participant's places (registered, or waiting with their number). */
export async function participantProgramsCall(services: Services, auth: Auth, participantId: string | undefined) {
  const participant = await registrableOf(services, auth, participantId);
  const { today } = programSettingsOf(services, auth);
  const data = await placesOfParticipant(services.db, auth.organization.id, participant.id, today);
  return { participant, data, count: data.length };
}

/**
 * POST /api/program/registration/participant/{id}: the staff call's decider (capacity, waitlist,
 * eligibility, the cycle's limit, no double registration), the caller recorded as the actor. Only a
 * program open for registration (not drop-in, not a decision-009 program, not ended); another
 * organization's program is 404.
 */
export async function selfRegisterToProgram(services: Services, auth: Auth, participantId: string | undefined, body: SelfProgramRegistrationBody, request: Request) {
  const participant = await registrableOf(services, auth, participantId);
  const program = await loadProgram(services.store, body.program_id);
  if (!program || program.organizationId !== auth.organization.id) throw programNotFound();
  if (program.legacy || program.details.type === "dropin") throw programNotOpen();
  const { today } = programSettingsOf(services, auth);
  const last = program.plans[program.plans.length - 1];
  if (last && last.cycleEnd < today) throw programEnded();
  const answer = await registerCall(services, auth, program.programId, { participant_id: participant.id, command_id: body.command_id }, request);
  return { ...answer, data: { ...answer.data, program_id: program.programId } };
}

/** DELETE /api/program/registration/participant/{id}/{programId}: off the list or off the waitlist; the first waiting takes the place. */
export async function selfWithdrawFromProgram(services: Services, auth: Auth, participantId: string | undefined, programId: string | undefined, request: Request) {
  const participant = await registrableOf(services, auth, participantId);
  const answer = await unregisterCall(services, auth, programId, participant.id, request);
  // who was promoted is another family's business: the answer says only that it is done
  return { message: answer.message };
}
