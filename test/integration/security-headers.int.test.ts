/**
 * The security headers of the web server (runtime/security-headers.ts, decision 030), over HTTP on the
 * real app: every page carries a Content-Security-Policy whose one nonce, new per response, is on every
 * inline script of its HTML; HSTS only in production; nosniff, Referrer-Policy and X-Frame-Options as
 * before; a stored file keeps its own sandboxing policy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TINY_PNG } from "../support/craft-zip";
import { expectNoncedPage, parsePolicy } from "../support/csp";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

describe("security headers in development", () => {
  let app: InProcessApp;
  let admin: HttpClient;

  beforeAll(async () => {
    app = await startInProcessApp("headers_dev", { nodeEnv: "development" });
    await clearSignInLimits((await testServices()).redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("a page's policy admits only its own nonce'd inline scripts, a new nonce per response", async () => {
    const first = await fetch(`${app.baseUrl}/login`);
    const html = await first.text();
    expect(first.status).toBe(200);
    const nonce = expectNoncedPage(first, html);
    const again = await fetch(`${app.baseUrl}/login`);
    expect(expectNoncedPage(again, await again.text())).not.toBe(nonce);

    const policy = parsePolicy(first.headers.get("content-security-policy"));
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy.get("script-src-attr")).toEqual(["'none'"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    const host = new URL(app.baseUrl).host;
    expect(policy.get("connect-src")).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
  });

  it("signed-in pages and the not-found page carry it too; nosniff, Referrer-Policy and X-Frame-Options stay; no HSTS", async () => {
    for (const path of ["/", "/check-in", "/participants", "/404-page-not-found"]) {
      const response = await admin.request("GET", path);
      const html = await response.text();
      expect(response.status, `${path}: ${html.slice(0, 300)}`).toBe(path === "/404-page-not-found" ? 404 : 200);
      expectNoncedPage(response, html);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("same-origin");
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
    const api = await admin.request("GET", "/api/auth/session");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    // an /api answer is never a page: a fixed policy that allows nothing, with no nonce to make
    for (const call of [api, await admin.request("GET", "/API/auth/session")]) {
      expect(call.headers.get("content-security-policy")).toBe("default-src 'none';frame-ancestors 'none'");
      expect(call.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("a stored file keeps its own sandboxing policy, not the page's as well", async () => {
    const data = new FormData();
    data.append("file", new Blob([new Uint8Array(TINY_PNG)], { type: "image/png" }), "dot.png");
    const uploaded = await admin.request("POST", "/api/file/upload", { body: data });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    const file = await admin.request("GET", url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("security headers in production", () => {
  let app: InProcessApp;

  beforeAll(async () => {
    app = await startInProcessApp("headers_prod", { nodeEnv: "production" });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("pages add HSTS (a year, subdomains) to the same policy", async () => {
    const response = await fetch(`${app.baseUrl}/login`);
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expectNoncedPage(response, await response.text());
  });
});
