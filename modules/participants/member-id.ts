import { randomBytes } from "node:crypto";
import type { EventStore } from "../kernel";
import type { MemberIdClaimed } from "./events";
import { MEMBER_ID_LENGTH } from "./member-id-format";

export { MEMBER_ID_LENGTH, MEMBER_ID_MIN_LENGTH } from "./member-id-format";

/**
 * 32 characters that cannot be misread: A-Z without I and O, and 2-9 (no 0 or 1). 32 divides 256, so
 * a random byte masked to 5 bits picks each one with the same chance.
 */
export const MEMBER_ID_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

const PATTERN = new RegExp(`^[${MEMBER_ID_ALPHABET}]{${MEMBER_ID_LENGTH}}$`);

/** A new Member ID from crypto randomness (40 bits). */
export function generateMemberId(): string {
  const bytes = randomBytes(MEMBER_ID_LENGTH);
  let id = "";
  for (const byte of bytes) id += MEMBER_ID_ALPHABET[byte & 31];
  return id;
}

/** As typed or scanned: trimmed, upper-case, cut to 8 characters (spec-1 section 5). */
export const normalizeMemberId = (input: string): string => input.trim().toUpperCase().slice(0, MEMBER_ID_LENGTH);

/** True for a well-formed Member ID (8 characters of the alphabet, upper-case). */
export const isMemberId = (value: unknown): value is string => typeof value === "string" && PATTERN.test(value);

/** One stream per taken Member ID: appending with no_stream makes the claim unique. */
export const memberIdStream = (memberId: string) => `memberid-${normalizeMemberId(memberId)}`;

/**
 * The participant a Member ID belongs to, read from its claim stream (house rule 2: decisions read
 * streams), or null. A claim whose registration never followed points at a participant that does not
 * exist: `loadParticipantByMemberId` checks that too.
 */
export async function resolveMemberId(store: EventStore, memberId: string): Promise<string | null> {
  const id = normalizeMemberId(memberId);
  if (!isMemberId(id)) return null;
  const claims = claimCache(store);
  const known = claims.get(id);
  if (known) return known;
  // the whole claim stream (its first event is the claim): batched with the other reads of this turn
  const { events } = await store.readStream<MemberIdClaimed>(memberIdStream(id));
  const owner = events[0]?.data.participantId ?? null;
  if (owner) remember(claims, id, owner);
  return owner;
}

/**
 * A claim never changes hands (the first event of its stream decides, for good), so a resolved Member ID
 * is remembered per store: a kiosk scanning a member again skips that read. Bounded; the oldest go first.
 */
const CLAIM_CACHE_SIZE = 50_000;
const claimCaches = new WeakMap<EventStore, Map<string, string>>();
function claimCache(store: EventStore): Map<string, string> {
  let cache = claimCaches.get(store);
  if (!cache) claimCaches.set(store, (cache = new Map()));
  return cache;
}
function remember(cache: Map<string, string>, memberId: string, participantId: string) {
  if (cache.size >= CLAIM_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(memberId, participantId);
}
