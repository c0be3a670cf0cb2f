import { describe, expect, it } from "vitest";
import { checkCsrf, isApiPath, routedPath } from "./csrf";

const base = { path: "/api/role", headers: {}, cookieToken: "tok-123", host: "app.test" };

describe("checkCsrf", () => {
  it("lets safe methods through", () => {
    expect(checkCsrf({ ...base, method: "GET" }).ok).toBe(true);
  });

  it("refuses a non-GET /api call without the token or with a wrong one", () => {
    expect(checkCsrf({ ...base, method: "POST" }).ok).toBe(false);
    expect(checkCsrf({ ...base, method: "PUT", headers: { "x-csrf-token": "tok-124" } }).ok).toBe(false);
    expect(checkCsrf({ ...base, method: "DELETE", headers: { "x-csrf-token": "tok-123" }, cookieToken: undefined }).ok).toBe(false);
  });

  it("lets a PUT to a signed upload link through without a token (the signature is checked there), and nothing else", () => {
    expect(checkCsrf({ ...base, method: "PUT", path: "/api/asset/put/abc.def", cookieToken: undefined }).ok).toBe(true);
    expect(checkCsrf({ ...base, method: "POST", path: "/api/asset/put/abc.def" }).ok).toBe(false);
    expect(checkCsrf({ ...base, method: "PUT", path: "/api/asset" }).ok).toBe(false);
  });

  it("accepts the token in any of the four headers", () => {
    for (const header of ["x-csrf-token", "csrf-token", "xsrf-token", "x-xsrf-token"]) {
      expect(checkCsrf({ ...base, method: "POST", headers: { [header]: "tok-123" } }).ok).toBe(true);
    }
  });

  it("checks a form post's origin against the host", () => {
    const form = { ...base, path: "/login", cookieToken: undefined };
    expect(checkCsrf({ ...form, method: "POST", headers: { origin: "https://app.test" } }).ok).toBe(true);
    expect(checkCsrf({ ...form, method: "POST", headers: { origin: "https://evil.test" } }).ok).toBe(false);
    expect(checkCsrf({ ...form, method: "POST", headers: { referer: "https://evil.test/page" } }).ok).toBe(false);
  });
});

describe("checkCsrf: spellings and missing origins (decision 028)", () => {
  it("treats every spelling the router sends to /api as /api: case, repeated slashes, percent-escapes", () => {
    for (const path of ["/API/role", "/Api/Role", "//api/role", "/%61pi/role", "/api/%72ole", "/API"]) {
      expect(checkCsrf({ ...base, path, method: "POST", headers: { origin: "https://app.test" } }).ok, path).toBe(false);
      expect(checkCsrf({ ...base, path, method: "POST", headers: { "x-csrf-token": "tok-123" } }).ok, path).toBe(true);
    }
    expect(isApiPath("/API/auth/logout")).toBe(true);
    expect(isApiPath("/apis")).toBe(false);
    expect(routedPath("//API//Auth/%4Cogout?x=1")).toBe("/api/auth/logout");
  });

  it("refuses a form post with no Origin and no Referer unless it carries the token", () => {
    const form = { ...base, path: "/logout", method: "POST" };
    expect(checkCsrf({ ...form, headers: {} }).ok).toBe(false);
    expect(checkCsrf({ ...form, headers: { origin: "null" } }).ok).toBe(false);
    expect(checkCsrf({ ...form, headers: { referer: "https://app.test/check-in" } }).ok).toBe(true);
    expect(checkCsrf({ ...form, headers: { "x-csrf-token": "tok-123" } }).ok).toBe(true);
  });

  it("keeps the signed upload link exempt however it is spelled, and only for PUT", () => {
    expect(checkCsrf({ ...base, method: "PUT", path: "/API/asset/put/abc.def", cookieToken: undefined }).ok).toBe(true);
    expect(checkCsrf({ ...base, method: "POST", path: "/API/asset/put/abc.def", cookieToken: undefined }).ok).toBe(false);
  });

  it("lets a one-click unsubscribe POST through without a token or Origin (the signed token is checked there), and only POST (decision 059)", () => {
    expect(checkCsrf({ ...base, method: "POST", path: "/unsubscribe/abc.def", headers: {}, cookieToken: undefined }).ok).toBe(true);
    expect(checkCsrf({ ...base, method: "DELETE", path: "/unsubscribe/abc.def", headers: {}, cookieToken: undefined }).ok).toBe(false);
    expect(checkCsrf({ ...base, method: "POST", path: "/unsubscribe", headers: {}, cookieToken: undefined }).ok).toBe(false);
  });
});
