import { InvalidStorageKeyError } from "./types";

/** A key segment: letters, digits, '.', '_' and '-', not starting with '.', at most 200 characters. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
export const MAX_KEY_LENGTH = 1024;

/**
 * Checks a key and returns its segments. Nothing can leave the storage root: no absolute paths, no
 * empty, '.' or '..' segments, no backslashes, no hidden (dot) names (the adapter's part files are
 * hidden), only the safe characters of SEGMENT.
 */
export function validateKey(key: string): string[] {
  if (typeof key !== "string" || key.length === 0) throw new InvalidStorageKeyError(String(key), "empty");
  if (key.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`);
  const segments = key.split("/");
  for (const segment of segments) {
    if (!SEGMENT.test(segment)) throw new InvalidStorageKeyError(key, `segment '${segment.slice(0, 50)}' is not allowed`);
  }
  return segments;
}

/** A prefix is a key, or the empty string for the whole store. */
export function validatePrefix(prefix: string): string[] {
  return prefix === "" ? [] : validateKey(prefix.replace(/\/+$/, ""));
}

export const isValidKey = (key: string): boolean => {
  try {
    validateKey(key);
    return true;
  } catch {
    return false;
  }
};
