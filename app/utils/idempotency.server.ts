import { idempotencyKeyFrom, idFrom, newId, type CommandMetadata } from "#modules/kernel";

type Sender = { user: { id: string }; organization: { id: string } };

/**
 * The command id of a state-changing call (decision 028), the one reader of idempotency keys: the
 * Idempotency-Key header, else the body's command_id, at most 128 characters (400 beyond). The id is
 * the key scoped to the signed-in user and organization, so the same user resending gets the first
 * result while another user's same key is another command. No key: a new id.
 */
export function commandIdOf(auth: Sender, request: Request, bodyKey?: unknown): string {
  const key = idempotencyKeyFrom(request.headers.get("idempotency-key"), bodyKey);
  return key === null ? newId() : idFrom("idempotency-key", auth.organization.id, auth.user.id, key);
}

/** The metadata of a command sent by the signed-in user, its id from commandIdOf. */
export function commandMetadataOf(auth: Sender, request: Request, bodyKey?: unknown): CommandMetadata & { organizationId: string } {
  return { commandId: commandIdOf(auth, request, bodyKey), organizationId: auth.organization.id, actorId: auth.user.id };
}
