import { createHmac, timingSafeEqual } from "node:crypto";
import type { RedisClient } from "../kernel";
import type { Services } from "../identity";
import { DomainError, sharedSecret } from "../kernel";
import type { DownloadQuery } from "./commands";

/** A download link lives this long (decision 014). */
const DOWNLOAD_LINK_TTL_MS = 15 * 60 * 1000;
const SECRET_KEY = "rollcall:exports:link-secret";

/** The HMAC key of download links, shared by every web process through Redis. */
const linkSecret = (redis: RedisClient) => sharedSecret(redis, SECRET_KEY, "Downloads");

const sign = (key: Buffer, exportId: string, expires: number) => createHmac("sha256", key).update(`${exportId}.${expires}`).digest("base64url");

/** A link to the file that stops working after DOWNLOAD_LINK_TTL_MS. */
export async function downloadUrl(services: Pick<Services, "redis" | "clock">, exportId: string): Promise<string> {
  const expires = services.clock.now().getTime() + DOWNLOAD_LINK_TTL_MS;
  const signature = sign(await linkSecret(services.redis), exportId, expires);
  return `/api/export/${encodeURIComponent(exportId)}/download?expires=${expires}&signature=${signature}`;
}

const linkExpired = () => new DomainError("LINK_EXPIRED", "This download link has expired. Open Downloads for a new one.", 410);

/** A link is good when its signature is this export's and its time has not passed (else 410 LINK_EXPIRED). */
export async function checkLink(services: Pick<Services, "redis" | "clock">, exportId: string, query: DownloadQuery): Promise<void> {
  const expires = Number(query.expires ?? 0);
  const given = query.signature ?? "";
  if (!Number.isFinite(expires) || !given) throw linkExpired();
  const wanted = Buffer.from(sign(await linkSecret(services.redis), exportId, expires));
  const got = Buffer.from(given);
  if (got.length !== wanted.length || !timingSafeEqual(got, wanted)) throw linkExpired();
  if (services.clock.now().getTime() > expires) throw linkExpired();
}
