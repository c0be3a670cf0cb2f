import { createHash } from "node:crypto";

/**
 * The text PostgreSQL prints for a jsonb value (`data::text`), computed in Node so bulk-written events can
 * carry their hash-chain link without a round trip: keys sorted shorter first, then bytewise (jsonb's own
 * order, the last of duplicate keys kept), ", " and ": " between items, strings escaped as escape_json
 * does. Only what JSON.stringify makes is accepted; non-integer or huge numbers are refused (numeric's
 * printing would differ).
 */
export function jsonbText(value: unknown): string {
  return print(value);
}

// what escape_json escapes: the control characters, the quote and the backslash
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\x00-\x1f"\\]/;

/** jsonb's key order: shorter (in bytes) first, then bytewise; for ASCII keys plain string order is bytewise. */
function compareKeys(a: string, b: string): number {
  if (ASCII.test(a) && ASCII.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  return Buffer.byteLength(a, "utf8") - Buffer.byteLength(b, "utf8") || Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
}

/** The sorted, quoted keys of each object shape met so far (events have few shapes). */
const shapes = new Map<string, { key: string; quoted: string }[]>();

function sortedKeys(object: Record<string, unknown>) {
  const keys = Object.keys(object);
  const signature = keys.join("\u0000");
  let sorted = shapes.get(signature);
  if (!sorted) {
    sorted = [...keys].sort(compareKeys).map((key) => ({ key, quoted: quote(key) }));
    if (shapes.size < 10_000) shapes.set(signature, sorted);
  }
  return sorted;
}

function quote(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += "\\\\";
    else if (c >= 0x20) out += s[i];
    else if (c === 0x08) out += "\\b";
    else if (c === 0x0c) out += "\\f";
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x0d) out += "\\r";
    else if (c === 0x09) out += "\\t";
    else out += `\\u${c.toString(16).padStart(4, "0")}`;
  }
  return `${out}"`;
}

/** As JSON.stringify then jsonb would: undefined members left out, undefined in arrays null, toJSON honoured. */
function print(v: unknown): string {
  if (v === null) return "null";
  switch (typeof v) {
    case "string":
      return quote(v);
    case "boolean":
      return v ? "true" : "false";
    case "number":
      if (!Number.isSafeInteger(v)) throw new RangeError(`jsonbText prints integers only, got ${v}`);
      return String(v);
    case "object": {
      if (Array.isArray(v)) return `[${v.map((item) => (item === undefined || typeof item === "function" ? "null" : print(item))).join(", ")}]`;
      const json = (v as { toJSON?: () => unknown }).toJSON;
      if (typeof json === "function") return print(json.call(v));
      const object = v as Record<string, unknown>;
      const parts: string[] = [];
      for (const { key, quoted } of sortedKeys(object)) {
        const item = object[key];
        if (item !== undefined && typeof item !== "function") parts.push(`${quoted}: ${print(item)}`);
      }
      return `{${parts.join(", ")}}`;
    }
    default:
      throw new TypeError(`jsonbText cannot print a ${typeof v}`);
  }
}

/** PostgreSQL's length(text): characters (code points), not UTF-16 units. */
const chars = (s: string) => {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) n--;
  }
  return n;
};

export type HashInput = { prev: string; streamId: string; revision: number; position: number; eventId: string; type: string; dataText: string; metadataText: string };

/**
 * `rollcall_event_hash(prev, stream_id, revision, global_position, event_id, type, data, metadata)` of kernel
 * migration 0003 (docs/decisions/022), in Node: sha256 of each text field after its length, hex.
 */
export function eventHash(e: HashInput): string {
  const id = e.eventId.toLowerCase();
  const text =
    `${chars(e.prev)}:${e.prev}${chars(e.streamId)}:${e.streamId}${e.revision}:${e.position}:${id}` +
    `${chars(e.type)}:${e.type}${chars(e.dataText)}:${e.dataText}${e.metadataText}`;
  return createHash("sha256").update(text, "utf8").digest("hex");
}
