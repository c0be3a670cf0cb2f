/**
 * `npx tsx test/bench/webhook-sender.ts` (decision 130): the webhook sender's own CPU per delivery, apart from the
 * app: SENDER_DELIVERIES (default 20,000) deliveries of a ~480-byte body to one local HTTPS receiver (the bench's,
 * in a process of its own), 16 at once as a batch's streams go, after an unmeasured warm-up. Prints this process's
 * CPU per delivery (user + system: the sender, its TLS and socket writes) and the receiver's, with the load average.
 * Runs SENDER_ROUNDS rounds (default 3) so a variant can be compared with another run back to back.
 */
import { execFileSync, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createSender, parseAllowList } from "../../modules/integrations";
import { cpuMsOf } from "./stats";

const DELIVERIES = Number(process.env.SENDER_DELIVERIES ?? 20_000);
const ROUNDS = Number(process.env.SENDER_ROUNDS ?? 3);
const AT_ONCE = 16;

const dir = mkdtempSync(path.join(os.tmpdir(), "rollcall-bench-sender-"));
const certFile = path.join(dir, "cert.pem");
const keyFile = path.join(dir, "key.pem");
execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-keyout", keyFile, "-out", certFile], { stdio: "ignore" });
const receiver = fork(path.join(import.meta.dirname, "webhook-receivers.ts"), { execArgv: ["--import", "tsx"], env: { ...process.env, COUNT: "1", CERT_FILE: certFile, KEY_FILE: keyFile } });
const { ports } = await new Promise<{ ports: number[] }>((resolve) => receiver.once("message", (m) => resolve(m as { ports: number[] })));
const url = `https://localhost:${ports[0]}/hook`;
const sender = createSender({ allow: parseAllowList("localhost"), ca: readFileSync(certFile, "utf8") });
const secret = `whsec_${randomBytes(24).toString("base64")}`;
const body = (i: number) =>
  JSON.stringify({ type: "check-in", timestamp: new Date().toISOString(), data: { type: "MemberCheckedIn", id: `evt-${i}`, memberId: "m-000123", participantId: randomBytes(16).toString("hex"), organizationId: randomBytes(16).toString("hex"), at: new Date().toISOString(), byUserId: randomBytes(16).toString("hex"), note: "x".repeat(200) } });

async function run(count: number) {
  let next = 0;
  let failed = 0;
  const lane = async () => {
    for (let i = next++; i < count; i = next++) {
      const outcome = await sender.send({ url, secret, id: `msg_${i}`, payload: body(i), at: new Date() });
      if (!outcome.ok) failed++;
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
  return failed;
}

console.log(`webhook sender: ${DELIVERIES} deliveries a round, ${AT_ONCE} at once, to one local HTTPS receiver, ${os.cpus().length} cores`);
await run(2_000);
for (let round = 1; round <= ROUNDS; round++) {
  const cpu = process.cpuUsage();
  const receiverBefore = cpuMsOf(receiver.pid!);
  const started = performance.now();
  const failed = await run(DELIVERIES);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const senderMs = (used.user + used.system) / 1000;
  console.log(
    `round ${round} (load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}): ${(DELIVERIES / seconds).toFixed(0)} deliveries/s, sender ${((1000 * senderMs) / DELIVERIES).toFixed(1)} µs CPU a delivery (user ${(used.user / DELIVERIES).toFixed(1)}, system ${(used.system / DELIVERIES).toFixed(1)}), receiver ${((1000 * (cpuMsOf(receiver.pid!) - receiverBefore)) / DELIVERIES).toFixed(1)} µs, ${failed} failed`,
  );
}
sender.close();
receiver.send("stop");
rmSync(dir, { recursive: true, force: true });
process.exit(0);
