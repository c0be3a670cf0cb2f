import { createHash } from "node:crypto";
import { v4 as uuidv4, validate } from "uuid";

/** Rollcall's namespace for name-based (v5) ids. */
const NAMESPACE = "7f3c8a52-4a8e-4f0b-9f7e-2d7c1b6a0e11";
const NAMESPACE_BYTES = Buffer.from(NAMESPACE.replace(/-/g, ""), "hex");

export const newId = (): string => uuidv4();

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/**
 * An RFC 4122 version 5 id of `name` in Rollcall's namespace: SHA-1 of the namespace and the name's UTF-8,
 * its first 16 bytes with the version and variant bits set. The same id as the uuid package's v5, made
 * with one node:crypto hash (that package's own SHA-1 path cost ~3% of the web process on the check-in path).
 */
function v5(name: string): string {
  const b = createHash("sha1").update(NAMESPACE_BYTES).update(name, "utf8").digest();
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  let s = "";
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) s += "-";
    s += HEX[b[i]!];
  }
  return s;
}

/** The same name always gives the same id: event ids derived from a command id make retries idempotent. */
export const idFrom = (...parts: (string | number)[]): string => v5(parts.join(":"));

export const isUuid = (value: unknown): value is string => typeof value === "string" && validate(value);
