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
  const signal = abortOnClose(res);
  const streamed = limit === null && req.method !== "GET";
  // an upload streams as it is and limits itself (modules/uploads)
  const web = streamed ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null;
  const request = webRequestOf(req, signal, web ? { stream: web } : undefined);
  let response: Response;
  try {
    response = await handleRow(row, params, req, request, services, clientIp, limit);
  } catch (error) {
    response = errorResponse(error, services, req);
  }
  await send(response, res);
  discardRest(req, web);
}

async function handleRow(
  row: ApiRow,
  params: Record<string, string | undefined>,
  req: ExpressRequest,
  request: Request,
  services: Services,
  clientIp: string,
  limit: number | null,
): Promise<Response> {
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
    const formType = row.formBody ? request.headers.get("content-type") : null;
    if (formType && isFormContentType(formType)) body = await parseFormBody(formType, await readWhole(req, limit));
    // a body sent as anything but JSON is refused unread
    else if (!isJsonContentType(req.headers["content-type"])) throw unsupportedMediaType();
    else body = parseJsonBody(req.headers["content-type"], await readWhole(req, limit));
  }
  const url = new URL(request.url);
  const query = row.query ? row.query.parse(Object.fromEntries(url.searchParams)) : Object.fromEntries(url.searchParams);
  if (row.body) body = row.body.parse(body);
  const result = await row.handle({ request, services, auth, params, body, query, clientIp });
  return isResponse(result) ? result : Response.json(result ?? null);
}

function errorResponse(error: unknown, services: Services, req: ExpressRequest): Response {
  if (isResponse(error)) return error;
  if (error instanceof DomainError) return answer(error.status, error.code, error.message);
  if (error instanceof ZodError) return answer(400, "VALIDATION", error.issues[0]?.message ?? "The request is not valid");
  services.logger.error("api call failed", { method: req.method, path: req.path, error: String(error) });
  return answer(500, "INTERNAL", "Something Went Wrong");
}
