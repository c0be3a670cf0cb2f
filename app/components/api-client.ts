/**
 * The browser's one client for /api: JSON in and out, `{ code, message }` failures as ApiError, no answer as
 * NetworkError, and the CSRF header on every state-changing call (fetched once, refreshed once when refused).
 */
/** A refusal or failure the API answered: `{ code, message }` with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request never got an answer (offline, connection dropped). */
export class NetworkError extends Error {}

/** Not applied, try again later: no answer, or a gateway's while the app restarts. A scan is then queued. */
export const isRetryable = (error: unknown) => error instanceof NetworkError || (error instanceof ApiError && [502, 503, 504].includes(error.status));

let csrfToken: string | null = null;

async function csrf(refresh = false): Promise<string> {
  if (csrfToken && !refresh) return csrfToken;
  const body = (await request("GET", "/api/auth/csrf")) as { csrf: string };
  csrfToken = body.csrf;
  return csrfToken;
}

async function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : "The request failed");
  }
  const text = await response.text().catch(() => "");
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const error = (parsed ?? {}) as { code?: string; message?: string };
    throw new ApiError(response.status, error.code ?? String(response.status), error.message ?? "Please try again or contact support for help");
  }
  return parsed;
}

export const apiGet = <T>(path: string, query: Record<string, string | undefined> = {}): Promise<T> => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const qs = params.toString();
  return request("GET", qs ? `${path}?${qs}` : path) as Promise<T>;
};

/** A state-changing call with the CSRF header (fetched once, refreshed once on EBADCSRFTOKEN). */
export async function apiSend<T>(method: "POST" | "PUT" | "DELETE", path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  try {
    return (await request(method, path, body, { "x-csrf-token": await csrf(), ...headers })) as T;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "EBADCSRFTOKEN") throw error;
    return (await request(method, path, body, { "x-csrf-token": await csrf(true), ...headers })) as T;
  }
}

