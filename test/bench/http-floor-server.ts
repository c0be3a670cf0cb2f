/**
 * The floor under any HTTP check-in: a bare node:http server whose every POST appends one event through
 * the same event store, with no session, no parsing beyond the body, no decision and no projection. The
 * check-in benchmark runs it as a process of its own to show how much of the raw append rate is left
 * once a request crosses HTTP at all. Prints its port on stdout.
 */
import http from "node:http";
import { createPool, newId, PostgresEventStore } from "../../modules/kernel";

const databaseUrl = process.env.DATABASE_URL!;
const pool = createPool(databaseUrl, { max: 20, applicationName: "rollcall-bench-floor" });
const store = new PostgresEventStore(pool, databaseUrl);
const metadata = () => ({ organizationId: null, actorId: null, commandId: newId(), correlationId: newId(), causationId: null, occurredAt: new Date().toISOString() });

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString() || "{}";
    store
      .appendToStream(`floor-${newId()}`, [{ type: "FloorAppended", data: JSON.parse(body) as Record<string, unknown>, eventId: newId(), metadata: metadata() }], { expectedRevision: "no_stream" })
      .then(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"ok":true}');
      })
      .catch((error: unknown) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ code: "INTERNAL", message: String(error) }));
      });
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
process.on("SIGTERM", () => {
  server.close();
  void store.close().then(() => pool.end()).then(() => process.exit(0));
});
