import { expect } from "vitest";

/** A Content-Security-Policy header as directive name → its sources. */
export function parsePolicy(header: string | null): Map<string, string[]> {
  const policy = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

/**
 * Checks a page's Content-Security-Policy against its HTML: scripts only from 'self' or with one nonce
 * (no 'unsafe-inline', no 'unsafe-eval'), and every inline <script> of the page carries that nonce.
 * Returns the nonce.
 */
export function expectNoncedPage(response: Response, html: string): string {
  const header = response.headers.get("content-security-policy");
  expect(header, "the page has a Content-Security-Policy").toBeTruthy();
  const policy = parsePolicy(header);
  const scriptSrc = policy.get("script-src") ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  const nonces = scriptSrc.filter((s) => s.startsWith("'nonce-")).map((s) => s.slice("'nonce-".length, -1));
  expect(nonces, header!).toHaveLength(1);
  const nonce = nonces[0]!;
  // 128 random bits, base64
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  const inline = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!).filter((attributes) => !/\ssrc=/i.test(attributes));
  expect(inline.length, "the page has inline scripts (Remix's)").toBeGreaterThan(0);
  for (const attributes of inline) expect(/\snonce="([^"]*)"/.exec(attributes)?.[1], `<script${attributes}>`).toBe(nonce);
  return nonce;
}
