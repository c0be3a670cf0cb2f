/**
 * `npm run bench:webhooks` (issue 22): check-ins by API key at BENCH_RATE per second (default 1 000) for
 * BENCH_SECONDS (default 30), first with no webhook endpoint, then with 5 local HTTPS endpoints subscribed to
 * check-in and check-out. Prints the check-in p50/p99 of both phases, and for the second the deliveries per
 * second and the event-to-delivery p50/p95 (the event's occurred-at to its arrival at a receiver). The app
 * (web, projector, workers) runs in this process on a database of its own. Goal: delivery p95 < 1 s, check-in
 * p99 at most 10 % worse with webhooks on.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { DEMO_FLAGGED_PARTICIPANT_IDS, DEMO_VISITOR_PARTICIPANT_IDS } from "../factories/demo-seed";
import { HttpClient } from "../support/http-client";
import { startInProcessApp } from "../support/in-process-app";
import { percentile } from "./stats";

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ENDPOINTS = 5;
const INDEPENDENT = "Child may travel to and from the facility independently";

const dir = mkdtempSync(path.join(os.tmpdir(), "rollcall-bench-hooks-"));
execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")], { stdio: "ignore" });
const tls = { cert: readFileSync(path.join(dir, "cert.pem"), "utf8"), key: readFileSync(path.join(dir, "key.pem"), "utf8") };

// the receivers: each arrival's delay from the event's occurred-at
const delays: number[] = [];
const ids = new Set<string>();
let duplicates = 0;
const receivers = await Promise.all(
  Array.from({ length: ENDPOINTS }, () => {
    const server = https.createServer(tls, (req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        const id = `${req.url}:${String(req.headers["webhook-id"])}`;
        if (ids.has(id)) duplicates++;
        ids.add(id);
        delays.push(Date.now() - Date.parse((JSON.parse(body) as { timestamp: string }).timestamp));
        res.writeHead(204).end();
      });
    });
    return new Promise<https.Server>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
  }),
);

const app = await startInProcessApp("bench_hooks", {
  nodeEnv: "production",
  env: { WEBHOOK_ALLOW_HOSTS: "localhost", WEBHOOK_CA_FILE: path.join(dir, "cert.pem"), API_KEY_RATE_PER_MINUTE: "1000000", LOG_LEVEL: "error" },
});
const admin = new HttpClient(app.baseUrl);
await admin.signIn("admin@northside.demo");
const made = (await (await admin.request("POST", "/api/api-key", { body: { name: "bench", permission_ids: ["CAN_CHECK_IN_OUT_MEMBERS"], expires_at: new Date(Date.now() + 86_400_000).toISOString() } })).json()) as { data: { key: string } };
const key = made.data.key;
type Member = { id: string; member_id: string; is_waiver_signed: boolean; pick_up_permission: string };
const members = ((await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] }).data.filter(
  (m) => m.is_waiver_signed && m.pick_up_permission === INDEPENDENT && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id) && !DEMO_VISITOR_PARTICIPANT_IDS.has(m.id),
);
const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
const post = (memberId: string, type: "in" | "out") =>
  fetch(`${app.baseUrl}/api/check-in`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ memberId, type, ...day }) });

/** Each member is a lane alternating in and out; the lanes together start RATE calls a second. */
const state = new Map<string, "in" | "out">();
async function phase(label: string) {
  const latencies: number[] = [];
  let refused = 0;
  const lanes = members.length;
  const paceMs = (1000 * lanes) / RATE;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    members.map(async (m) => {
      let next = performance.now() + Math.random() * paceMs;
      while (performance.now() < end) {
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
        next += paceMs;
        const type = state.get(m.member_id) === "in" ? "out" : "in";
        const t = performance.now();
        const response = await post(m.member_id, type);
        latencies.push(performance.now() - t);
        await response.arrayBuffer();
        if (response.status === 200) state.set(m.member_id, type);
        else refused++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(`${label}: ${(latencies.length / seconds).toFixed(0)} check-ins/s over ${seconds.toFixed(1)} s (${lanes} lanes, ${refused} refused), p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`);
  return { p99: percentile(latencies, 99), count: latencies.length - refused };
}

console.log(`bench:webhooks: target ${RATE} check-ins/s for ${SECONDS} s, ${members.length} members cycling in and out`);
const off = await phase("webhooks off");
for (const server of receivers) {
  const url = `https://localhost:${(server.address() as AddressInfo).port}/hook`;
  const response = await admin.request("POST", "/api/webhook", { body: { url, event_types: ["check-in", "check-out"] } });
  if (response.status !== 200) throw new Error(`webhook: ${response.status} ${await response.text()}`);
}
const deliveredBefore = delays.length;
const on = await phase(`webhooks on (${ENDPOINTS} endpoints)`);
const expected = on.count * ENDPOINTS;
const drainStart = Date.now();
while (delays.length - deliveredBefore < expected && Date.now() - drainStart < 120_000) await new Promise((r) => setTimeout(r, 200));
const got = delays.slice(deliveredBefore).sort((a, b) => a - b);
console.log(
  `deliveries: ${got.length} of ${expected} in ${(SECONDS + (Date.now() - drainStart) / 1000).toFixed(1)} s (${(got.length / (SECONDS + (Date.now() - drainStart) / 1000)).toFixed(0)}/s), duplicates ${duplicates}; event-to-delivery p50 ${percentile(got, 50)} ms, p95 ${percentile(got, 95)} ms`,
);
console.log(`check-in p99 with webhooks on: ${((on.p99 / off.p99 - 1) * 100).toFixed(1)} % against off (goal: at most +10 %); delivery p95 goal < 1000 ms`);
for (const server of receivers) server.close();
await app.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
