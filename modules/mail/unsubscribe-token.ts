import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * The `{id}` of `/unsubscribe/{id}` (decision 059): `base64url(claims) + "." + base64url(HMAC-SHA256(secret,
 * "rollcall-unsubscribe." + base64url(claims)))`. The claims name the address (lower-case) and the
 * organization whose newsletters it turns off; no expiry (a link in a mailbox must keep working). Pure:
 * the secret is passed in.
 */
const claimsSchema = z.object({ v: z.literal(1), a: z.string().min(3).max(320), o: z.string().min(1).max(64) });

export type UnsubscribeClaims = { address: string; organizationId: string };

const mac = (secret: Buffer, body: string) => createHmac("sha256", secret).update(`rollcall-unsubscribe.${body}`).digest("base64url");

export function signUnsubscribe(secret: Buffer, claims: UnsubscribeClaims): string {
  const body = Buffer.from(JSON.stringify({ v: 1, a: claims.address.trim().toLowerCase(), o: claims.organizationId })).toString("base64url");
  return `${body}.${mac(secret, body)}`;
}

/** The claims when the signature holds; null for anything else (forged, cut, altered, not ours). */
export function verifyUnsubscribe(secret: Buffer, token: string): UnsubscribeClaims | null {
  if (typeof token !== "string" || token.length > 1000) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const wanted = Buffer.from(mac(secret, body));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  try {
    const parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
    return parsed.success ? { address: parsed.data.a, organizationId: parsed.data.o } : null;
  } catch {
    return null;
  }
}
