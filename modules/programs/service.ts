import { commandIdOf, type Auth, type Services } from "../identity";
import { idFrom } from "../kernel";
import { programById, programList, programRoster } from "../../projections/programs";
import { waitForProjection } from "../../projections/runner";
import type { ProgramCommand, ProgramListQuery } from "./commands";
import { programNotFound } from "./decide";
import { handleProgramCommand, loadProgram } from "./handlers";

/** The generic success messages (spec-1 section 7) and the registration answers (decision 044). */
export const PROGRAM_TOASTS = {
  created: "Program successfully created",
  updated: "Program successfully updated",
  deleted: "Program successfully deleted",
  archived: "Program successfully archived",
  registered: "Registration successfully created",
  unregistered: "Registration successfully deleted",
  waitlisted: (position: number) => `The program is full: the participant is number ${position} on the waitlist.`,
} as const;

const metadataOf = (auth: Auth, commandId: string) => ({ commandId, organizationId: auth.organization.id, actorId: auth.user.id });

/** Handle, refuse as a DomainError, and wait until the programs read model shows the change (read your writes). */
async function run(services: Services, command: ProgramCommand) {
  const result = await handleProgramCommand({ store: services.store, clock: services.clock }, command);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "programs", { atLeast: position });
  return result;
}

const bodyKey = (body: unknown) => (body as { command_id?: unknown } | null)?.command_id;

/** The program of the caller's organization as the calls answer it; 404 for an unknown or foreign one. */
export async function programOf(services: Services, auth: Auth, programId: string | undefined) {
  const row = programId ? await programById(services.db, auth.organization.id, programId) : null;
  if (!row) throw programNotFound();
  return row;
}

/** The program just written, as the read model shows it; `{ id }` alone if the projector is still behind (3 s). */
const written = async (services: Services, auth: Auth, programId: string) => (await programById(services.db, auth.organization.id, programId)) ?? { id: programId };

/** GET /api/program */
export const programsOf = (services: Services, auth: Auth, query: ProgramListQuery) => programList(services.db, auth.organization.id, query);

/** POST /api/program: the program's id derives from the request's idempotency key, so a resend builds it once. */
export async function createProgramCall(services: Services, auth: Auth, body: unknown, request: Request) {
  const commandId = commandIdOf(auth, request, bodyKey(body));
  const programId = idFrom("program", auth.organization.id, commandId);
  await run(services, { type: "BuildProgram", data: { programId, organizationId: auth.organization.id, input: body, rules: {} }, metadata: metadataOf(auth, commandId) });
  return { message: PROGRAM_TOASTS.created, data: await written(services, auth, programId) };
}

/** PUT /api/program/{id}: every field, as the form sends them; a new schedule applies from today. */
export async function updateProgramCall(services: Services, auth: Auth, programId: string | undefined, body: unknown, request: Request) {
  const commandId = commandIdOf(auth, request, bodyKey(body));
  await run(services, { type: "EditProgram", data: { programId: programId ?? "", input: body, rules: {}, today: "" }, metadata: metadataOf(auth, commandId) });
  return { message: PROGRAM_TOASTS.updated, data: await written(services, auth, programId ?? "") };
}

/** POST /api/program/{id}/archive */
export async function archiveProgramCall(services: Services, auth: Auth, programId: string | undefined, body: unknown, request: Request) {
  const commandId = commandIdOf(auth, request, bodyKey(body));
  await run(services, { type: "ArchiveProgram", data: { programId: programId ?? "", today: "" }, metadata: metadataOf(auth, commandId) });
  return { message: PROGRAM_TOASTS.archived, data: await written(services, auth, programId ?? "") };
}

/** DELETE /api/program/{id}: only an unused program that has not started (decision 044). */
export async function deleteProgramCall(services: Services, auth: Auth, programId: string | undefined, request: Request) {
  const commandId = commandIdOf(auth, request);
  await run(services, { type: "DeleteProgram", data: { programId: programId ?? "", today: "" }, metadata: metadataOf(auth, commandId) });
  return { message: PROGRAM_TOASTS.deleted };
}

/** POST /api/program/{id}/copy: a new program with the source's definition and schedule, no registrations. */
export async function copyProgramCall(services: Services, auth: Auth, sourceId: string | undefined, body: { name?: string; command_id?: unknown }, request: Request) {
  const source = sourceId ? await loadProgram(services.store, sourceId) : null;
  if (!source || source.organizationId !== auth.organization.id) throw programNotFound();
  const commandId = commandIdOf(auth, request, body.command_id);
  const programId = idFrom("program", auth.organization.id, commandId);
  const d = source.details;
  const plan = source.plans[source.plans.length - 1];
  const input = {
    name: body.name ?? `Copy of ${d.name}`.slice(0, 120),
    description: d.description,
    type: d.type,
    activity_type: d.activityType,
    category_type: d.categoryType,
    age_category: d.ageCategory,
    age_min: d.ageMin,
    age_max: d.ageMax,
    genders: d.genders,
    members_limit: d.membersLimit,
    waitlist: d.waitlist,
    start_date: plan?.cycleStart,
    end_date: plan?.cycleEnd,
    sessions: (plan?.sessions ?? []).map((s) => ({ week_day: s.day, start_time: s.startTime, end_time: s.endTime })),
    location: d.location,
    coach_ids: d.coachIds,
    points_per_session: d.pointsPerSession,
  };
  await run(services, {
    type: "BuildProgram",
    data: { programId, organizationId: auth.organization.id, input, rules: {}, copiedFrom: source.programId },
    metadata: metadataOf(auth, commandId),
  });
  return { message: PROGRAM_TOASTS.created, data: await written(services, auth, programId) };
}

/** GET /api/program/{id}/registration: who is registered and who waits, in order (ids). */
export async function programRosterOf(services: Services, auth: Auth, programId: string | undefined) {
  await programOf(services, auth, programId);
  const roster = await programRoster(services.db, auth.organization.id, programId ?? "");
  return { data: roster.registered, count: roster.registered.length, waitlist: roster.waitlist };
}

/** POST /api/program/{id}/registration: registered, or on the waitlist with its number when full. */
export async function registerCall(services: Services, auth: Auth, programId: string | undefined, body: { participant_id: string; command_id?: unknown }, request: Request) {
  const commandId = commandIdOf(auth, request, body.command_id);
  const result = await run(services, {
    type: "RegisterParticipantToProgram",
    data: { programId: programId ?? "", participantId: body.participant_id },
    metadata: metadataOf(auth, commandId),
  });
  if (result.events.some((e) => e.type === "ParticipantWaitlistedForProgram")) {
    const position = result.state.status === "created" ? result.state.waitlist.indexOf(body.participant_id) + 1 : 0;
    return { message: PROGRAM_TOASTS.waitlisted(position), data: { participant_id: body.participant_id, status: "waitlisted", position } };
  }
  return { message: PROGRAM_TOASTS.registered, data: { participant_id: body.participant_id, status: "registered" } };
}

/** DELETE /api/program/{id}/registration/{participantId}: off the list or off the waitlist; the first waiting takes a freed place. */
export async function unregisterCall(services: Services, auth: Auth, programId: string | undefined, participantId: string | undefined, request: Request) {
  const commandId = commandIdOf(auth, request);
  const result = await run(services, {
    type: "UnregisterParticipantFromProgram",
    data: { programId: programId ?? "", participantId: participantId ?? "" },
    metadata: metadataOf(auth, commandId),
  });
  const promoted = result.events.filter((e) => e.type === "ParticipantPromotedFromWaitlist").map((e) => e.data.participantId);
  return { message: PROGRAM_TOASTS.unregistered, promoted };
}
