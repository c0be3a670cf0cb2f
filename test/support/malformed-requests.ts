import fc from "fast-check";

/** One malformed request to an /api call: what the fuzz test sends, and a label to reproduce it by. */
export type Malformed = {
  kind: string;
  /** the path with its parameters filled in, and a query for a GET */
  path: string;
  headers: Record<string, string>;
  /** a string or bytes; "chunked" bodies are sent as a stream without Content-Length */
  body?: string | Uint8Array;
  chunked?: boolean;
};

/** Field names the /api bodies use: a malformed body hits the handlers' own fields as often as not. */
const FIELDS = [
  "user_id", "message", "note_id", "id", "type", "action", "reason", "role_ids", "attachment", "memberId", "member_id",
  "start", "end", "time", "data", "participant_id", "check_in_time", "check_out_time", "pick_up_name", "pick_up_contact_number",
  "pick_up_relationship", "command_id", "name", "icon", "level", "scheme", "permission_ids", "questions", "answers", "is_filled",
  "user_ids", "kind", "filters", "username", "password", "entity", "entity_id", "property", "value", "features", "settings",
  "__proto__", "constructor", "",
];

const CONTROLS = ["\u0000", "\u0001", "\u0007", "\u0008", "\u000B", "\u001B", "\u001F", "\u007F", "\u0085", "\u009F"];
const CONTENT_TYPES = [
  "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
  "multipart/form-data", "application/xml", "application/octet-stream", "image/png", "application/jsonx", "json", "",
];

export const controlText = fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 12 })).map(([a, c, b]) => a + c + b);

/** 10 000 to 300 000 repeats of one character (1 to 4 bytes in UTF-8, or a JSON escape). */
const hugeText = fc.record({ c: fc.constantFrom("a", "é", "😀", "\\", '"', "<", " "), n: fc.integer({ min: 10_000, max: 300_000 }) }).map(({ c, n }) => c.repeat(n));

function scalars(ids: readonly string[]) {
  return fc.oneof(
    fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    controlText,
    fc.constantFrom("", " ", "NaN", "Infinity", "1e309", "0x10", "2026-13-45T99:99:99Z", "2026-11-25T10:00:00Z", "in", "out", "Flag", "warn", "stop", "Edit", "Archive"),
    fc.constantFrom(...ids),
  );
}

/** A JSON value with plausible field names, wrong types, control characters and ids of the right and wrong kind. */
function jsonish(ids: readonly string[]) {
  const scalar = scalars(ids);
  const value = fc.oneof({ weight: 4, arbitrary: scalar }, { weight: 1, arbitrary: fc.array(scalar, { maxLength: 6 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
  const object = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 4 }) }), { maxKeys: 8 });
  return fc.oneof({ weight: 5, arbitrary: object }, { weight: 1, arbitrary: fc.array(object, { maxLength: 3 }) }, { weight: 1, arbitrary: value });
}

const json = (text: string) => ({ headers: { "content-type": "application/json" }, body: text });

/** The body kinds, weighted: wrong types, control characters, huge strings, deep nesting, wrong content types, oversized. */
export function malformedBody(ids: readonly string[]) {
  const deepArray = fc.integer({ min: 30, max: 150_000 }).map((n) => ({ kind: "deep-array", ...json("[".repeat(n) + "]".repeat(n)) }));
  const deepObject = fc.integer({ min: 30, max: 50_000 }).map((n) => ({ kind: "deep-object", ...json('{"a":'.repeat(n) + "1" + "}".repeat(n)) }));
  return fc.oneof(
    { weight: 40, arbitrary: jsonish(ids).map((v) => ({ kind: "wrong-types", ...json(JSON.stringify(v) ?? "null") })) },
    { weight: 12, arbitrary: fc.record({ field: fc.constantFrom(...FIELDS), text: controlText, rest: jsonish(ids) }).map(({ field, text, rest }) => ({ kind: "control", ...json(JSON.stringify({ ...(typeof rest === "object" && rest && !Array.isArray(rest) ? rest : {}), [field]: text })) })) },
    { weight: 4, arbitrary: fc.record({ field: fc.constantFrom(...FIELDS), text: hugeText }).map(({ field, text }) => ({ kind: "huge-string", ...json(JSON.stringify({ [field]: text })) })) },
    { weight: 3, arbitrary: deepArray },
    { weight: 2, arbitrary: deepObject },
    { weight: 8, arbitrary: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom("{", '{"a":', "[1,", '{"user_id": "x",}', "nul", "\u0000", "{}}", "\uFEFF{}")).map((text) => ({ kind: "not-json", ...json(text) })) },
    { weight: 3, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => ({ kind: "bytes", headers: { "content-type": "application/json" }, body: bytes })) },
    { weight: 10, arbitrary: fc.record({ type: fc.constantFrom(...CONTENT_TYPES), v: jsonish(ids) }).map(({ type, v }) => ({ kind: "content-type", headers: (type ? { "content-type": type } : {}) as Record<string, string>, body: JSON.stringify(v) ?? "null" })) },
    { weight: 3, arbitrary: fc.integer({ min: 1_100_000, max: 3_000_000 }).map((n) => ({ kind: "oversized", ...json(`{"message":"${"x".repeat(n)}"}`) })) },
    { weight: 2, arbitrary: fc.integer({ min: 1_100_000, max: 2_000_000 }).map((n) => ({ kind: "oversized-chunked", ...json(`["${"y".repeat(n)}"]`), chunked: true })) },
  );
}

/** Path parameter values: ids that exist, well-formed ids that do not, and junk. */
export function paramValue(ids: readonly string[]) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 3,
      arbitrary: fc.oneof(
        fc.constantFrom("x", "0", "-1", "null", "undefined", "%00", "%1B", "a%00b", "%E0%A4%A", "%", "%2e%2e", "..", "%2F", "%20", "%F0%9F%98%80", "1e309", "NaN", "00000000-0000-0000-0000-000000000000"),
        fc.string({ minLength: 1, maxLength: 30 }).map((s) => encodeURIComponent(s)),
        fc.integer({ min: 300, max: 3000 }).map((n) => "z".repeat(n)),
      ),
    },
  );
}

/** A query string for a GET: the handlers' parameters with wrong, huge, control and badly escaped values. */
export function malformedQuery(ids: readonly string[]) {
  const names = fc.constantFrom("page", "size", "search", "type", "start", "end", "statuses", "all", "user_id", "participant_id", "note_id", "filter_id", "sort", "at", "level", "fields", "file_type", "file_sub_path", "expires", "signature", "kiosk", "sidebar", "status", "x");
  const raw = fc.oneof(
    scalars(ids).map((v) => encodeURIComponent(String(v))),
    controlText.map((t) => encodeURIComponent(t)),
    fc.constantFrom("%00", "%", "%E0%A4%A", "%FF", "-1", "99999999999999999999", "1000000", "NaN", "%2C%2C", "Active,%00"),
    fc.integer({ min: 500, max: 6000 }).map((n) => "q".repeat(n)),
  );
  return fc.array(fc.tuple(names, raw), { maxLength: 6 }).map((pairs) => pairs.map(([n, v]) => `${n}=${v}`).join("&"));
}
