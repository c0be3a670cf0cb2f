import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 random bits, URL-safe: session ids, CSRF tokens, reset tokens. */
export const newToken = (): string => randomBytes(32).toString("base64url");

/** What the database keeps of a token: its SHA-256, so a leaked table opens no session. */
export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

export function sameToken(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The token a signed-in page's own forms carry (the logout form): derived from the session token, which
 * only the visitor's browser holds (HttpOnly), so another site cannot know it; no storage needed.
 */
export const formTokenFor = (sessionToken: string): string => createHash("sha256").update(`rollcall-form:${sessionToken}`).digest("base64url");
