import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * An API key (decision 078): `rck_` + the key's id (32 hex digits) + `_` + 256 random bits in base64url.
 * The id finds the key's stream at once; the random part is what proves the holder. The store keeps only
 * SHA-256 of the whole key: a fast hash is enough because the secret has 256 bits of entropy (no dictionary
 * or brute force can reach it, unlike a password), and it keeps every authenticated call cheap.
 */
export const API_KEY_PREFIX = "rck_";

export function newApiKey(keyId: string): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${keyId.replace(/-/g, "")}_${randomBytes(32).toString("base64url")}`;
  return { key, hash: apiKeyHash(key), prefix: key.slice(0, API_KEY_PREFIX.length + 8) };
}

export const apiKeyHash = (key: string): string => createHash("sha256").update(key).digest("hex");

/** The key id inside a presented key, or null when it is not shaped as one. */
export function keyIdOf(key: string): string | null {
  const match = /^rck_([0-9a-f]{32})_[A-Za-z0-9_-]{43}$/.exec(key);
  if (!match) return null;
  const h = match[1]!;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Whether a presented key matches the stored hash (constant time). */
export function keyMatches(key: string, storedHash: string): boolean {
  const a = Buffer.from(apiKeyHash(key), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
