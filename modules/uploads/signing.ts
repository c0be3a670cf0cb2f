import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { UploadKind } from "./sniff";

/**
 * Signed, expiring links (decision 019): `base64url(claims) + "." + base64url(HMAC-SHA256(secret,
 * "rollcall-upload." + base64url(claims)))`. The claims bind the purpose (put: an upload link; get: a
 * file url), the organization, the stored path, the accepted kind and the expiry; changing any byte
 * breaks the signature. Pure: the secret and `now` are passed in.
 */
export const linkClaimsSchema = z.object({
  /** put: upload bytes to `path`; get: read files under the folder `path` */
  p: z.enum(["put", "get"]),
  /** organization id */
  o: z.string().min(1),
  /** the path inside the organization's uploads */
  k: z.string().min(1).max(600),
  /** the kind an upload must be (put only) */
  t: z.enum(["image", "pdf"]).optional(),
  /** expiry, ms since the epoch */
  e: z.number().int(),
});
export type LinkClaims = z.infer<typeof linkClaimsSchema>;
export type LinkPurpose = LinkClaims["p"];

const mac = (secret: Buffer, body: string) => createHmac("sha256", secret).update(`rollcall-upload.${body}`).digest("base64url");

export function signLink(secret: Buffer, claims: { purpose: LinkPurpose; organizationId: string; path: string; kind?: UploadKind; expires: number }): string {
  const body = Buffer.from(
    JSON.stringify({ p: claims.purpose, o: claims.organizationId, k: claims.path, ...(claims.kind ? { t: claims.kind } : {}), e: claims.expires } satisfies LinkClaims),
  ).toString("base64url");
  return `${body}.${mac(secret, body)}`;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: "invalid" | "expired" };

/** The link's claims when its signature holds, its purpose is `purpose` and it has not expired. */
export function verifyLink(secret: Buffer, token: string, purpose: LinkPurpose, now: Date): LinkCheck {
  const dot = token.indexOf(".");
  if (dot <= 0 || token.length > 2000) return { ok: false, reason: "invalid" };
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const wanted = Buffer.from(mac(secret, body));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { ok: false, reason: "invalid" };
  let parsed: z.ZodSafeParseResult<LinkClaims>;
  try {
    parsed = linkClaimsSchema.safeParse(JSON.parse(Buffer.from(body, "base64url").toString("utf8")));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!parsed.success || parsed.data.p !== purpose) return { ok: false, reason: "invalid" };
  if (now.getTime() > parsed.data.e) return { ok: false, reason: "expired" };
  return { ok: true, claims: parsed.data };
}
