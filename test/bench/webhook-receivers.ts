/**
 * The receivers of `npm run bench:webhooks`, in a process of their own (so their work is not counted in the load
 * generator's latencies): COUNT HTTPS servers on 127.0.0.1 with the certificate in CERT_FILE/KEY_FILE. Each arrival's
 * delay is its arrival time minus the payload's timestamp (the event's occurred-at). IPC: sends { ports } when
 * listening; answers "report" with the figures since the last "reset".
 */
import { readFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { percentile } from "./stats";

const count = Number(process.env.COUNT ?? 5);
const tls = { cert: readFileSync(process.env.CERT_FILE!, "utf8"), key: readFileSync(process.env.KEY_FILE!, "utf8") };
let delays: number[] = [];
const ids = new Set<string>();
let duplicates = 0;

const servers = await Promise.all(
  Array.from({ length: count }, (_, n) => {
    const server = https.createServer({ ...tls, keepAliveTimeout: 30_000 }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const id = `${n}:${String(req.headers["webhook-id"])}`;
        if (ids.has(id)) duplicates++;
        ids.add(id);
        const body = Buffer.concat(chunks).toString("utf8");
        delays.push(Date.now() - Date.parse((JSON.parse(body) as { timestamp: string }).timestamp));
        res.writeHead(204).end();
      });
    });
    return new Promise<https.Server>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
  }),
);
// gone with the bench that started it
process.on("disconnect", () => process.exit(0));
process.send!({ ports: servers.map((s) => (s.address() as AddressInfo).port) });
process.on("message", (message: string) => {
  if (message === "reset") {
    delays = [];
    process.send!({ reset: true });
  } else if (message === "report") {
    const sorted = [...delays].sort((a, b) => a - b);
    process.send!({ received: sorted.length, duplicates, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) });
  } else if (message === "stop") {
    for (const server of servers) server.close();
    process.exit(0);
  }
});
