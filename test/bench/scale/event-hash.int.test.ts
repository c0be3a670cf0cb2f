import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyEventChain } from "../../../modules/kernel";
import { createTestDatabase, type TestDatabase } from "../../support/test-db";
import { eventHash, jsonbText } from "./event-hash";
import { BulkWriter, type Heads } from "./sinks";

// what the scale bench's bulk writer computes in Node must be what PostgreSQL prints and hashes
const SAMPLES: unknown[] = [
  { b: 1, a: "x", aa: [1, "two", null, true, false], bb: { z: {}, y: [] } },
  { "key with spaces": "quote \" backslash \\ slash / tab \t newline \n bell \u0007 del \u007f", k: -42 },
  { name: "Zoë Ålvarez 北京 😀", "é": "accent key", e: "plain", ee: 9007199254740991 },
  { dup: 1, nested: { deeper: { deepest: ["a", { b: [] }] } }, missing: undefined },
  [],
  "just a string",
];

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase("scale_hash");
});
afterAll(async () => t?.drop());

describe("the scale bench's jsonb text and event hash", () => {
  it("prints jsonb as PostgreSQL does", async () => {
    for (const value of SAMPLES) {
      const { rows } = await t.pool.query<{ text: string }>("select ($1::jsonb)::text as text", [JSON.stringify(value)]);
      expect(jsonbText(value)).toBe(rows[0]!.text);
    }
  });

  it("hashes an event as rollcall_event_hash does", async () => {
    for (const [i, value] of SAMPLES.entries()) {
      const data = { value, i };
      const metadata = { organizationId: null, occurredAt: new Date(0).toISOString(), note: "Ünïcode 😀" };
      const input = { prev: i ? "ab".repeat(32) : "", streamId: `scale-${i}-é`, revision: i, position: 1000 + i, eventId: randomUUID(), type: "ScaleTest" };
      const { rows } = await t.pool.query<{ h: string }>("select rollcall_event_hash($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb) as h", [
        input.prev,
        input.streamId,
        input.revision,
        input.position,
        input.eventId,
        input.type,
        JSON.stringify(data),
        JSON.stringify(metadata),
      ]);
      expect(eventHash({ ...input, dataText: jsonbText(data), metadataText: jsonbText(metadata) })).toBe(rows[0]!.h);
    }
  });

  it("bulk-written events hold their chains, and the append path continues them", async () => {
    const heads: Heads = new Map();
    const writer = new BulkWriter(t.pool, heads);
    const metadata = { organizationId: null, actorId: null, commandId: randomUUID(), correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    for (let i = 0; i < 30; i++) writer.add({ streamId: `scale-${i % 4}`, event: { type: "ScaleTest", data: { i, text: `line ${i}\n"quoted"` } }, metadata, eventId: randomUUID(), once: false });
    await writer.finish();
    await t.store.appendToStream("scale-1", [{ type: "ScaleTest", data: { after: true }, eventId: randomUUID(), metadata }], { expectedRevision: heads.get("scale-1")!.revision });
    const checked = await verifyEventChain(t.pool);
    expect(checked).toMatchObject({ events: 31, streams: 4, problems: [] });
    // and a changed event is named
    await t.pool.query("update events set data = '{\"i\": 99}' where stream_id = 'scale-2' and revision = 3");
    expect((await verifyEventChain(t.pool)).problems.map((p) => p.problem)).toContain("changed");
  });
});
