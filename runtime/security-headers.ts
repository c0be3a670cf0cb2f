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
 */
export function securityHeaders({ production }: { production: boolean }): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    ownPolicyReplaces(res);
    next();
  };
  const headers = helmet({
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
    strictTransportSecurity: production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
    // a sandboxed package page (an opaque origin) loads its own images and styles from here: a
    // same-origin resource policy would block them
    crossOriginResourcePolicy: false,
  });
  return [nonce, headers];
}

/** Remix appends a route's headers (res.append): a route's own Content-Security-Policy replaces the default one. */
function ownPolicyReplaces(res: Response) {
  const append = res.append.bind(res);
  res.append = (field: string, value?: string | string[]) => (field.toLowerCase() === "content-security-policy" ? res.set(field, value) : append(field, value));
}
