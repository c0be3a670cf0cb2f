import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";

/** The nonce of this response's Content-Security-Policy ("" before securityHeaders ran). */
export const cspNonceOf = (res: Response | undefined): string => (res?.locals.cspNonce as string | undefined) ?? "";

/** A host header fit to name in a policy (a name or an IPv4/IPv6 address, an optional port); anything else is left out. */
const PLAIN_HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** socket.io's websocket to this same origin (CSP 3 counts ws/wss under 'self'; older browsers need it named). */
const sameOriginSockets = (req: IncomingMessage) => {
  const host = req.headers.host ?? "";
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : "";
};

const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonceOf(res as Response)}'`;

/**
 * The security headers of every response (decision 030), by helmet:
 * - Content-Security-Policy: scripts only from this origin or inline with this response's nonce (a new
 *   one per request, 128 random bits; no 'unsafe-inline', no 'unsafe-eval'); styles from this origin and
 *   inline (Radix Themes sets style attributes); images from this origin, data: and blob:; connections to
 *   this origin and its websocket; no plugins, no framing, forms and <base> only to this origin.
 * - Strict-Transport-Security (one year, subdomains) in production only: a laptop on http://localhost
 *   must not be pinned to https.
 * - X-Content-Type-Options: nosniff, Referrer-Policy: same-origin and X-Frame-Options: DENY, as before.
 * A response that sets a Content-Security-Policy of its own (a stored file, sandboxed: decision 020)
 * keeps its own instead of getting both.
 * An /api answer is data or a file, never a page that runs scripts: it gets the same headers with a fixed
 * policy that allows nothing (`default-src 'none'; frame-ancestors 'none'`) and no nonce, so the check-in
 * hot path pays for no random bytes (a nonce per call cost about 2% of the web process's CPU).
 */
export function securityHeaders({ production }: { production: boolean }): RequestHandler {
  const strictTransportSecurity = production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false;
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceSource],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", sameOriginSockets],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity,
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
    // a sandboxed package page (an opaque origin) loads its own images and styles from here: a
    // same-origin resource policy would block them
    crossOriginResourcePolicy: false,
  });
  const apiHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity,
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
    crossOriginResourcePolicy: false,
  });
  return (req, res, next) => {
    ownPolicyReplaces(res);
    // however the path is spelled (/API/..., decision 028), an /api call never renders a page
    if (API_PREFIX.test(req.path)) return apiHeaders(req, res, next);
    res.locals.cspNonce = randomBytes(16).toString("base64");
    pageHeaders(req, res, next);
  };
}

const API_PREFIX = /^\/+api(\/|$)/i;

/** An origin fit to name in a policy: https, a host name, an optional port. */
const HTTPS_ORIGIN = /^https:\/\/[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?$/;

/**
 * Lets this page response's scripts connect to and frame the given https origins (added to connect-src, and to a
 * frame-src of 'self'): an embedded viewer of another service, such as Tableau's (decision 098). Only the page
 * that needs it widens its own policy; anything not a plain https origin is ignored.
 */
export function widenPagePolicy(res: Response | undefined, origins: readonly string[]) {
  const safe = [...new Set(origins)].filter((o) => HTTPS_ORIGIN.test(o));
  const policy = res && !res.headersSent ? String(res.getHeader("Content-Security-Policy") ?? "") : "";
  if (!policy || !safe.length) return;
  const directives = policy.split(";").map((d) => d.trim()).filter(Boolean);
  for (const name of ["connect-src", "frame-src"]) {
    const at = directives.findIndex((d) => d === name || d.startsWith(`${name} `));
    if (at >= 0) directives[at] = `${directives[at]} ${safe.join(" ")}`;
    else directives.push(`${name} 'self' ${safe.join(" ")}`);
  }
  res!.setHeader("Content-Security-Policy", directives.join(";"));
}

/** Remix appends a route's headers (res.append): a route's own Content-Security-Policy replaces the default one. */
function ownPolicyReplaces(res: Response) {
  const append = res.append.bind(res);
  res.append = (field: string, value?: string | string[]) => (field.toLowerCase() === "content-security-policy" ? res.set(field, value) : append(field, value));
}
