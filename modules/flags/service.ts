import { commandMetadataOf, type Auth, type Services } from "../identity";
import { DomainError, isUuid, newId } from "../kernel";
import { activeFlags, flaggedMembers, participantFlags } from "../../projections/flags";
import { participantIdIn } from "../../projections/participants";
import type { FlagRequestBody, FlagUserQuery } from "./commands";
import { flagMember, unflagMember, type FlagResult } from "./handlers";

export const FLAG_TOASTS = { Flag: "Participant flagged successfully", Unflag: "Participant successfully unflagged" } as const;

const positionOf = (result: FlagResult) => {
  if (!result.ok) throw result.error;
  return Math.max(0, ...result.events.map((e) => e.position));
};

/** POST /api/note/flag: raise or resolve a flag; another organization's participant is not found (404). */
export async function flagOrUnflag(services: Services, auth: Auth, input: FlagRequestBody, request: Request) {
  const deps = { store: services.store, clock: services.clock };
  const metadata = commandMetadataOf(auth, request);
  const message = input.message as string;
  const position =
    input.action === "Flag"
      ? positionOf(
          await flagMember(deps, {
            type: "FlagMember",
            data: { flagId: newId(), participantId: input.user_id, type: input.type, message, flaggedByName: `${auth.user.firstName} ${auth.user.lastName}`.trim() },
            metadata,
          }),
        )
      : positionOf(await unflagMember(deps, { type: "UnflagMember", data: { participantId: input.user_id, type: input.type, message }, metadata }));
  return { message: FLAG_TOASTS[input.action], position };
}

/** GET /api/note/flag/user?participant_id&type: the participant's flags (active and resolved), newest first. */
export async function userFlags(services: Services, auth: Auth, query: FlagUserQuery) {
  // a participant id is a uuid: anything else names no one (and would make PostgreSQL refuse the query)
  const participantId = isUuid(query.participant_id) ? await participantIdIn(services.db, auth.organization.id, query.participant_id) : undefined;
  if (!participantId) throw new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
  const data = await participantFlags(services.db, auth.organization.id, participantId, query.type);
  return { data, count: data.length };
}

/** /user/flagged (Flagged Members): the organization's members with an active flag, newest first. */
export const flaggedMembersOf = (services: Services, auth: Auth) => flaggedMembers(services.db, auth.organization.id);

/**
 * The participant header's flag badges (decision 037): which types are active, not their reasons (the
 * Notes tab has those).
 */
export async function headerFlagsOf(services: Pick<Services, "db">, organizationId: string, participantId: string): Promise<{ stop: boolean; warn: boolean }> {
  const active = await activeFlags(services.db, organizationId, participantId);
  return { stop: active.some((f) => f.type === "stop"), warn: active.some((f) => f.type === "warn") };
}
