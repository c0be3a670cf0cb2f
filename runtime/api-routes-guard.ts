import type { RequestHandler } from "express";
import { isApiPath } from "../modules/identity";
import { API_TABLE } from "./api-table";

/**
 * /api paths and methods outside the call table get a JSON 404 or 405 before Remix sees them. '/API/…'
 * and other spellings Remix would route to /api count as /api (isApiPath): a spelling the table does not
 * match ('/%61pi/role') is a 404 here, never a route Remix finds by itself.
 */
export const apiRoutesGuard: RequestHandler = (req, res, next) => {
  if (!isApiPath(req.path)) return next();
  if (API_TABLE.match(req.method === "HEAD" ? "GET" : req.method, req.path)) return next();
  const allowed = API_TABLE.methodsOn(req.path);
  if (allowed.length) {
    res.setHeader("Allow", allowed.join(", "));
    res.status(405).json({ code: "METHOD_NOT_ALLOWED", message: `${req.method} is not allowed on ${req.path}` });
    return;
  }
  res.status(404).json({ code: "NOT_FOUND", message: `There is no ${req.method} ${req.path}` });
};
