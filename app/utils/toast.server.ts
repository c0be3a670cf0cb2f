import { randomUUID } from "node:crypto";
import { redirect } from "@remix-run/node";
import { parse, serialize } from "cookie";
import { toastSchema, type Toast, type ToastInput } from "./toast";

/** A flash message carried across one redirect in a short-lived cookie (read once by the root loader). */
export const TOAST_COOKIE = "rollcall_toast";
const MAX_AGE_SECONDS = 60;

const attributes = (production: boolean, maxAge: number) => ({ httpOnly: true, sameSite: "lax" as const, secure: production, path: "/", maxAge });

/** The Set-Cookie value that makes the next page show this toast. */
export function toastCookie(input: ToastInput, production: boolean): string {
  const toast: Toast = toastSchema.parse({ ...input, id: input.id ?? randomUUID() });
  return serialize(TOAST_COOKIE, Buffer.from(JSON.stringify(toast)).toString("base64url"), attributes(production, MAX_AGE_SECONDS));
}

/** The toast waiting in the request's cookie, if it is one, and the Set-Cookie that clears it. */
export function takeToast(request: Request, production: boolean): { toast: Toast | null; setCookie: string | null } {
  const raw = parse(request.headers.get("cookie") ?? "")[TOAST_COOKIE];
  if (raw === undefined) return { toast: null, setCookie: null };
  const clear = serialize(TOAST_COOKIE, "", attributes(production, 0));
  try {
    const parsed = toastSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return { toast: parsed.success ? parsed.data : null, setCookie: clear };
  } catch {
    return { toast: null, setCookie: clear };
  }
}

/** Redirect with a toast for the page it lands on; extra Set-Cookie values (e.g. a cleared session) ride along. */
export function redirectWithToast(url: string, toast: ToastInput, production: boolean, cookies: string[] = []): Response {
  const headers = new Headers();
  for (const cookie of [...cookies, toastCookie(toast, production)]) headers.append("Set-Cookie", cookie);
  return redirect(url, { headers });
}
