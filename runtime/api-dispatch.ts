import type { Request as ExpressRequest, RequestHandler } from "express";
import { isApiPath, type Services } from "../modules/identity";
import { API_TABLE } from "./api-table";
import { runRow } from "./api-run-row";

/**
 * Every /api call is matched once, against the one table (runtime/api-table.ts, decision 035), and its
 * row runs here (runtime/api-run-row.ts); Remix never sees an /api call. A path the table does not know
 * was answered 404/405 by the guard before (runtime/api-routes-guard.ts).
 */
export function apiDispatch(context: (req: ExpressRequest) => { services: Services; clientIp: string }): RequestHandler {
  return (req, res, next) => {
    // '/API/…' is an /api call too (the table ignores case on static segments, as Remix did)
    if (req.method === "HEAD" || !isApiPath(req.path)) return next();
    const match = API_TABLE.match(req.method, req.path);
    if (!match) return next();
    const { services, clientIp } = context(req);
    void runRow(match.route, match.params, req, res, services, clientIp).catch(next);
  };
}
