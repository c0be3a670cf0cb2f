import type { RequestHandler } from "express";
import { parse } from "cookie";
import { checkCsrf, CSRF_COOKIE, CSRF_ERROR } from "../modules/identity";

/** Before Remix sees a request: a state-changing call without a valid CSRF token changes nothing. */
export const csrfGuard: RequestHandler = (req, res, next) => {
  const cookies = parse(req.headers.cookie ?? "");
  const verdict = checkCsrf({ method: req.method, path: req.path, headers: req.headers, cookieToken: cookies[CSRF_COOKIE], host: req.headers.host });
  if (verdict.ok) return next();
  res.status(403).json(CSRF_ERROR);
};
