import { z } from "zod";
import { flagMember, flagTypeSchema, unflagMember, type FlagResult } from "#modules/flags";
import { DomainError, isUuid, newId } from "#modules/kernel";
import { participantFlags } from "#projections/flags";
import { participantIdIn } from "#projections/participants";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";
import { commandMetadataOf } from "#modules/identity";

export const FLAG_TOASTS = { Flag: "Participant flagged successfully", Unflag: "Participant successfully unflagged" } as const;

const userId = z.string({ error: "User ID is required" }).trim().min(1, { error: "User ID is required" });

/** POST /api/note/flag (spec-2 section 7); the message is checked by the module ('Message is required'). */
export const flagRequestSchema = z.object({
  user_id: userId,
  message: z.unknown().optional(),
  type: flagTypeSchema,
  action: z.enum(["Flag", "Unflag"], { error: "Action must be Flag or Unflag" }),
});

export const flagQuerySchema = z.object({
  participant_id: z.string({ error: "Participant is required" }).trim().min(1, { error: "Participant is required" }),
  type: flagTypeSchema.optional(),
});

const unwrap = (result: FlagResult) => {
  if (!result.ok) throw result.error;
  return Math.max(0, ...result.events.map((e) => e.position));
};

/** Raise or resolve a flag; another organization's participant is not found (404). */
export async function postFlag(services: AppServices, auth: Auth, request: Request, body: unknown) {
  const input = flagRequestSchema.parse(body);
  const deps = { store: services.store, clock: services.clock };
  const metadata = commandMetadataOf(auth, request);
  const message = input.message as string;
  const position =
    input.action === "Flag"
      ? unwrap(
          await flagMember(deps, {
            type: "FlagMember",
            data: { flagId: newId(), participantId: input.user_id, type: input.type, message, flaggedByName: `${auth.user.firstName} ${auth.user.lastName}`.trim() },
            metadata,
          }),
        )
      : unwrap(await unflagMember(deps, { type: "UnflagMember", data: { participantId: input.user_id, type: input.type, message }, metadata }));
  return { message: FLAG_TOASTS[input.action], position };
}

/** GET /api/note/flag/user?participant_id&type: the participant's flags (active and resolved), newest first. */
export async function userFlags(services: AppServices, auth: Auth, url: URL) {
  const query = flagQuerySchema.parse({ participant_id: url.searchParams.get("participant_id") ?? undefined, type: url.searchParams.get("type") || undefined });
  // a participant id is a uuid: anything else names no one (and would make PostgreSQL refuse the query)
  const participantId = isUuid(query.participant_id) ? await participantIdIn(services.db, auth.organization.id, query.participant_id) : undefined;
  if (!participantId) throw new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
  const data = await participantFlags(services.db, auth.organization.id, participantId, query.type);
  return { data, count: data.length };
}
