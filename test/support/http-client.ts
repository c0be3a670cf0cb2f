import { Redis } from "ioredis";
import { DEMO_PASSWORD } from "../factories/demo-seed";

/** A tiny browser stand-in: keeps cookies, fetches the CSRF token, sends it on every non-GET call. */
export class HttpClient {
  private readonly cookies = new Map<string, string>();
  csrf: string | null = null;

  /** `fetchImpl`: e.g. fetchFrom("127.0.0.2") (./http-from) to come from another address */
  constructor(
    readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  cookie(name: string) {
    return this.cookies.get(name);
  }

  /** e.g. the same session used on another web process */
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  private store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: string, path: string, { body, csrf = true, headers = {} }: { body?: unknown; csrf?: boolean; headers?: Record<string, string> } = {}) {
    if (csrf && method !== "GET" && !this.csrf) await this.fetchCsrf();
    // FormData, bytes and Blobs go as they are (multipart uploads, file bodies); anything else as JSON
    const raw = body instanceof FormData || body instanceof Uint8Array || body instanceof Blob;
    const response = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method,
      redirect: "manual",
      headers: {
        ...(body === undefined || raw ? {} : { "content-type": "application/json" }),
        ...(csrf && this.csrf && method !== "GET" ? { "x-csrf-token": this.csrf } : {}),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        ...headers,
      },
      body: body === undefined ? undefined : raw || typeof body === "string" ? (body as BodyInit) : JSON.stringify(body),
    });
    this.store(response);
    return response;
  }

  async fetchCsrf() {
    const response = await this.request("GET", "/api/auth/csrf");
    this.csrf = ((await response.json()) as { csrf: string }).csrf;
    return this.csrf;
  }

  async signIn(username: string, password = DEMO_PASSWORD) {
    const response = await this.request("POST", "/api/auth/login", { body: { username, password } });
    if (response.status !== 200) throw new Error(`sign-in as ${username}: ${response.status} ${await response.text()}`);
    return response;
  }
}

/** Sign-in attempts from 127.0.0.1 are rate limited: tests that sign in many accounts clear the counters. */
export async function clearSignInLimits(redisUrl: string) {
  const redis = new Redis(redisUrl);
  const keys = await redis.keys("rollcall:ratelimit:signin:*");
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
