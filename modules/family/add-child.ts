import { commandIdOf, roleFlags, type Auth, type Services } from "../identity";
import { DomainError, idFrom, validationError } from "../kernel";
import { timeZoneOf, todayIn } from "../organizations";
import { registerParticipant } from "../participants";
import { waitForProjection } from "../../projections/runner";
import { addChildSchema, CHILD_ADDED, DOB_IN_FUTURE } from "./add-child-schema";

const onlyParents = () => new DomainError("FORBIDDEN", "Only a parent can add a child.", 403);

/**
 * 'Add a child' (decision 064): a parent registers a new participant of their organization with
 * themselves as its parent (so its first guardian): name, date of birth (not after the organization's
 * today), gender, pick-up permission, school (none: not applicable). The primary contact is the parent.
 * The waiver is theirs to sign next, from the home page. Returns the message and the new child's id.
 */
export async function addChildCall(services: Services, auth: Auth, body: unknown, request: Request) {
  if (!roleFlags({ level: auth.user.roleLevel, roleName: auth.user.roleName }).isParent) throw onlyParents();
  const parsed = addChildSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error) as DomainError;
  const input = parsed.data;
  if (input.dob > todayIn(timeZoneOf(auth.organization.settings), services.clock.now())) {
    throw new DomainError("VALIDATION", DOB_IN_FUTURE, 400, { fieldErrors: { dob: [DOB_IN_FUTURE] } });
  }
  const commandId = commandIdOf(auth, request, (body as { command_id?: unknown } | null)?.command_id);
  const participantId = idFrom("parent-added-child", auth.organization.id, commandId);
  const school = input.school_name ?? "";
  const result = await registerParticipant(
    services,
    {
      organizationId: auth.organization.id,
      participantId,
      firstName: input.first_name,
      lastName: input.last_name,
      dob: input.dob,
      gender: input.gender,
      pickUpPermission: input.pick_up_permission,
      schoolName: school,
      schoolNotApplicable: school === "",
      contactName: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
      email: auth.user.email,
      parentId: auth.user.id,
    },
    { commandId, organizationId: auth.organization.id, actorId: auth.user.id },
  );
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await Promise.all(["participants", "guardians"].map((name) => waitForProjection(services, name, { atLeast: position })));
  return { message: CHILD_ADDED, id: participantId };
}
