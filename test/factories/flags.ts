import { flagMember, type FlagType } from "../../modules/flags";
import { idFrom, type Clock, type EventStore } from "../../modules/kernel";

export type Deps = { store: EventStore; clock: Clock };

const STOP_MESSAGES = ["Fever reported by parent this morning", "Custody note: release only to the listed guardian", "Unpaid program fees: see the front desk"];
const WARN_MESSAGES = ["Allergy action plan updated: check EpiPen", "New asthma inhaler: check it is in the bag", "Parent asked for a call at pick-up"];

/**
 * The flag of the `index`-th generated demo participant, if any: one in twenty has a stop flag and one
 * in twenty a warn flag (about 5% each); the parent's children are never flagged.
 */
export function demoFlagOf(index: number): { type: FlagType; message: string } | null {
  if (index % 20 === 7) return { type: "stop", message: STOP_MESSAGES[Math.floor(index / 20) % STOP_MESSAGES.length]! };
  if (index % 20 === 17) return { type: "warn", message: WARN_MESSAGES[Math.floor(index / 20) % WARN_MESSAGES.length]! };
  return null;
}

/** The demo participant ids of an organization that the seed flags (tests that need an unflagged member skip these). */
export function demoFlaggedParticipantIds(organizationId: string, generated: number): Set<string> {
  const ids = new Set<string>();
  for (let index = 0; index < generated; index++) if (demoFlagOf(index)) ids.add(idFrom("demo", "participant", organizationId, index));
  return ids;
}

/**
 * Flags the chosen generated participants through the flags module, raised by the organization's admin.
 * Command and flag ids derive from the participant: running it twice writes once.
 */
export async function seedDemoFlags(deps: Deps, organizationId: string, participantIds: readonly string[], admin: { userId: string; name: string }) {
  let flagged = 0;
  for (const [index, participantId] of participantIds.entries()) {
    const flag = demoFlagOf(index);
    if (!flag) continue;
    const commandId = idFrom("seed-flag", participantId, flag.type);
    const result = await flagMember(deps, {
      type: "FlagMember",
      data: { flagId: idFrom("demo", "flag", participantId, flag.type), participantId, type: flag.type, message: flag.message, flaggedByName: admin.name },
      metadata: { commandId, organizationId, actorId: admin.userId, correlationId: commandId },
    });
    if (!result.ok) throw new Error(`seeding the ${flag.type} flag of ${participantId}: ${result.error.message}`);
    flagged++;
  }
  return flagged;
}
