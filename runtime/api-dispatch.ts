import type { Transform } from "node:stream";
import { Readable } from "node:stream";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { bodyLimitOfRow, isApiPath } from "../modules/identity";
import { DomainError } from "../modules/kernel";
import { API_TABLE, hasHandler } from "./api-table";
import { abortOnClose, discardRest, isResponse, isSmallJson, limited, readWhole, send, SMALL_JSON_BYTES, webRequestOf } from "./api-io";
import { runRow } from "./api-run-row";

type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string | undefined> }) => unknown;
type ApiModule = { loader?: Handler; action?: Handler };

/** "/api/check-in/:id" and "/api/check-in/{id}" both become "/api/check-in/{}". */
const shape = (path: string) => path.replace(/:[^/]+/g, "{}").replace(/\{[^}]+\}/g, "{}");

/**
 * Every /api call is matched once, against the one table (runtime/api-table.ts, decision 035). A row with
 * a handler runs here (runtime/api-run-row.ts); a call not yet moved into its context's rows goes straight
 * to its Remix route module's loader or action (the registry matched it already, so Remix's request
 * handler, which rebuilds and ranks its whole route table on every request, is skipped), which answers
 * through `api()` (app/utils/api.server.ts). Whatever escapes is a 500 (docs/decisions/018).
 */
export function apiDispatch(build: ServerBuild, context: (req: ExpressRequest) => AppLoadContext): RequestHandler {
  const modules = new Map<string, ApiModule>();
  // a route's path is relative to its parent's ('api.check-in.participant' sits under 'api.check-in'): the
  // whole path is the parents' joined, so nested calls take this path too, body limits and all
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  for (const route of Object.values(build.routes)) {
    const path = fullPath(route.id);
    if (!route.id.startsWith("routes/api.") || !path || path.includes("*")) continue;
    modules.set(shape(path), route.module as ApiModule);
  }
  return (req, res, next) => {
    // '/API/…' is an /api call too (the table ignores case on static segments, as Remix does)
    if (req.method === "HEAD" || !isApiPath(req.path)) return next();
    const match = API_TABLE.match(req.method, req.path);
    if (!match) return next();
    const ctx = context(req);
    if (hasHandler(match.route)) return void runRow(match.route, match.params, req, res, ctx.services, ctx.clientIp).catch(next);
    const module = modules.get(shape(match.route.path));
    const handler = req.method === "GET" ? module?.loader : module?.action;
    if (!handler) return next();
    void run(handler, req, res, ctx, match.params, bodyLimitOfRow(match.route)).catch(next);
  };
}

/** A call still answered by its Remix route module. */
async function run(handler: Handler, req: ExpressRequest, res: ExpressResponse, context: AppLoadContext, params: Record<string, string | undefined>, limit: number | null) {
  const signal = abortOnClose(res);
  let counter: Transform | null = null;
  let web: ReadableStream<Uint8Array> | null = null;
  let request: Request;
  if (req.method === "GET") request = webRequestOf(req, signal);
  else if (isSmallJson(req)) {
    // a small JSON body is read whole: a web stream over the request costs more than the body itself
    try {
      request = webRequestOf(req, signal, { bytes: await readWhole(req, Math.min(SMALL_JSON_BYTES, limit ?? SMALL_JSON_BYTES)) });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      res.status(error.status).json(error.toJSON());
      return discardRest(req, null, null);
    }
  } else {
    // an upload (limit null) streams as it is and limits itself (modules/uploads); anything else is counted
    counter = limit === null ? null : limited(req, limit);
    web = Readable.toWeb(counter ?? req) as ReadableStream<Uint8Array>;
    request = webRequestOf(req, signal, { stream: web });
  }
  let response: unknown;
  try {
    response = await handler({ request, context, params });
  } catch (thrown) {
    response = isResponse(thrown) ? thrown : Response.json({ code: "INTERNAL", message: "Something Went Wrong" }, { status: 500 });
  }
  await send(isResponse(response) ? response : Response.json(response ?? null), res);
  discardRest(req, counter, web);
}


