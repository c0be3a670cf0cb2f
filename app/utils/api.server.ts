import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ZodError } from "zod";
import { bodyLimitOf, checkCsrf, CSRF_COOKIE, CSRF_ERROR, CSRF_HEADERS, decideAccess, matchApi } from "#modules/identity";
import { checkJsonInput, DomainError, payloadTooLarge, REQUEST_LIMITS, unsupportedMediaType } from "#modules/kernel";
import { getAuth, type Auth } from "./auth.server";
import { readCookie } from "./cookies.server";
import type { AppServices } from "./load-context";

export const apiError = (status: number, code: string, message: string, init?: ResponseInit) =>
  json({ code, message }, { ...init, status });

export type ApiContext = {
  request: Request;
  services: AppServices;
  auth: Auth | null;
  params: Record<string, string | undefined>;
};

/** Each request's body limit, from its call's registry entry (set by api() below). */
const bodyLimits = new WeakMap<Request, number>();

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Whether the request carries a body at all (HTTP/1.1: a length above 0, or chunks). */
function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return length.trim() !== "0";
  return request.headers.has("transfer-encoding");
}

/** The body's bytes, at most `limit` of them: past it a 413, before reading when Content-Length says so. */
async function readBounded(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw payloadTooLarge(limit);
  if (!request.body) return new Uint8Array();
  // read by hand and released, never cancelled: the server drops the rest after the answer (runtime/api-dispatch.ts)
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      bytes += next.value.byteLength;
      if (bytes > limit) throw payloadTooLarge(limit);
      chunks.push(next.value);
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError("BAD_BODY", "The request body could not be read.", 400);
  } finally {
    reader.releaseLock();
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/**
 * The body as JSON (decision 028): none is `{}`; a body sent as anything but JSON a 415 (unread); one past
 * the call's limit (1 MiB unless its registry entry says more) a 413, before or while reading; not JSON,
 * nested more than 32 deep, or with a control character in a string or key a 400. Never a 500.
 */
export async function readJson(request: Request): Promise<unknown> {
  if (!hasBody(request)) return {};
  // a Content-Type sent twice arrives joined by a comma: the first one counts
  if (!JSON_TYPE.test((request.headers.get("content-type") ?? "").split(",", 1)[0]!)) throw unsupportedMediaType();
  const text = new TextDecoder().decode(await readBounded(request, bodyLimits.get(request) ?? REQUEST_LIMITS.jsonBodyBytes));
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

/** The CSRF check again, where every handler starts: no spelling of a path reaches one unchecked. */
function csrfRefused(request: Request, pathname: string): boolean {
  const headers: Record<string, string | undefined> = {};
  for (const name of [...CSRF_HEADERS, "origin", "referer"]) headers[name] = request.headers.get(name) ?? undefined;
  return !checkCsrf({ method: request.method, path: pathname, headers, cookieToken: readCookie(request, CSRF_COOKIE), host: request.headers.get("host") ?? undefined }).ok;
}

/** The signed-in user of a handler whose route requires one. */
export function signedIn(ctx: ApiContext): Auth {
  if (!ctx.auth) throw new DomainError("UNAUTHORIZED", "You need to sign in to do this.", 401);
  return ctx.auth;
}

/**
 * Every /api handler runs through here: the CSRF check (403), the route's access rule from the one
 * registry (401 / 403), then the handler; a DomainError becomes its status with `{ code, message }`, bad input a 400.
 */
export async function api({ request, context }: LoaderFunctionArgs | ActionFunctionArgs, handle: (ctx: ApiContext) => Promise<unknown>) {
  const { services } = context;
  const url = new URL(request.url);
  const match = matchApi(request.method, url.pathname);
  if (!match) return apiError(404, "NOT_FOUND", `There is no ${request.method} ${url.pathname}`);
  if (csrfRefused(request, url.pathname)) return json(CSRF_ERROR, { status: 403 });
  bodyLimits.set(request, bodyLimitOf(match.route) ?? REQUEST_LIMITS.jsonBodyBytes);
  try {
    const auth = await getAuth(request, services);
    const decision = decideAccess(match.route.rule, auth ? auth.subject : { authenticated: false });
    if (!decision.allowed) {
      return decision.reason === "unauthenticated"
        ? apiError(401, "UNAUTHORIZED", "You need to sign in to do this.")
        : apiError(403, "FORBIDDEN", "You do not have permission to do this.");
    }
    const result = await handle({ request, services, auth, params: match.params });
    return result instanceof Response ? result : json(result);
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof DomainError) return apiError(error.status, error.code, error.message);
    if (error instanceof ZodError) return apiError(400, "VALIDATION", error.issues[0]?.message ?? "The request is not valid");
    services.logger.error("api call failed", { method: request.method, path: url.pathname, error: String(error) });
    return apiError(500, "INTERNAL", "Something Went Wrong");
  }
}
