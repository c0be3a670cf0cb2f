import type { Services } from "../identity";
import { DomainError, needRedis } from "../kernel";
import { CHECK_IN_CODES, REFUSAL_TEXT } from "./client";

/**
 * Wrong claim codes a child's check-out takes at the kiosk before it is locked to staff (docs/decisions/036).
 * A code is one of 390,625: five guesses give a 1 in 78,125 chance, and the adult who holds the tag
 * never needs more than a retyping or two.
 */
export const MAX_WRONG_CLAIM_CODES = 5;
/** How long the misses count: the rest of the program day, and longer than any day (48 h at most). */
const MISSES_TTL_SECONDS = 48 * 60 * 60;

/** Per database (`queuePrefix` is named after it): apps sharing a Redis never count each other's misses. */
const missesKey = (queuePrefix: string, organizationId: string, participantId: string) => `rollcall:${queuePrefix}:claim-code-misses:${organizationId}:${participantId}`;

/**
 * Runs a kiosk check-out step that carries a claim code (the eligibility question or the check-out),
 * refusing it with CLAIM_CODE_LOCKED once the child has MAX_WRONG_CLAIM_CODES misses, and counting a
 * CLAIM_CODE_MISMATCH. Without a code (staff, or the kiosk's first question) it only runs the step.
 */
export async function withClaimAttempts<T>(services: Pick<Services, "redis" | "queuePrefix">, organizationId: string, participantId: string, claimCode: string | undefined, step: () => Promise<T>): Promise<T> {
  if (!claimCode) return step();
  const key = missesKey(services.queuePrefix, organizationId, participantId);
  const misses = Number(await needRedis(services.redis.get(key), "Claim codes")) || 0;
  if (misses >= MAX_WRONG_CLAIM_CODES) throw new DomainError(CHECK_IN_CODES.claimCodeLocked, REFUSAL_TEXT.claimCodeLocked, 403);
  try {
    return await step();
  } catch (error) {
    if (error instanceof DomainError && error.code === CHECK_IN_CODES.claimCodeMismatch) {
      await needRedis(services.redis.multi().incr(key).expire(key, MISSES_TTL_SECONDS).exec(), "Claim codes");
    }
    throw error;
  }
}
