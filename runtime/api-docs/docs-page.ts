import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { LIVE_ERROR_CODES, HANDSHAKE_REFUSAL } from "./asyncapi";
import { LIVE_CHANNELS } from "./live-channels";

/** The viewer's files, served by the app itself (no CDN): swagger-ui-dist's bundle and style sheet. */
export const VIEWER_FILES: Readonly<Record<string, string>> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

const viewerDir = () => path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const cache = new Map<string, Buffer>();

/** One of the viewer's files (a day in the browser's cache), or a 404 for any other name. */
export async function viewerFile(name: string): Promise<Response> {
  const type = VIEWER_FILES[name];
  if (!type) return Response.json({ code: "NOT_FOUND", message: `The viewer has no file named ${name}` }, { status: 404 });
  let bytes = cache.get(name);
  if (!bytes) cache.set(name, (bytes = await readFile(path.join(viewerDir(), name))));
  return new Response(new Uint8Array(bytes), { headers: { "content-type": type, "cache-control": "public, max-age=86400" } });
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page's own policy: the pages' policy (runtime/security-headers.ts), its one inline script by nonce. */
export const docsPolicy = (nonce: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

function liveSection(): string {
  const rows = LIVE_CHANNELS.map(
    (channel) => `<tr><td><code>${escape(channel.topic)}</code></td><td>${escape(channel.followers)}</td><td>${channel.messages
      .map((m) => `<code>${escape(m.event)}</code>: ${escape(m.summary)}`)
      .join("<br>")}</td></tr>`,
  ).join("");
  const codes = Object.entries(LIVE_ERROR_CODES)
    .map(([code, when]) => `<li><code>${code}</code>: ${escape(when)}</li>`)
    .join("");
  return `<section id="live" class="rc-live" aria-labelledby="live-title">
<h2 id="live-title">The live channel</h2>
<p>socket.io 4 at <code>/socket.io</code> on this origin. The handshake needs the session cookie of a signed-in user; without one the connection is refused with <code>connect_error</code> "${HANDSHAKE_REFUSAL}".
Then <code>emit("subscribe", { organizationId, topic }, ack)</code> follows a topic of the socket's own organization, and <code>emit("unsubscribe", { organizationId, topic }, ack)</code> stops. Each ack is <code>{ ok: true, room }</code> or <code>{ ok: false, code, message }</code>:</p>
<ul>${codes}</ul>
<p>Each payload's schema is in the <a href="/api/asyncapi.json">AsyncAPI 3 document</a>.</p>
<table><caption>Topics</caption><thead><tr><th scope="col">Topic</th><th scope="col">Who may follow it</th><th scope="col">Events</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
}

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;color:#1a1a1a}header,.rc-live{max-width:1460px;margin:0 auto;padding:16px 20px}
header h1{margin:0 0 8px;font-size:1.6rem}header nav a{margin-right:16px}.rc-live table{border-collapse:collapse;width:100%}
.rc-live th,.rc-live td{border:1px solid #ccc;padding:6px 8px;text-align:left;vertical-align:top}a{color:#1d4ed8}`;

/** /api/docs: the OpenAPI document in Swagger UI, and the live channel's topics; its own nonce policy. */
export function docsPage(): Response {
  const nonce = randomBytes(16).toString("base64");
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rollcall API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Rollcall API</h1>
<nav aria-label="Documents"><a href="/api/openapi.json">OpenAPI 3.1 document</a><a href="/api/asyncapi.json">AsyncAPI 3 document</a><a href="#live">The live channel</a><a href="/">Back to Rollcall</a></nav>
<p>Every call answers <code>{ code, message }</code> on failure. Calls take the session cookie (state-changing ones also the <code>X-CSRF-Token</code> header of <code>GET /api/auth/csrf</code>) or <code>Authorization: Bearer &lt;api key&gt;</code>. "Try it out" is offered for reading calls only.</p>
</header>
<main>
<div id="swagger-ui"></div>
${liveSection()}
</main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script nonce="${nonce}">window.ui = window.SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true, validatorUrl: null, supportedSubmitMethods: ["get"] });</script>
</body>
</html>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": docsPolicy(nonce), "cache-control": "no-store" } });
}
