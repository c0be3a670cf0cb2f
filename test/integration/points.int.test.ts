import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import type { Services } from "../../modules/identity";
import { DomainError, idFrom, newId, systemClock } from "../../modules/kernel";
import { claimedSpendState, itemDecider, orderDecider, orderStreamId, placeOrder, pointsDecider, pointsStreamId, releaseAbandonedCheckouts, spendDecider, storeItemStreamId, type PointsCommand } from "../../modules/points";
import { runInBatch, runOn } from "../../modules/points/run";
import { waitForProjection } from "../../projections/runner";
import type { ReadModels } from "../../projections/read-models";
import { DEMO_STORE_ITEMS } from "../factories/points";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Failure = { code: string; message: string };
type Item = { id: string; name: string; price: number; stock: number; available: number };
type Order = { id: string; status: string; total: number; lines: { itemId: string; quantity: number; price: number }[]; updated_date: string };
type Balance = { participant_id: string; balance: number; earned: number; rank: number | null; history: { id: string; kind: string; amount: number }[] };

const NORTHSIDE = idFrom("demo", "organization", "northside-youth-centre");
const MAYA = idFrom("demo", "participant", NORTHSIDE, "child", 1);

/**
 * Points and the store (decisions 075, 076) on real PostgreSQL and Redis: the demo data, awards and their permissions,
 * reversals, bad input, the checkout over HTTP (tampered cart, not enough points, cancel refunds), 100 concurrent
 * checkouts for 10 in stock, the race for the last points, and random award and spend sequences against the ledger.
 */
describe("points and the store, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let services: Services;
  let db: Kysely<ReadModels>;
  let admin: HttpClient, coach: HttpClient, maya: HttpClient, maple: HttpClient;
  let generated: string[];

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const createItem = async (body: Record<string, unknown>) => (await json<{ data: Item }>(await admin.request("POST", "/api/store/item", { body: { description: "", ...body } }))).data;
  const balanceOf = async (participantId: string) => (await json<Balance>(await admin.request("GET", `/api/point/balance?participant_id=${participantId}`))).balance;
  const buyer = (participantId: string) => ({ organizationId: NORTHSIDE, actorId: participantId, participantId, roleName: "PARTICIPANT" });

  beforeAll(async () => {
    app = await startInProcessApp("points");
    services = { ...app.app.core, clock: systemClock } as unknown as Services;
    db = app.app.core.db as Kysely<ReadModels>;
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, coach, maya, maple] = Array.from({ length: 4 }, () => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await coach.signIn("coach@northside.demo");
    await maya.signIn("child1@northside.demo");
    await maple.signIn("admin@maple.demo");
    const rows = await db.selectFrom("rm_participants").select("id").where("organization_id", "=", NORTHSIDE).where("user_id", "is", null).where("status", "=", "Active").orderBy("id").limit(120).execute();
    generated = rows.map((r) => String(r.id));
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  /** until the points read models have every event so far (the wait answers false after its timeout, never throws) */
  const pointsCaughtUp = async () => expect(await waitForProjection(services, "points", { atLeast: await services.store.lastCommittedPosition(), timeoutMs: 30_000 })).toBe(true);

  it("shows the demo data: a stocked store, Maya's points, orders, and a leaderboard with first names and initials for members", async () => {
    const items = await json<{ data: Item[] }>(await maya.request("GET", "/api/store/item"));
    expect(items.data.map((i) => i.name).sort()).toEqual(DEMO_STORE_ITEMS.map((i) => i.name).sort());
    const mine = await json<Balance>(await maya.request("GET", "/api/point/balance"));
    expect(mine.participant_id).toBe(MAYA);
    expect(mine.balance).toBe(700);
    const orders = await json<{ data: Order[]; count: number }>(await admin.request("GET", "/api/order?size=50"));
    expect(orders.count).toBeGreaterThanOrEqual(4);
    expect(new Set(orders.data.map((o) => o.status))).toEqual(new Set(["Pending", "Ready", "Fulfilled", "Cancelled"]));
    const board = await json<{ data: { name: string; rank: number; points: number; last_name?: string }[] }>(await maya.request("GET", "/api/leaderboard"));
    expect(board.data.length).toBeGreaterThan(5);
    expect(board.data[0]!.rank).toBe(1);
    expect(board.data.every((r) => /^\S+( \S+)* \S\.$/.test(r.name) && r.last_name === undefined)).toBe(true);
    const ledger = await json<{ count: number }>(await admin.request("GET", "/api/point?size=5"));
    expect(ledger.count).toBeGreaterThan(500);
  });

  it("awards one member or many under the category's permission; refuses bad amounts, strangers and other organizations", async () => {
    const [a, b] = generated as [string, string];
    const before = await balanceOf(a);
    // the coach rewards life skills and challenges, not general points (no 'create points')
    expect((await json<Failure>(await coach.request("POST", "/api/point", { body: { participant_ids: [a], amount: 5, category: "general", reason: "Helped" } }), 403)).code).toBe("FORBIDDEN");
    const done = await json<{ message: string; data: { count: number } }>(await coach.request("POST", "/api/point", { body: { participant_ids: [a, b], amount: 5, category: "life_skills", reason: "Cooked lunch" } }));
    expect(done).toMatchObject({ message: "Point successfully created", data: { count: 2 } });
    expect(await balanceOf(a)).toBe(before + 5);
    for (const amount of [2.5, -3, 0, 10_001, "ten"]) {
      const refused = await json<Failure>(await admin.request("POST", "/api/point", { body: { participant_ids: [a], amount, reason: "x" } }), 400);
      expect(refused.message).toMatch(/Points must be/);
    }
    expect((await json<Failure>(await admin.request("POST", "/api/point", { body: { participant_ids: [a], amount: 5 } }), 400)).message).toMatch(/reason/i);
    expect((await json<Failure>(await admin.request("POST", "/api/point", { body: { participant_ids: [newId()], amount: 5, reason: "x" } }), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
    expect((await json<Failure>(await maple.request("POST", "/api/point", { body: { participant_ids: [a], amount: 5, reason: "x" } }), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
    // members do not award
    expect((await maya.request("POST", "/api/point", { body: { participant_ids: [MAYA], amount: 5, reason: "x" } })).status).toBe(403);
  });

  it("reverses an award once with a reason; another member's ledger is not Maya's to read", async () => {
    const a = generated[2]!;
    const awarded = await json<{ data: { entry_ids: string[] } }>(await admin.request("POST", "/api/point", { body: { participant_ids: [a], amount: 40, reason: "Typo" } }));
    const entry = awarded.data.entry_ids[0]!;
    const before = await balanceOf(a);
    expect((await json<Failure>(await admin.request("POST", `/api/point/${entry}/reverse`, { body: {} }), 400)).message).toMatch(/reason/i);
    await json(await admin.request("POST", `/api/point/${entry}/reverse`, { body: { reason: "Entered for the wrong member" } }));
    expect(await balanceOf(a)).toBe(before - 40);
    expect((await json<Failure>(await admin.request("POST", `/api/point/${entry}/reverse`, { body: { reason: "again" } }), 409)).code).toBe("POINTS_REVERSED_ALREADY");
    expect((await json<Failure>(await maya.request("GET", `/api/point/${entry}`), 404)).code).toBe("POINT_NOT_FOUND");
    expect((await json<Failure>(await maya.request("GET", `/api/point/balance?participant_id=${a}`), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
  });

  it("checks a cart out over HTTP: the server's prices, a tampered or sold-out cart named, not enough points, cancelling refunds", async () => {
    const pin = await createItem({ name: "Enamel pin", price: 100, stock: 3, per_member_limit: 2 });
    expect((await json<Failure>(await admin.request("POST", "/api/store/item", { body: { name: "Free", price: 0, stock: 1 } }), 400)).message).toBe("Price must be at least 1");
    expect((await json<Failure>(await admin.request("POST", "/api/store/item", { body: { name: "Half", price: 1.5, stock: 1 } }), 400)).message).toBe("Price must be a whole number");
    expect((await coach.request("POST", "/api/store/item", { body: { name: "Coach's", price: 5, stock: 1 } })).status).toBe(403);
    const start = (await json<Balance>(await maya.request("GET", "/api/point/balance"))).balance;

    // a tampered cart: a price of 1 is ignored, an unknown id is named and nothing is bought
    const tampered = await json<Failure>(await maya.request("POST", "/api/order", { body: { items: [{ id: pin.id, quantity: 1, price: 1 }, { id: newId(), quantity: 1 }] } }), 409);
    expect(tampered).toEqual({ code: "CART_ITEMS_UNAVAILABLE", message: "An item is no longer in the store. It was taken out of your cart; the rest is still there." });
    expect((await json<Failure>(await maya.request("POST", "/api/order", { body: { items: [{ id: pin.id, quantity: 1.5 }] } }), 400)).message).toBe("Quantity must be a whole number");
    expect((await json<Failure>(await maya.request("POST", "/api/order", { body: { items: [{ id: pin.id, quantity: 3 }] } }), 409)).message).toMatch(/You can have at most 2 of Enamel pin/);

    const placed = await json<{ message: string; data: Order }>(await maya.request("POST", "/api/order", { body: { items: [{ id: pin.id, quantity: 1, price: 1 }, { id: pin.id, quantity: 1 }] } }));
    expect(placed.message).toBe("Order successfully created");
    expect(placed.data).toMatchObject({ status: "Pending", total: 200, lines: [{ itemId: pin.id, quantity: 2, price: 100 }], balance: start - 200 });
    // the call answers from its decision (decision 086); the read models follow
    await pointsCaughtUp();
    expect((await json<Balance>(await maya.request("GET", "/api/point/balance"))).balance).toBe(start - 200);
    // stock below the units ordered
    expect((await json<Failure>(await admin.request("PUT", `/api/store/item/${pin.id}`, { body: { name: "Enamel pin", price: 100, stock: 1 } }), 400)).message).toBe("Stock cannot be below the 2 units already ordered");

    // not enough points: a 1 000-point item
    const bike = await createItem({ name: "Bike", price: 5000, stock: 1 });
    const poor = await json<Failure>(await maya.request("POST", "/api/order", { body: { items: [{ id: bike.id }] } }), 409);
    expect(poor.code).toBe("POINTS_NOT_ENOUGH");
    expect(poor.message).toBe(`Not enough points: ${start - 200} left, 5000 needed`);
    await pointsCaughtUp();
    expect((await json<Item>(await admin.request("GET", `/api/store/item/${bike.id}`))).available).toBe(1);

    // staff move it along; Maya cannot; cancelling a Ready order refunds by an event and returns the stock
    expect((await maya.request("PUT", `/api/order/${placed.data.id}`, { body: { status: "Fulfilled" } })).status).toBe(403);
    const ready = await json<{ data: Order }>(await admin.request("PUT", `/api/order/${placed.data.id}`, { body: { status: "Ready" } }));
    expect(ready.data.status).toBe("Ready");
    await json(await admin.request("PUT", `/api/order/${placed.data.id}`, { body: { status: "Cancelled" } }));
    expect((await json<Balance>(await maya.request("GET", "/api/point/balance"))).balance).toBe(start);
    expect((await json<Item>(await admin.request("GET", `/api/store/item/${pin.id}`))).available).toBe(3);
    expect((await json<Failure>(await admin.request("PUT", `/api/order/${placed.data.id}`, { body: { status: "Ready" } }), 409)).message).toBe("A cancelled order cannot become ready");
    // hidden from her group: named, not bought
    const staffOnly = await createItem({ name: "Coach mug", price: 10, stock: 5, visible_groups: ["COACH"] });
    expect((await json<Failure>(await maya.request("POST", "/api/order", { body: { items: [{ id: staffOnly.id }] } }), 409)).message).toMatch(/^Coach mug is no longer in the store/);
  });

  it("100 concurrent checkouts for an item with 10 in stock: exactly 10 orders, stock 0, every loser's points untouched", async () => {
    const item = await createItem({ name: "Concert ticket", price: 30, stock: 10 });
    const buyers = generated.slice(10, 110);
    expect(buyers).toHaveLength(100);
    await json(await admin.request("POST", "/api/point", { body: { participant_ids: buyers, amount: 50, reason: "Race day" } }));
    const before = new Map((await db.selectFrom("rm_point_balances").select(["participant_id", "balance"]).where("participant_id", "in", buyers).execute()).map((r) => [r.participant_id, r.balance]));

    const results = await Promise.allSettled(buyers.map((p) => placeOrder(services, buyer(p), [{ id: item.id, quantity: 1 }], newId())));
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(90);
    for (const error of lost) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("CART_ITEMS_UNAVAILABLE");
      expect((error as DomainError).message).toMatch(/^Concert ticket is sold out/);
    }
    await pointsCaughtUp();
    const orders = await db.selectFrom("rm_store_orders").select(["participant_id", "status"]).where(sql<boolean>`lines @> ${JSON.stringify([{ itemId: item.id }])}::jsonb`).execute();
    expect(orders).toHaveLength(10);
    const row = await json<Item>(await admin.request("GET", `/api/store/item/${item.id}`));
    expect(row.available).toBe(0);
    const winners = new Set(orders.map((o) => o.participant_id));
    for (const p of buyers) {
      const { events } = await services.store.readStream(pointsStreamId(p));
      // this race's spends (a demo buyer has spent before)
      const spends = events.filter((e) => e.type === "PointsSpent" && String((e.data as { reason: string }).reason).includes("Concert ticket"));
      expect(spends).toHaveLength(winners.has(p) ? 1 : 0);
      expect(await balanceOf(p)).toBe(before.get(p)! - (winners.has(p) ? 30 : 0));
    }
  }, 120_000);

  it("two checkouts racing for a member's last points: exactly one wins, the other is told, its item goes back on sale", async () => {
    const member = generated[115]!;
    await json(await admin.request("POST", "/api/point", { body: { participant_ids: [member], amount: 100, reason: "Last points" } }));
    const balance = await balanceOf(member);
    const [x, y] = [await createItem({ name: "Sticker pack", price: balance - 5, stock: 5 }), await createItem({ name: "Yo-yo", price: balance - 5, stock: 5 })];
    const results = await Promise.allSettled([x, y].map((i) => placeOrder(services, buyer(member), [{ id: i.id, quantity: 1 }], newId())));
    // the checkout answers from its decision (decision 086): the read models follow
    await pointsCaughtUp();
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const loser = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((loser.reason as DomainError).code).toBe("POINTS_NOT_ENOUGH");
    expect((loser.reason as DomainError).message).toBe(`Not enough points: 5 left, ${balance - 5} needed`);
    expect(await balanceOf(member)).toBe(5);
    const available = await Promise.all([x, y].map(async (i) => (await json<Item>(await admin.request("GET", `/api/store/item/${i.id}`))).available));
    expect(available.sort()).toEqual([4, 5]);
  });

  it("a state this process kept from its last checkout (decision 119) never refuses what the store allows: points awarded and stock added since by another path", async () => {
    const [member, first, second] = [generated[117]!, generated[118]!, generated[119]!];
    await json(await admin.request("POST", "/api/point", { body: { participant_ids: [member, first, second], amount: 100, reason: "Known state" } }));
    const all = await balanceOf(member);
    const [big, small] = [await createItem({ name: "Big prize", price: all, stock: 5 }), await createItem({ name: "Small prize", price: 30, stock: 1 })];
    // spends everything: the member's known state says 0
    expect((await placeOrder(services, buyer(member), [{ id: big.id, quantity: 1 }], newId())).balance).toBe(0);
    expect(await placeOrder(services, buyer(member), [{ id: big.id, quantity: 1 }], newId()).catch((e: DomainError) => e.code)).toBe("POINTS_NOT_ENOUGH");
    // awarded by staff (one append from a read, not through the batch): the next checkout sees it
    await json(await admin.request("POST", "/api/point", { body: { participant_ids: [member], amount: 40, reason: "Well done" } }));
    expect((await placeOrder(services, buyer(member), [{ id: small.id, quantity: 1 }], newId())).balance).toBe(10);
    // the last small prize is gone: the item's known state says sold out; staff add stock; the next buyer gets one
    expect(await placeOrder(services, buyer(first), [{ id: small.id, quantity: 1 }], newId()).catch((e: DomainError) => e.message)).toMatch(/^Small prize is sold out/);
    await json(await admin.request("PUT", `/api/store/item/${small.id}`, { body: { name: "Small prize", description: "", price: 30, stock: 2 } }));
    expect((await placeOrder(services, buyer(second), [{ id: small.id, quantity: 1 }], newId())).order.lines).toEqual([{ itemId: small.id, name: "Small prize", price: 30, quantity: 1 }]);
    // every line that cannot be had is named at once, and nothing is bought: the big prize's unit goes back
    const gone = newId();
    const refused = (await placeOrder(services, buyer(first), [{ id: big.id, quantity: 1 }, { id: small.id, quantity: 1 }, { id: gone, quantity: 1 }], newId()).catch((e: DomainError) => e)) as DomainError;
    expect(refused.code).toBe("CART_ITEMS_UNAVAILABLE");
    expect(refused.message.split(". They were")[0]!.split("; ").sort()).toEqual(["An item is no longer in the store", "Small prize is sold out"]);
    expect(refused.message).toMatch(/\. They were taken out of your cart; the rest is still there\.$/);
    expect([...(refused.details?.unavailable as string[])].sort()).toEqual([small.id, gone].sort());
    const bigStream = (await services.store.readStream(storeItemStreamId(big.id))).events;
    expect(bigStream.filter((e) => e.type === "StoreItemReserved").length - bigStream.filter((e) => e.type === "StoreItemReleased").length).toBe(1);
  });

  it("a balance row behind the stream (decision 125): a checkout deciding from its fold never overspends, nor refuses what the points allow", async () => {
    // two members this process knows no points state of (no checkout of theirs yet): each checkout decides from the row
    const [member, other] = [generated[7]!, generated[8]!];
    await json(await admin.request("POST", "/api/point", { body: { participant_ids: [member], amount: 100, reason: "Fold" } }));
    await json(await admin.request("POST", "/api/point", { body: { participant_ids: [other], amount: 10, reason: "Fold" } }));
    await pointsCaughtUp();
    const foldOf = async (id = member) => db.selectFrom("rm_point_balances").select(["stream_revision", "stream_balance", "balance"]).where("participant_id", "=", id).executeTakeFirstOrThrow();
    const stream = async (id = member) => services.store.readStream(pointsStreamId(id));
    // the row folds the stream: its revision and balance
    const start = await stream();
    const all = await balanceOf(member);
    expect(await foldOf()).toEqual({ stream_revision: start.currentRevision, stream_balance: all, balance: all });
    const item = await createItem({ name: "Fold kite", price: 50, stock: 5 });
    const direct = (command: PointsCommand) => runOn(services, pointsDecider, pointsStreamId(command.data.participantId), command, 10);
    const meta = () => ({ commandId: newId(), organizationId: NORTHSIDE, actorId: null });

    // spent straight on the stream, then the row put back as a projector behind it would show it: it claims `all`
    const spentId = newId();
    await direct({ type: "SpendPoints", data: { organizationId: NORTHSIDE, participantId: member, entryId: spentId, amount: all - 10, reason: "Elsewhere", orderId: spentId }, metadata: meta() });
    await pointsCaughtUp();
    await db.updateTable("rm_point_balances").set({ stream_revision: start.currentRevision, stream_balance: all }).where("participant_id", "=", member).execute();
    const refused = await placeOrder(services, buyer(member), [{ id: item.id, quantity: 1 }], newId()).catch((e: DomainError) => e);
    expect((refused as DomainError).code).toBe("POINTS_NOT_ENOUGH");
    expect((refused as DomainError).message).toBe("Not enough points: 10 left, 50 needed");

    // the other member: awarded straight on the stream, the row put back before it: it claims 10; the stream has 110
    const before = await foldOf(other);
    expect(before.stream_balance).toBe(await balanceOf(other));
    // dearer than the row says the member has, within what the stream has
    const price = before.stream_balance! + 50;
    const prize = await createItem({ name: "Fold prize", price, stock: 5 });
    await direct({ type: "AwardPoints", data: { organizationId: NORTHSIDE, participantId: other, entryId: newId(), amount: 100, category: "general", reason: "Elsewhere", source: { kind: "manual", id: null } }, metadata: meta() });
    await pointsCaughtUp();
    const truth = await balanceOf(other);
    await db.updateTable("rm_point_balances").set({ stream_revision: before.stream_revision, stream_balance: before.stream_balance }).where("participant_id", "=", other).execute();
    expect((await placeOrder(services, buyer(other), [{ id: prize.id, quantity: 1 }], newId())).balance).toBe(truth - price);

    // the streams: never below zero; the kite's unit back on sale, the prize's sold
    for (const [id, left] of [[member, 10], [other, truth - price]] as const) {
      let running = 0;
      for (const e of (await stream(id)).events) {
        const d = e.data as { amount?: number };
        running += e.type === "PointsAwarded" || e.type === "PointsRefunded" ? d.amount! : e.type === "PointsSpent" || e.type === "PointsReversed" ? -d.amount! : 0;
        expect(running).toBeGreaterThanOrEqual(0);
      }
      expect(running).toBe(left);
    }
    await pointsCaughtUp();
    expect((await json<Item>(await admin.request("GET", `/api/store/item/${item.id}`))).available).toBe(5);
    expect((await json<Item>(await admin.request("GET", `/api/store/item/${prize.id}`))).available).toBe(4);
    // a row put out of step with its stream is not trusted again: the projector's next event finds the gap
    expect((await foldOf(other)).stream_balance).toBeNull();
    expect(await balanceOf(other)).toBe(truth - price);
  });

  it("a checkout resent (same key): the same order, dated as the first time, nothing reserved or spent twice", async () => {
    const member = generated[5]!;
    await json(await admin.request("POST", "/api/point", { body: { participant_ids: [member], amount: 100, reason: "Resend" } }));
    const item = await createItem({ name: "Resend badge", price: 20, stock: 5 });
    const base = newId();
    const first = await placeOrder(services, buyer(member), [{ id: item.id, quantity: 1 }], base);
    await new Promise((r) => setTimeout(r, 20));
    const again = await placeOrder(services, buyer(member), [{ id: item.id, quantity: 1 }], base);
    expect(again.orderId).toBe(first.orderId);
    expect(again.order).toEqual(first.order);
    expect(again.balance).toBe(first.balance);
    const spends = (await services.store.readStream(pointsStreamId(member))).events.filter((e) => e.type === "PointsSpent" && (e.data as { orderId: string }).orderId === first.orderId);
    expect(spends).toHaveLength(1);
    const reservations = (await services.store.readStream(storeItemStreamId(item.id))).events.filter((e) => e.type === "StoreItemReserved");
    expect(reservations).toHaveLength(1);
    expect((await services.store.readStream(orderStreamId(first.orderId))).events).toHaveLength(1);
  });

  it("random award and spend sequences, run at once on a few members: the balance is never negative and equals the ledger's sum", async () => {
    const members = generated.slice(111, 115);
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const jobs = members.flatMap((p) =>
      Array.from({ length: 40 }, (_, k): PointsCommand => {
        const id = newId();
        const meta = { commandId: id, organizationId: NORTHSIDE, actorId: null };
        return rand(2) === 0
          ? { type: "AwardPoints", data: { organizationId: NORTHSIDE, participantId: p, entryId: id, amount: 1 + rand(30), category: "general", reason: `Random ${k}`, source: { kind: "manual", id: null } }, metadata: meta }
          : { type: "SpendPoints", data: { organizationId: NORTHSIDE, participantId: p, entryId: id, amount: 1 + rand(40), reason: `Random ${k}`, orderId: id }, metadata: meta };
      }),
    );
    // half the spends as the checkout spends (in batches, from the state the last batch left: decision 119), the rest
    // and every award one at a time from a read: each path's writes make the other's known state stale
    // (decision 125) and of those, every other one from the balance row's fold of the stream, however far behind it is
    const outcomes = await Promise.allSettled(
      jobs.map((c, i) => {
        const stream = pointsStreamId(c.data.participantId);
        if (c.type !== "SpendPoints" || i % 2 === 0) return runOn(services, pointsDecider, stream, c, 100);
        const claim = i % 4 === 1 ? claimedSpendState(services, NORTHSIDE, c.data.participantId, c.data.entryId, c.data.orderId) : undefined;
        return runInBatch(services, spendDecider, stream, c, 100, undefined, claim);
      }),
    );
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as DomainError).code).toBe("POINTS_NOT_ENOUGH");
    await pointsCaughtUp();
    for (const p of members) {
      const { events } = await services.store.readStream(pointsStreamId(p));
      let running = 0;
      for (const e of events) {
        const d = e.data as { amount?: number };
        running += e.type === "PointsAwarded" || e.type === "PointsRefunded" ? d.amount! : e.type === "PointsSpent" || e.type === "PointsReversed" ? -d.amount! : 0;
        expect(running).toBeGreaterThanOrEqual(0);
      }
      const ledger = await db.selectFrom("rm_point_entries").select((eb) => eb.fn.sum<string>("amount").as("sum")).where("participant_id", "=", p).executeTakeFirst();
      expect(Number(ledger?.sum)).toBe(running);
      expect(await balanceOf(p)).toBe(running);
      expect(await db.selectFrom("rm_point_balances").select(["stream_revision", "stream_balance"]).where("participant_id", "=", p).executeTakeFirst()).toEqual({ stream_revision: events.length - 1, stream_balance: running });
    }
  }, 60_000);

  it("hides a member from the leaderboard", async () => {
    const top = (await json<{ data: { participant_id: string }[] }>(await admin.request("GET", "/api/leaderboard?size=3"))).data[0]!.participant_id;
    await json(await admin.request("PUT", `/api/leaderboard/${top}`, { body: { hidden: true } }));
    const after = await json<{ data: { participant_id: string }[] }>(await admin.request("GET", "/api/leaderboard?size=50&period=all"));
    expect(after.data.map((r) => r.participant_id)).not.toContain(top);
    // the last 7 days: this run's awards (the 100 buyers' 50 each), the hidden member left out
    const week = await json<{ data: { participant_id: string; points: number }[] }>(await admin.request("GET", "/api/leaderboard?size=50&period=week"));
    expect(week.data.length).toBeGreaterThan(10);
    expect(week.data.map((r) => r.participant_id)).not.toContain(top);
    expect(week.data.every((r, i) => i === 0 || week.data[i - 1]!.points >= r.points)).toBe(true);
    expect((await json<Failure>(await admin.request("GET", "/api/leaderboard?period=year"), 400)).message).toBe("Period must be all, month or week");
    expect((await maya.request("PUT", `/api/leaderboard/${top}`, { body: { hidden: false } })).status).toBe(403);
  });

  it("a checkout that died between its reservation and its order: the sweep gives it up, its unit goes back on sale and its points come back, once; the dead checkout can no longer place it", async () => {
    const member = generated[116]!;
    await json(await admin.request("POST", "/api/point", { body: { participant_ids: [member], amount: 60, reason: "Sweep day" } }));
    const item = await createItem({ name: "Water bottle", price: 40, stock: 1 });
    const start = await balanceOf(member);
    const orderId = newId();
    const meta = (commandId: string) => ({ commandId, organizationId: NORTHSIDE, actorId: member });
    // the checkout's first two steps, then it dies
    await runOn(services, itemDecider, storeItemStreamId(item.id), { type: "ReserveStoreItem", data: { organizationId: NORTHSIDE, itemId: item.id, orderId, participantId: member, quantity: 1, roleName: "PARTICIPANT" }, metadata: meta(newId()) });
    await runOn(services, pointsDecider, pointsStreamId(member), { type: "SpendPoints", data: { organizationId: NORTHSIDE, participantId: member, entryId: newId(), amount: 40, reason: "Order: Water bottle", orderId }, metadata: meta(newId()) });
    await pointsCaughtUp();
    expect((await json<Item>(await admin.request("GET", `/api/store/item/${item.id}`))).available).toBe(0);
    expect(await balanceOf(member)).toBe(start - 40);

    // too young to sweep: left alone
    expect(await releaseAbandonedCheckouts(services, 60_000)).toBe(0);
    expect(await releaseAbandonedCheckouts(services, 0)).toBe(1);
    await pointsCaughtUp();
    expect((await json<Item>(await admin.request("GET", `/api/store/item/${item.id}`))).available).toBe(1);
    expect(await balanceOf(member)).toBe(start);
    expect(await releaseAbandonedCheckouts(services, 0)).toBe(0);
    const placed = await runOn(services, orderDecider, orderStreamId(orderId), { type: "PlaceOrder", data: { organizationId: NORTHSIDE, orderId, participantId: member, lines: [{ itemId: item.id, name: "Water bottle", price: 40, quantity: 1 }] }, metadata: meta(newId()) }).catch((e: unknown) => e);
    expect((placed as DomainError).code).toBe("CHECKOUT_ABANDONED");
    // the refund is one event, the release one event
    const spends = (await services.store.readStream(pointsStreamId(member))).events.filter((e) => (e.data as { orderId?: string }).orderId === orderId);
    expect(spends.map((e) => e.type)).toEqual(["PointsSpent", "PointsRefunded"]);
    expect((await services.store.readStream(storeItemStreamId(item.id))).events.map((e) => e.type)).toEqual(["StoreItemCreated", "StoreItemReserved", "StoreItemReleased"]);
  });

  it("keeps the week and month boards and the entry counts equal to the ledger (decision 085), and a program's board holds its members only", async () => {
    // every member's week and month rows against the entries summed in the organization's zone
    const zone = ((await json<{ time_zone: string }>(await admin.request("GET", "/api/setting/organization"))).time_zone);
    for (const unit of ["week", "month"] as const) {
      const { rows } = await sql<{ n: number }>`
        with ledger as (
          select participant_id, date_trunc(${unit}, created_at at time zone ${zone})::date as starts_on, sum(amount)::int as earned
            from rm_point_entries where organization_id = ${NORTHSIDE} and kind in ('award', 'reversal') group by 1, 2)
        select count(*)::int as n from ledger l full join (select * from rm_point_periods where organization_id = ${NORTHSIDE} and period = ${unit}) p using (participant_id, starts_on)
         where l.earned is distinct from p.earned`.execute(db);
      expect(rows[0]!.n, unit).toBe(0);
    }
    const { rows: counts } = await sql<{ n: number }>`
      select count(*)::int as n from rm_point_balances b
        left join (select participant_id, count(*)::int as c from rm_point_entries group by 1) e using (participant_id)
       where b.organization_id = ${NORTHSIDE} and b.entries <> coalesce(e.c, 0)`.execute(db);
    expect(counts[0]!.n).toBe(0);
    const someone = generated[0]!;
    const balance = await json<{ history_count: number; history: unknown[] }>(await admin.request("GET", `/api/point/balance?participant_id=${someone}`));
    expect(balance.history_count).toBe(Number((await db.selectFrom("rm_point_entries").select((eb) => eb.fn.countAll<string>().as("n")).where("participant_id", "=", someone).executeTakeFirst())?.n));

    // a program's board: its registered members only, in the same order as the organization's
    const registered = await db.selectFrom("rm_program_registrations").select(["program_id", "participant_id"]).where("organization_id", "=", NORTHSIDE).execute();
    const byProgram = new Map<string, Set<string>>();
    for (const r of registered) byProgram.set(r.program_id, (byProgram.get(r.program_id) ?? new Set()).add(r.participant_id));
    const [programId, members] = [...byProgram].sort((x, y) => y[1].size - x[1].size)[0]!;
    const board = await json<{ data: { participant_id: string; points: number }[]; additional_info: { program_id: string } }>(await admin.request("GET", `/api/leaderboard?period=all&size=100&program_id=${programId}`));
    expect(board.additional_info.program_id).toBe(programId);
    expect(board.data.length).toBeGreaterThan(0);
    expect(board.data.every((r) => members.has(r.participant_id))).toBe(true);
    expect(board.data.every((r, i) => i === 0 || board.data[i - 1]!.points >= r.points)).toBe(true);
    expect((await json<Failure>(await admin.request("GET", "/api/leaderboard?program_id=nope"), 400)).message).toBe("program_id must be a program's id");
    expect((await json<{ data: unknown[] }>(await admin.request("GET", `/api/leaderboard?program_id=${newId()}`))).data).toEqual([]);
  });
});
