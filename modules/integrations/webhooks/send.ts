import https from "node:https";
import { isIP } from "node:net";
import { createSecureContext, rootCertificates } from "node:tls";
import { Webhook } from "standardwebhooks";
import { checkHost, guardedLookup, type AllowList } from "./ssrf";

/** No delivery waits longer than this for its answer (issue 22). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer is kept in the log. */
const KEPT_BODY = 2_000;

export type DeliveryOutcome = { ok: boolean; statusCode: number | null; error: string | null; durationMs: number; responseBody: string | null };

export type Sender = { send(input: { url: string; secret: string; id: string; payload: string; at: Date }): Promise<DeliveryOutcome>; close(): void };

/**
 * Sends deliveries (decision 079): a POST of the payload with the Standard Webhooks headers (webhook-id,
 * webhook-timestamp, webhook-signature: HMAC-SHA256 by the `standardwebhooks` library), over HTTPS only,
 * through the SSRF guard, following no redirect (a 3xx is a failure), within 10 s. A 2xx is success.
 * `ca` adds certificate authorities to the usual ones (WEBHOOK_CA_FILE: a receiver's private CA).
 */
export function createSender({ allow, ca, timeoutMs = DELIVERY_TIMEOUT_MS }: { allow: AllowList; ca?: string; timeoutMs?: number }): Sender {
  // one TLS context for every connection: given as `ca`, the 140-odd certificates would be parsed again for each new
  // socket and joined into the agent's pool key for each request (most of the sender's CPU in bench:webhooks)
  const secureContext = ca ? createSecureContext({ ca: [...rootCertificates, ca] }) : undefined;
  const agent = new https.Agent({ keepAlive: true, maxSockets: 16, secureContext, lookup: guardedLookup(allow) as never });
  // decision 130: made once per endpoint, not per delivery (the URL parsed, the secret decoded from base64)
  const targetOf = remembered((url: string) => targetFrom(new URL(url)));
  const signerOf = remembered((secret: string) => new Webhook(secret));
  return {
    async send({ url, secret, id, payload, at }) {
      const started = performance.now();
      const took = () => performance.now() - started;
      try {
        const target = targetOf(url);
        if (!target.https) return { ok: false, statusCode: null, error: "Only https:// addresses receive deliveries", durationMs: took(), responseBody: null };
        // an address in the URL never reaches the lookup: checked here; a name is checked by the socket's own
        // lookup when it connects (a kept-alive socket was checked when it opened: no DNS query per delivery)
        if (target.isAddress) await checkHost(target.options.hostname, allow);
        const signature = signerOf(secret).sign(id, at, payload);
        const headers = {
          "content-type": "application/json",
          "user-agent": "Rollcall-Webhooks/1",
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
          "webhook-signature": signature,
          "content-length": String(Buffer.byteLength(payload)),
        };
        const { statusCode, body } = await post(agent, target.options, headers, payload, timeoutMs);
        const ok = statusCode >= 200 && statusCode < 300;
        const error = ok ? null : statusCode >= 300 && statusCode < 400 ? `Redirect (${statusCode}) not followed` : `HTTP ${statusCode}`;
        return { ok, statusCode, error, durationMs: took(), responseBody: body };
      } catch (error) {
        return { ok: false, statusCode: null, error: error instanceof Error ? error.message : String(error), durationMs: took(), responseBody: null };
      }
    },
    close: () => agent.destroy(),
  };
}

type Target = { https: boolean; isAddress: boolean; options: { hostname: string; port: number | undefined; path: string; auth?: string } };

/** What https.request takes from a URL (as its own urlToHttpOptions does), made once per endpoint URL. */
function targetFrom(url: URL): Target {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  const options: Target["options"] = { hostname, port: url.port ? Number(url.port) : undefined, path: `${url.pathname}${url.search}` };
  // credentials in the URL are sent as Basic auth, as https.request(url) did
  if (url.username || url.password) options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return { https: url.protocol === "https:", isAddress: isIP(hostname) !== 0, options };
}

/** At most this many endpoints' URLs and signers are kept (all are dropped when it is passed: rebuilt on use). */
const REMEMBERED = 1_000;

function remembered<T>(make: (key: string) => T): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      if (kept.size >= REMEMBERED) kept.clear();
      value = make(key);
      kept.set(key, value);
    }
    return value;
  };
}

/**
 * One POST. A kept-alive socket the receiver closed meanwhile fails at once with ECONNRESET: that request is
 * sent again once on a fresh socket (as Node's documentation advises), not counted as the receiver's failure.
 */
async function post(agent: https.Agent, url: Target["options"], headers: Record<string, string>, payload: string, timeoutMs: number): Promise<{ statusCode: number; body: string }> {
  try {
    return await postOnce(agent, url, headers, payload, timeoutMs);
  } catch (error) {
    if ((error as { staleSocket?: boolean }).staleSocket) return postOnce(agent, url, headers, payload, timeoutMs);
    throw error;
  }
}

function postOnce(agent: https.Agent, url: Target["options"], headers: Record<string, string>, payload: string, timeoutMs: number): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    // one timer per request: the deadline below (a socket idle timeout as well would only repeat it)
    const request = https.request({ ...url, method: "POST", agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        if (size < KEPT_BODY) chunks.push(chunk);
        size += chunk.length;
      });
      response.on("end", () => resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8").slice(0, KEPT_BODY) }));
      response.on("error", reject);
    });
    const deadline = setTimeout(() => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)), timeoutMs);
    request.on("close", () => clearTimeout(deadline));
    request.on("error", (error: NodeJS.ErrnoException) => reject(request.reusedSocket && error.code === "ECONNRESET" ? Object.assign(error, { staleSocket: true }) : error));
    request.end(payload);
  });
}
