import { commandIdOf, type Auth, type Services } from "../identity";
import { validationError } from "../kernel";
import { loadParticipantByMemberId } from "../participants";
import { waitForProjection } from "../../projections/runner";
import { dropInBody, type AttendanceBody } from "./attendance-commands";
import { attendanceParticipantNotFound } from "./attendance-decide";
import { handleAttendanceCommand } from "./attendance-handlers";
import { pathOf } from "./attendance-reads";

export const ATTENDANCE_TOASTS = { updated: "Attendance successfully updated", dropIn: "Drop-in successfully created" } as const;

const metadataOf = (auth: Auth, request: Request, key: unknown) => ({ commandId: commandIdOf(auth, request, key), organizationId: auth.organization.id, actorId: auth.user.id });

async function settled(services: Services, positions: number[]) {
  const position = Math.max(0, ...positions);
  if (position > 0) await waitForProjection(services, "program-attendance", { atLeast: position });
}

/** PUT /api/program/{id}/session/{date}/{start}/attendance: the marks of one command, all or nothing. */
export async function markAttendanceCall(services: Services, auth: Auth, programId: string | undefined, params: { date?: string; start?: string }, body: AttendanceBody, request: Request) {
  const { date, start } = pathOf(params);
  const result = await handleAttendanceCommand(services, {
    type: "MarkAttendance",
    data: { programId: programId ?? "", date, startTime: start, input: body, facts: { organizationId: "", today: "", plans: [], archivedOn: null, registered: [], inOrganization: [] } },
    metadata: metadataOf(auth, request, body.command_id),
  });
  if (!result.ok) throw result.error;
  await settled(services, result.events.map((e) => e.position));
  return { message: ATTENDANCE_TOASTS.updated, updated: result.events.length };
}

/** POST /api/program/{id}/session/{date}/{start}/drop-in: a participant (by id or Member ID) joins this session only. */
export async function addDropInCall(services: Services, auth: Auth, programId: string | undefined, params: { date?: string; start?: string }, body: unknown, request: Request) {
  const { date, start } = pathOf(params);
  const parsed = dropInBody.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  let participantId = parsed.data.participant_id ?? "";
  if (!participantId && parsed.data.member_id) {
    const found = await loadParticipantByMemberId(services.store, parsed.data.member_id);
    if (!found || found.organizationId !== auth.organization.id) throw attendanceParticipantNotFound();
    participantId = found.participantId;
  }
  const result = await handleAttendanceCommand(services, {
    type: "AddDropIn",
    data: { programId: programId ?? "", date, startTime: start, participantId, facts: { organizationId: "", today: "", plans: [], archivedOn: null, registered: [], inOrganization: [] } },
    metadata: metadataOf(auth, request, parsed.data.command_id),
  });
  if (!result.ok) throw result.error;
  await settled(services, result.events.map((e) => e.position));
  return { message: ATTENDANCE_TOASTS.dropIn, data: { participant_id: participantId, drop_in: true } };
}
