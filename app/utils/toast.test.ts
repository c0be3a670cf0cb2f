import { describe, expect, it } from "vitest";
import { DEFAULT_ERROR_TEXT, toastText } from "./toast";
import { redirectWithToast, takeToast, toastCookie, TOAST_COOKIE } from "./toast.server";

const requestWith = (setCookie: string) => new Request("http://localhost/", { headers: { cookie: setCookie.split(";")[0]! } });

describe("toasts", () => {
  it("shows the spec's default text for an error without detail", () => {
    expect(toastText({ type: "error" })).toEqual({ title: DEFAULT_ERROR_TEXT });
    expect(DEFAULT_ERROR_TEXT).toBe("Please try again or contact support for help");
    expect(toastText({ type: "error", description: "Check In Error" })).toEqual({ title: "Check In Error" });
    expect(toastText({ type: "success", title: "Saved", description: "All good" })).toEqual({ title: "Saved", description: "All good" });
  });

  it("carries a toast across a redirect in a short-lived cookie, read once", () => {
    const cookie = toastCookie({ type: "success", title: "Your password was reset." }, true);
    expect(cookie).toMatch(/Max-Age=60/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    const { toast, setCookie } = takeToast(requestWith(cookie), true);
    expect(toast).toMatchObject({ type: "success", title: "Your password was reset." });
    expect(toast?.id).toBeTruthy();
    expect(setCookie).toMatch(new RegExp(`^${TOAST_COOKIE}=;.*Max-Age=0`));
  });

  it("ignores a forged or broken cookie but still clears it", () => {
    const forged = `${TOAST_COOKIE}=${Buffer.from(JSON.stringify({ id: "x", type: "alert", title: "hi" })).toString("base64url")}`;
    expect(takeToast(requestWith(forged), false)).toMatchObject({ toast: null, setCookie: expect.stringContaining("Max-Age=0") });
    expect(takeToast(requestWith(`${TOAST_COOKIE}=%%%`), false).toast).toBeNull();
    expect(takeToast(new Request("http://localhost/"), false)).toEqual({ toast: null, setCookie: null });
  });

  it("redirects with the toast and any extra cookies", () => {
    const response = redirectWithToast("/login", { type: "success", title: "Done" }, false, ["rollcall_session=; Max-Age=0; Path=/"]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[1]).toMatch(new RegExp(`^${TOAST_COOKIE}=`));
  });
});
