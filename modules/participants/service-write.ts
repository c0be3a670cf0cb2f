import { commandIdOf, PERMISSIONS as P, type Auth, type Services } from "../identity";
import { idFrom, isUuid, validationError, type CommandMetadata } from "../kernel";
import { timeZoneOf, todayIn } from "../organizations";
import { registeredFileUrl } from "../uploads";
import { participantById } from "../../projections/participants";
import { waitForProjection } from "../../projections/runner";
import { assignedCoachOf } from "./assigned";
import { participantNotFound } from "./decide";
import { handleParticipantCommand, loadParticipant, registerParticipant, type ParticipantResult } from "./handlers";
import { formValuesOf, participantFormSchema, profileOfForm, type ParticipantFormRules, type ParticipantFormValues } from "./participant-form";
import { participantDetailOf } from "./service-detail";

/** The toasts of the create and edit calls (spec-1 section 7's '{Entity} successfully created'). */
export const PARTICIPANT_TOASTS = {
  created: "Participant successfully created",
  updated: "Participant successfully updated",
} as const;

/** Who may create and edit participants: 'Create participant profiles' (the kiosk's permissions never hold it). */
export const mayManageParticipants = (auth: Auth) => auth.user.permissionIds.includes(P.CAN_CREATE_PARTICIPANT_PROFILE);

/** The organization's form rules: its registration_fields and today in its time zone. */
export function participantFormRulesOf(services: Services, auth: Auth): ParticipantFormRules {
  const settings = auth.organization.settings;
  return { fields: settings.registration_fields, today: todayIn(timeZoneOf(settings), services.clock.now()) };
}

function parseForm(rules: ParticipantFormRules, body: unknown): ParticipantFormValues {
  const parsed = participantFormSchema(rules).safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const bodyKey = (body: unknown) => (body as { command_id?: unknown } | null)?.command_id;
const metadataOf = (auth: Auth, commandId: string): CommandMetadata => ({ commandId, organizationId: auth.organization.id, actorId: auth.user.id });

/** Throws the refusal; waits until the list shows what was written. */
async function settle(services: Services, ...results: ParticipantResult[]) {
  for (const result of results) if (!result.ok) throw result.error;
  const position = Math.max(0, ...results.flatMap((r) => (r.ok ? r.events.map((e) => e.position) : [])));
  if (position > 0) await waitForProjection(services, "participants", { atLeast: position });
}

/**
 * POST /api/participant and the list's create form: a new participant of the caller's organization, with
 * a new Member ID. The id derives from the idempotency key (or the form's command_id): a resend creates once.
 */
export async function createParticipantCall(services: Services, auth: Auth, body: unknown, request: Request) {
  const rules = participantFormRulesOf(services, auth);
  const form = parseForm(rules, body);
  const commandId = commandIdOf(auth, request, bodyKey(body));
  const organizationId = auth.organization.id;
  const participantId = idFrom("participant", organizationId, commandId);
  const result = await registerParticipant(
    { store: services.store, clock: services.clock },
    { ...profileOfForm(form, rules.fields), organizationId, participantId, status: form.status, statusReason: form.status_reason },
    metadataOf(auth, commandId),
  );
  await settle(services, result);
  return { message: PARTICIPANT_TOASTS.created, data: await participantDetailOf(services, auth, participantId) };
}

/**
 * PUT /api/participant/{id} and the list's edit form: every field of the form, and the status with its
 * reason. Another organization's participant (or, for 'View assigned only', one the caller does not
 * coach) is 404 before the body is looked at. Fields the organization does not ask for, the parent link
 * and, when not sent, the pick-up contacts stay as they were.
 */
export async function updateParticipantCall(services: Services, auth: Auth, id: string | undefined, body: unknown, request: Request) {
  const organizationId = auth.organization.id;
  if (!id || !isUuid(id) || !(await participantById(services.db, organizationId, id, assignedCoachOf(auth)))) throw participantNotFound();
  const state = await loadParticipant(services.store, id);
  if (!state || state.organizationId !== organizationId) throw participantNotFound();
  const rules = participantFormRulesOf(services, auth);
  const form = parseForm(rules, body);
  const commandId = commandIdOf(auth, request, bodyKey(body));
  const deps = { store: services.store, clock: services.clock };
  const updated = await handleParticipantCommand(deps, { type: "UpdateParticipant", data: { participantId: id, ...profileOfForm(form, rules.fields, state) }, metadata: metadataOf(auth, commandId) });
  if (!updated.ok) throw updated.error;
  const status = await handleParticipantCommand(deps, {
    type: "ChangeParticipantStatus",
    data: { participantId: id, status: form.status, reason: form.status_reason },
    metadata: metadataOf(auth, idFrom("participant-status", organizationId, commandId)),
  });
  await settle(services, updated, status);
  return { message: PARTICIPANT_TOASTS.updated, data: await participantDetailOf(services, auth, id) };
}

/**
 * The list's edit panel (`?edit=new|{id}`): 'new', an existing participant's form values, or null (no
 * permission, no such participant here, or one 'View assigned only' hides).
 */
export async function participantEditingOf(services: Services, auth: Auth, edit: string | null) {
  if (!edit || !mayManageParticipants(auth)) return null;
  if (edit === "new") return "new" as const;
  const organizationId = auth.organization.id;
  if (!isUuid(edit) || !(await participantById(services.db, organizationId, edit, assignedCoachOf(auth)))) return null;
  const state = await loadParticipant(services.store, edit);
  if (!state || state.organizationId !== organizationId) return null;
  // the photo: the upload flow's, saved apart from the form (decision 058's way)
  const photoUrl = await registeredFileUrl(services, organizationId, "participant", state.participantId);
  return { id: state.participantId, full_name: `${state.firstName} ${state.lastName}`.trim(), values: formValuesOf(state), photo_url: photoUrl };
}
