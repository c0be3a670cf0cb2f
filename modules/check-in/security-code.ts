import { claimUnique, idFrom, type Clock, type CommandMetadata, type EventStore } from "../kernel";
import { SECURITY_CODE_ALPHABET, SECURITY_CODE_LENGTH } from "./client";
import { securityCodeStream, type SecurityCodeClaimed } from "./events";

/**
 * The n-th candidate code of a check-in (pure): derived from its check-in id, so a resent check-in tries
 * the same codes in the same order and finds its own claim again. Each character takes two bytes of a
 * name-based UUID modulo 25 (a bias under 0.04%, irrelevant for a code that only has to differ).
 */
export function securityCodeCandidate(checkInId: string, attempt: number): string {
  const hex = idFrom(checkInId, "security-code", attempt).replace(/-/g, "");
  let code = "";
  for (let i = 0; i < SECURITY_CODE_LENGTH; i++) {
    const value = parseInt(hex.slice(i * 4, i * 4 + 4), 16);
    code += SECURITY_CODE_ALPHABET[value % SECURITY_CODE_ALPHABET.length];
  }
  return code;
}

/**
 * How many codes a check-in tries before giving up. With 390,625 codes a day, an organization that has
 * handed out 20,000 today still finds a free one on the first try 95% of the time; 25 taken in a row
 * would mean the store is failing, not that codes ran out.
 */
export const SECURITY_CODE_ATTEMPTS = 25;

/**
 * Takes a free code of the organization's day for one visit: each candidate is claimed as the first event
 * of its own stream (claimUnique, `no_stream`), so two check-ins racing for one code cannot both get it.
 * Answers the code, or null when every attempt was taken.
 */
export async function claimSecurityCode(
  deps: { store: EventStore; clock: Clock },
  visit: { organizationId: string; day: string; checkInId: string; participantId: string },
  meta: CommandMetadata,
): Promise<string | null> {
  for (let attempt = 0; attempt < SECURITY_CODE_ATTEMPTS; attempt++) {
    const code = securityCodeCandidate(visit.checkInId, attempt);
    const claim: SecurityCodeClaimed = { type: "SecurityCodeClaimed", data: { ...visit, code } };
    const mine = await claimUnique<SecurityCodeClaimed>(deps, securityCodeStream(visit.organizationId, visit.day, code), claim, (e) => e.data.checkInId, {
      ...meta,
      commandId: idFrom(meta.commandId, "security-code", attempt),
    });
    if (mine) return code;
  }
  return null;
}
