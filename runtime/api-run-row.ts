import { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { parse as parseCookies } from "cookie";
import { ZodError } from "zod";
import { authOf, bodyLimitOfRow, checkCsrf, CSRF_COOKIE, CSRF_ERROR, decideAccess, SESSION_COOKIE, type ApiRow, type Services } from "../modules/identity";
import { apiKeyAuthOf, bearerOf } from "../modules/integrations";
import { DomainError, isFormContentType, isJsonContentType, parseFormBody, parseJsonBody, unsupportedMediaType } from "../modules/kernel";
import { abortOnClose, discardRest, isResponse, readWhole, send, webRequestOf } from "./api-io";

const answer = (status: number, code: string, message: string) => Response.json({ code, message }, { status });

/** Whether the request carries a body at all (HTTP/1.1: a length above 0, or chunks). */
function hasBody(req: ExpressRequest): boolean {
  const length = req.headers["content-length"];
  if (length !== undefined) return length.trim() !== "0";
  return req.headers["transfer-encoding"] !== undefined;
}

/**
 * Runs one row of the /api table (decision 035): the CSRF check from the row's method and path, who
 * asks (the session cookie), the row's access rule (401 / 403), the JSON body (or form fields, where
 * the row takes them) read within the row's limit (413 / 415 / 400) and validated by its schema with
 * the query (400 VALIDATION and the first problem's message), then the handler. A DomainError becomes
 * its status with `{ code, message }`; a Response (thrown or returned) is sent as it is; anything else
 * is logged and answered 500.
 */
export async function runRow(row: ApiRow, params: Record<string, string | undefined>, req: ExpressRequest, res: ExpressResponse, services: Services, clientIp: string) {
  const limit = bodyLimitOfRow(row);
  const streamed = limit === null && req.method !== "GET";
  // an upload streams as it is and limits itself (modules/uploads)
  const web = streamed ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null;
  // the web Request (and its AbortSignal) is made when something first reads it: most calls never do
  let request: Request | undefined;
  const requestOf = () => (request ??= webRequestOf(req, abortOnClose(res), web ? { stream: web } : undefined));
  if (web) requestOf();
  let answer: Response | { json: string };
  try {
    answer = await handleRow(row, params, req, requestOf, services, clientIp, limit);
  } catch (error) {
    answer = errorResponse(error, services, req);
  }
  if (isResponse(answer)) await send(answer, res);
  else sendJson(answer.json, res);
  discardRest(req, web);
}

/** A plain value's answer: JSON 200, as `Response.json` would make it, written without making one. */
function sendJson(json: string, res: ExpressResponse) {
  res.statusCode = 200;
  res.setHeader("content-type", "application/json");
  res.end(json);
}

/** A header of the call as it came (several of one name joined by ", ", as a web Request's Headers does). */
function headerOf(req: ExpressRequest, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

async function handleRow(
  row: ApiRow,
  params: Record<string, string | undefined>,
  req: ExpressRequest,
  requestOf: () => Request,
  services: Services,
  clientIp: string,
  limit: number | null,
): Promise<Response | { json: string }> {
  const cookies = parseCookies(req.headers.cookie ?? "");
  // an API key (decision 078): the key alone authenticates, with no cookie and so no CSRF check
  const bearer = bearerOf(req.headers.authorization);
  // the CSRF check again where the handler starts (runtime/csrf-guard.ts checks every request before)
  const csrf = bearer ? { ok: true } : checkCsrf({ method: req.method, path: req.path, headers: req.headers, cookieToken: cookies[CSRF_COOKIE], host: req.headers.host });
  if (!csrf.ok) return Response.json(CSRF_ERROR, { status: 403 });
  const auth = bearer ? await apiKeyAuthOf(services, bearer, services.integrations?.apiKeyRatePerMinute ?? 600) : await authOf(services, cookies[SESSION_COOKIE]);
  const decision = decideAccess(row.rule, auth ? auth.subject : { authenticated: false });
  if (!decision.allowed) {
    return decision.reason === "unauthenticated" ? answer(401, "UNAUTHORIZED", "You need to sign in to do this.") : answer(403, "FORBIDDEN", "You do not have permission to do this.");
  }
  let body: unknown = {};
  if (limit !== null && req.method !== "GET" && hasBody(req)) {
    // a form where the row takes one (its Content-Type as sent, a second one joined by a comma)
    const formType = row.formBody ? requestOf().headers.get("content-type") : null;
    if (formType && isFormContentType(formType)) body = await parseFormBody(formType, await readWhole(req, limit));
    // a body sent as anything but JSON is refused unread
    else if (!isJsonContentType(req.headers["content-type"])) throw unsupportedMediaType();
    else body = parseJsonBody(req.headers["content-type"], await readWhole(req, limit));
  }
  const searchParams = searchParamsOf(req.originalUrl);
  const query = row.query ? row.query.parse(Object.fromEntries(searchParams)) : Object.fromEntries(searchParams);
  if (row.body) body = row.body.parse(body);
  const headers = { get: (name: string) => headerOf(req, name) };
  const result = await row.handle({
    get request() {
      return requestOf();
    },
    headers,
    services,
    auth,
    params,
    body,
    query,
    clientIp,
  });
  return isResponse(result) ? result : { json: JSON.stringify(result ?? null) };
}

/** The query string of a request target, as `new URL(...).searchParams` reads it (the fragment is never sent). */
function searchParamsOf(target: string): URLSearchParams {
  const at = target.indexOf("?");
  if (at === -1) return new URLSearchParams();
  const end = target.indexOf("#", at);
  return new URLSearchParams(target.slice(at + 1, end === -1 ? undefined : end));
}

function errorResponse(error: unknown, services: Services, req: ExpressRequest): Response {
  if (isResponse(error)) return error;
  if (error instanceof DomainError) return answer(error.status, error.code, error.message);
  if (error instanceof ZodError) return answer(400, "VALIDATION", error.issues[0]?.message ?? "The request is not valid");
  services.logger.error("api call failed", { method: req.method, path: req.path, error: String(error) });
  return answer(500, "INTERNAL", "Something Went Wrong");
}
