import type { RequestHandler } from "express";
import { matchApi } from "../modules/identity";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** /api paths and methods outside the call table get a JSON 404 or 405 before Remix sees them. */
export const apiRoutesGuard: RequestHandler = (req, res, next) => {
  if (!(req.path === "/api" || req.path.startsWith("/api/"))) return next();
  if (matchApi(req.method === "HEAD" ? "GET" : req.method, req.path)) return next();
  const allowed = METHODS.filter((method) => matchApi(method, req.path));
  if (allowed.length) {
    res.setHeader("Allow", allowed.join(", "));
    res.status(405).json({ code: "METHOD_NOT_ALLOWED", message: `${req.method} is not allowed on ${req.path}` });
    return;
  }
  res.status(404).json({ code: "NOT_FOUND", message: `There is no ${req.method} ${req.path}` });
};
