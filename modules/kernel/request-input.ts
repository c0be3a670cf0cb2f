import { DomainError } from "./errors";

/**
 * The rules every request's input meets at the edge, before any handler sees it (decision 028).
 * Sizes are in bytes.
 */
export const REQUEST_LIMITS = {
  /** a JSON (or small form) body, unless the call's registry entry says otherwise */
  jsonBodyBytes: 1024 * 1024,
  /** how deeply objects and arrays may nest in a JSON body */
  jsonDepth: 32,
  /** an Idempotency-Key header or a body's command_id */
  idempotencyKeyChars: 128,
} as const;

/**
 * Control characters (Unicode category Cc) other than tab, line feed and carriage return: PostgreSQL
 * refuses NUL in text, and none of the others belongs in a name, a note or a search.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const hasControlCharacter = (text: string): boolean => CONTROL.test(text);

export const payloadTooLarge = (limitBytes: number) =>
  new DomainError("PAYLOAD_TOO_LARGE", `The request body is larger than ${formatBytes(limitBytes)}.`, 413);

export const unsupportedMediaType = () =>
  new DomainError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as JSON, with Content-Type: application/json.", 415);

export const controlCharacterIn = (field: string) =>
  new DomainError("CONTROL_CHARACTER", `${field} must not contain control characters.`, 400, { field });

export const nestedTooDeeply = () =>
  new DomainError("BAD_JSON", `The request body is nested more than ${REQUEST_LIMITS.jsonDepth} levels deep.`, 400);

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** `answers[2].value` from ["answers", 2, "value"]; the body itself is "The request body". */
function fieldName(path: readonly (string | number)[]): string {
  if (path.length === 0) return "The request body";
  let name = "";
  for (const part of path) name += typeof part === "number" ? `[${part}]` : name ? `.${part}` : part;
  return name;
}

/**
 * Walks a parsed JSON value without recursion (a hostile body may nest thousands deep): a string or a
 * key with a control character is a 400 naming the field, nesting past the limit a 400.
 */
export function checkJsonInput(value: unknown, maxDepth: number = REQUEST_LIMITS.jsonDepth): void {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      if (hasControlCharacter(current)) throw controlCharacterIn(fieldName(path));
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    if (path.length >= maxDepth) throw nestedTooDeeply();
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: [...path, i] });
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      // a key cannot be named by itself: its readable part is shown
      if (hasControlCharacter(key)) throw controlCharacterIn(fieldName([...path, key.replace(new RegExp(CONTROL.source, "g"), "")]));
      stack.push({ value: child, path: [...path, key] });
    }
  }
}

/** Query parameters and path parameters: names and values. */
export function checkTextParams(params: Iterable<[string, string | undefined]>): void {
  for (const [name, value] of params) {
    if (hasControlCharacter(name)) throw controlCharacterIn("A query parameter name");
    if (value !== undefined && hasControlCharacter(value)) throw controlCharacterIn(name);
  }
}

/**
 * An idempotency key as the client sent it (the Idempotency-Key header, else the body's command_id):
 * null when none was sent, a 400 when it is longer than 128 characters or holds a control character.
 */
export function idempotencyKeyFrom(header: string | null, bodyKey?: unknown): string | null {
  const sent = header ?? (typeof bodyKey === "string" ? bodyKey : null);
  const key = sent?.trim() ?? "";
  if (!key) return null;
  const field = header !== null ? "Idempotency-Key" : "command_id";
  if (key.length > REQUEST_LIMITS.idempotencyKeyChars) {
    throw new DomainError("IDEMPOTENCY_KEY_TOO_LONG", `${field} must be at most ${REQUEST_LIMITS.idempotencyKeyChars} characters.`, 400);
  }
  if (hasControlCharacter(key)) throw controlCharacterIn(field);
  return key;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Whether a Content-Type names JSON (`application/json`, `application/x+json`); the first one when sent twice. */
export const isJsonContentType = (contentType: string | null | undefined): boolean => JSON_TYPE.test((contentType ?? "").split(",", 1)[0]!);

/**
 * A body's bytes as JSON (decision 028): none is `{}`; a body sent as anything but JSON a 415; not JSON,
 * nested more than 32 deep, or with a control character in a string or key a 400. Never a 500.
 * `contentType` is the first Content-Type sent (one sent twice arrives joined by a comma).
 */
export function parseJsonBody(contentType: string | null | undefined, bytes: Uint8Array): unknown {
  if (bytes.byteLength === 0) return {};
  if (!isJsonContentType(contentType)) throw unsupportedMediaType();
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DomainError("BAD_JSON", "The request body is not valid JSON", 400);
  }
  checkJsonInput(value);
  return value;
}

/** Whether a Content-Type names a form (urlencoded or multipart), as a row taking form fields reads it. */
export const isFormContentType = (contentType: string | null | undefined): boolean =>
  (contentType ?? "").startsWith("application/x-www-form-urlencoded") || (contentType ?? "").startsWith("multipart/form-data");

/**
 * A form body's text fields (a file part is left out): a form that cannot be read is a 400, a control
 * character in a field a 400 naming it. Never a 500.
 */
export async function parseFormBody(contentType: string, bytes: Uint8Array): Promise<Record<string, string>> {
  let fields: Record<string, string>;
  try {
    const form = await new Response(bytes as unknown as BodyInit, { headers: { "content-type": contentType } }).formData();
    fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    throw new DomainError("BAD_FORM", "The form could not be read.", 400);
  }
  checkJsonInput(fields);
  return fields;
}
