import { createHash } from "node:crypto";

/**
 * The text PostgreSQL prints for a jsonb value (`data::text`), computed in Node so bulk-written events can
 * carry their hash-chain link without a round trip: keys sorted shorter first, then bytewise (jsonb's own
 * order, the last of duplicate keys kept), ", " and ": " between items, strings escaped as escape_json
 * does. Only what JSON.stringify makes is accepted; non-integer or huge numbers are refused (numeric's
 * printing would differ).
 */
export function jsonbText(value: unknown): string {
  return print(JSON.parse(JSON.stringify(value)) as unknown);
}

const byteLength = (s: string) => Buffer.byteLength(s, "utf8");

const compareKeys = (a: string, b: string) => byteLength(a) - byteLength(b) || Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

function quote(s: string): string {
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
      if (Array.isArray(v)) return `[${v.map(print).join(", ")}]`;
      const keys = Object.keys(v as Record<string, unknown>).sort(compareKeys);
      return `{${keys.map((k) => `${quote(k)}: ${print((v as Record<string, unknown>)[k])}`).join(", ")}}`;
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
