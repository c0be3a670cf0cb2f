import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Services } from "../../modules/identity";
import { idFrom, newId, systemClock, type DomainError, type EventStore } from "../../modules/kernel";
import { placeOrder, pointsDecider, pointsStreamId } from "../../modules/points";
import { runOn } from "../../modules/points/run";
import { waitForProjection } from "../../projections/runner";
import type { ReadModels } from "../../projections/read-models";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

const NORTHSIDE = idFrom("demo", "organization", "northside-youth-centre");

/**
 * Decisions 132 and 134: a member's next checkout appends from the state this process's last spend left on their
 * points stream (kept by the kernel's batcher, as a claim) when their balance row has not projected it yet (no conflict, no read of the stream), and such a claim is still only a claim:
 * a stream written since by another path is read and decided on, never overspent.
 */
describe("a repeat buyer's claim from this process's last spend (decisions 132, 134), on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let services: Services;
  let db: Kysely<ReadModels>;
  let admin: HttpClient;
  let members: string[];

  const buyer = (participantId: string) => ({ organizationId: NORTHSIDE, actorId: participantId, participantId, roleName: "PARTICIPANT" });
  const pointsCaughtUp = async () => expect(await waitForProjection(services, "points", { atLeast: await services.store.lastCommittedPosition(), timeoutMs: 30_000 })).toBe(true);
  const createItem = async (name: string, price: number) => {
    const response = await admin.request("POST", "/api/store/item", { body: { name, description: "", price, stock: 50 } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { id: string } }).data.id;
  };
  const award = async (member: string, amount: number) => {
    const response = await admin.request("POST", "/api/point", { body: { participant_ids: [member], amount, reason: "Spent states" } });
    expect(response.status).toBe(200);
  };
  /** the reads of one stream from now on */
  const watching = (store: EventStore, stream: string) => {
    const reads: string[] = [];
    const original = store.readStream.bind(store);
    store.readStream = ((id: string, options?: { last?: number }) => (id === stream && reads.push(options?.last ? "revision" : "stream"), original(id, options))) as EventStore["readStream"];
    return { reads, restore: () => (store.readStream = original) };
  };
  /** the balance row put back to where it was: a projector behind the stream */
  const rowBackTo = async (member: string, row: { stream_revision: number | null; stream_balance: number | null }) =>
    db.updateTable("rm_point_balances").set(row).where("participant_id", "=", member).execute();
  const foldOf = async (member: string) => db.selectFrom("rm_point_balances").select(["stream_revision", "stream_balance"]).where("participant_id", "=", member).executeTakeFirstOrThrow();

  /** points for `member` (projected) and an item priced `price`: the item and the member's balance row before the checkouts */
  const ready = async (member: string, points: number, itemName: string, price: number) => {
    await award(member, points);
    await pointsCaughtUp();
    return { item: await createItem(itemName, price), row: await foldOf(member) };
  };

  beforeAll(async () => {
    app = await startInProcessApp("points_spent");
    services = { ...app.app.core, clock: systemClock } as unknown as Services;
    db = app.app.core.db as Kysely<ReadModels>;
    await clearSignInLimits((await testServices()).redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    const rows = await db.selectFrom("rm_participants").select("id").where("organization_id", "=", NORTHSIDE).where("user_id", "is", null).where("status", "=", "Active").orderBy("id").limit(4).execute();
    members = rows.map((r) => String(r.id));
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  /** the transactions that wrote an order's reservation(s), spend and placing */
  const writersOf = async (orderId: string) => {
    const { rows } = await app.app.core.pool.query<{ type: string; xid: string }>(
      "select type, transaction_id::text as xid from events where (data->>'orderId') = $1 order by global_position",
      [orderId],
    );
    return rows;
  };

  it("a one-line cart: its reservation, spend and order are one transaction (decision 137); a two-line cart goes step by step", async () => {
    const member = members[3]!;
    const { item, row } = await ready(member, 100, "Together badge", 10);
    const second = await createItem("Together cap", 5);
    const one = await placeOrder(services, buyer(member), [{ id: item, quantity: 2 }], newId());
    expect(one.balance).toBe(row.stream_balance! - 20);
    const written = await writersOf(one.orderId);
    expect(written.map((w) => w.type)).toEqual(["StoreItemReserved", "PointsSpent", "OrderPlaced"]);
    expect(new Set(written.map((w) => w.xid)).size).toBe(1);
    expect(one.order).toMatchObject({ total: 20, status: "Pending", lines: [{ itemId: item, quantity: 2, price: 10 }] });
    const two = await placeOrder(services, buyer(member), [{ id: item, quantity: 1 }, { id: second, quantity: 1 }], newId());
    expect(two.balance).toBe(row.stream_balance! - 35);
    expect(new Set((await writersOf(two.orderId)).map((w) => w.xid)).size).toBeGreaterThan(1);
    await pointsCaughtUp();
    const orders = await db.selectFrom("rm_store_orders").select(["id", "total"]).where("id", "in", [one.orderId, two.orderId]).execute();
    expect(orders.map((o) => Number(o.total)).sort((a, b) => a - b)).toEqual([15, 20]);
  });

  it("the second checkout, the row not yet past the first spend: appended from the last spend, the stream not read", async () => {
    const member = members[0]!;
    const { item, row } = await ready(member, 100, "Spent states badge", 10);
    const spendsBefore = (await services.store.readStream(pointsStreamId(member))).events.filter((e) => e.type === "PointsSpent").length;
    expect((await placeOrder(services, buyer(member), [{ id: item, quantity: 1 }], newId())).balance).toBe(row.stream_balance! - 10);
    // the projector has not folded the first spend into the row yet
    await pointsCaughtUp();
    await rowBackTo(member, row);
    const { reads, restore } = watching(services.store, pointsStreamId(member));
    try {
      expect((await placeOrder(services, buyer(member), [{ id: item, quantity: 1 }], newId())).balance).toBe(row.stream_balance! - 20);
      expect(reads).toEqual([]);
    } finally {
      restore();
    }
    const { events, currentRevision } = await services.store.readStream(pointsStreamId(member));
    expect(events.filter((e) => e.type === "PointsSpent")).toHaveLength(spendsBefore + 2);
    expect(currentRevision).toBe(row.stream_revision! + 2);
  });

  it("the same checkout sent again after its spend, the row behind: spent once, the same balance answered", async () => {
    const member = members[2]!;
    const { item, row } = await ready(member, 50, "Spent states sticker", 15);
    const orderId = newId();
    const first = await placeOrder(services, buyer(member), [{ id: item, quantity: 1 }], orderId);
    expect(first.balance).toBe(row.stream_balance! - 15);
    await pointsCaughtUp();
    await rowBackTo(member, row);
    // the retry claims from the last spend (its own): it must not spend a second time
    const again = await placeOrder(services, buyer(member), [{ id: item, quantity: 1 }], orderId);
    expect(again.balance).toBe(first.balance);
    const spends = (await services.store.readStream(pointsStreamId(member))).events.filter((e) => e.type === "PointsSpent" && (e.data as { orderId?: string }).orderId === idFrom("store-order", orderId));
    expect(spends).toHaveLength(1);
  });

  it("the stream written by another path since the last spend: the claim conflicts, the stream is read, never overspent", async () => {
    const member = members[1]!;
    await award(member, 60);
    await pointsCaughtUp();
    const cheap = await createItem("Spent states pin", 10);
    const dear = await createItem("Spent states kite", 40);
    const row = await foldOf(member);
    // at least 50 left as this process last saw it
    const left = row.stream_balance! - 10;
    expect((await placeOrder(services, buyer(member), [{ id: cheap, quantity: 1 }], newId())).balance).toBe(left);
    // another path spends all but 20 of it (not through a checkout of this process)
    const other = newId();
    await runOn(services, pointsDecider, pointsStreamId(member), { type: "SpendPoints", data: { organizationId: NORTHSIDE, participantId: member, entryId: other, amount: left - 20, reason: "Elsewhere", orderId: other }, metadata: { commandId: newId(), organizationId: NORTHSIDE, actorId: null } });
    await pointsCaughtUp();
    await rowBackTo(member, row);
    const { reads, restore } = watching(services.store, pointsStreamId(member));
    try {
      // the last spend says `left` (enough for 40); the stream says 20: read, refused
      const refused = (await placeOrder(services, buyer(member), [{ id: dear, quantity: 1 }], newId()).catch((e: DomainError) => e)) as DomainError;
      expect(refused.code).toBe("POINTS_NOT_ENOUGH");
      expect(reads).toContain("stream");
    } finally {
      restore();
    }
    let running = 0;
    for (const e of (await services.store.readStream(pointsStreamId(member))).events) {
      const d = e.data as { amount?: number };
      running += e.type === "PointsAwarded" || e.type === "PointsRefunded" ? d.amount! : e.type === "PointsSpent" || e.type === "PointsReversed" ? -d.amount! : 0;
      expect(running).toBeGreaterThanOrEqual(0);
    }
    expect(running).toBe(20);
  });
});
