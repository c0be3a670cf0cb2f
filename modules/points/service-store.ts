import { commandIdOf, isMemberLevel, type Auth, type Services } from "../identity";
import { batchUnderway, DomainError, idFrom, isUuid, newId, TurnQueue, validationError, type Claimed, type DomainEvent, type ReadStreamResult } from "../kernel";
import { orderById, ordersPage, pointsStreamFolds, staleReservations, storeItemsByIds, storeItemsPage, type OrderRow, type PointsStreamFold } from "../../projections/points";
import { participantRowsByIds } from "../../projections/participants";
import { forbidden, mayManageStore } from "./access";
import { spendAndPlaceBeside } from "./checkout-together";
import { itemDecider, itemError, orderDecider, orderNotFound, pointsDecider, spendDecider, visibleTo, type OrderCommand, type SpendCommand, type SpendState } from "./decide";
import { orderStreamId, pointsStreamId, storeItemStreamId, type OrderLine, type OrderStatus, type StoreItemFields } from "./events";
import { MAX_CART_LINES } from "./limits";
import { memberFor, ownMembers } from "./members";
import { runInBatch, runOn, settled, settledAll } from "./run";
import { checkoutInputSchema, itemInputSchema, orderStatusSchema, type CheckoutInput, type ItemInput, type itemListQuery, type orderListQuery } from "./schema";
import type { z } from "zod";

export const STORE_TOASTS = {
  itemCreated: "Store item successfully created",
  itemUpdated: "Store item successfully updated",
  itemDeleted: "Store item successfully deleted",
  orderCreated: "Order successfully created",
  orderUpdated: "Order successfully updated",
} as const;

/** A checkout refused because some of the cart cannot be had: `details.unavailable` names those items' ids (the cart drops them, keeps the rest). */
export const cartUnavailable = (items: { id: string; why: string }[]) =>
  new DomainError("CART_ITEMS_UNAVAILABLE", `${items.map((i) => i.why).join("; ")}. It was taken out of your cart; the rest is still there.`.replace("It was", items.length > 1 ? "They were" : "It was"), 409, { unavailable: items.map((i) => i.id) });

const meta = (auth: Auth, commandId: string) => ({ commandId, organizationId: auth.organization.id, actorId: auth.user.id });
const fieldsOf = (input: ItemInput): StoreItemFields => ({ name: input.name, description: input.description, picture: input.picture, price: input.price, stock: input.stock, perMemberLimit: input.per_member_limit, visibleGroups: input.visible_groups });
const requireManager = (auth: Auth) => {
  if (!mayManageStore(auth)) throw forbidden("You may not manage the store");
};

async function itemOf(services: Services, auth: Auth, id: string | undefined) {
  const [row] = id && isUuid(id) ? await storeItemsByIds(services.db, auth.organization.id, [id]) : [];
  if (!row || row.removed) throw itemError.notFound();
  // a member sees only the items shown to their group
  if (!mayManageStore(auth) && !visibleTo({ visibleGroups: row.visible_groups }, auth.subject.roleName)) throw itemError.notFound();
  return row;
}

/** GET /api/store/item: the store (staff who manage it see every item; others the items shown to their group). */
export async function storeItems(services: Services, auth: Auth, query: z.output<typeof itemListQuery>) {
  const { rows, count } = await storeItemsPage(services.db, auth.organization.id, { ...query, group: mayManageStore(auth) ? undefined : auth.subject.roleName });
  return { data: rows, count, additional_info: {} };
}

export const storeItemCall = (services: Services, auth: Auth, id: string | undefined) => itemOf(services, auth, id);

/** POST /api/store/item */
export async function createStoreItem(services: Services, auth: Auth, request: Request | null, body: unknown) {
  requireManager(auth);
  const parsed = itemInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const commandId = request ? commandIdOf(auth, request, (body as { command_id?: unknown } | null)?.command_id) : newId();
  const itemId = idFrom("store-item", commandId);
  const result = await runOn(services, itemDecider, storeItemStreamId(itemId), { type: "CreateStoreItem", data: { organizationId: auth.organization.id, itemId, fields: fieldsOf(parsed.data) }, metadata: meta(auth, commandId) });
  await settled(services, result.events.map((e) => e.position));
  return { message: STORE_TOASTS.itemCreated, data: await itemOf(services, auth, itemId) };
}

/** PUT /api/store/item/{id}: the whole item again; stock may not go below the units already ordered. */
export async function updateStoreItem(services: Services, auth: Auth, request: Request | null, id: string | undefined, body: unknown) {
  requireManager(auth);
  const row = await itemOf(services, auth, id);
  const parsed = itemInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const commandId = request ? commandIdOf(auth, request) : newId();
  const result = await runOn(services, itemDecider, storeItemStreamId(row.id), { type: "UpdateStoreItem", data: { organizationId: auth.organization.id, itemId: row.id, fields: fieldsOf(parsed.data) }, metadata: meta(auth, commandId) });
  await settled(services, result.events.map((e) => e.position));
  return { message: STORE_TOASTS.itemUpdated, data: await itemOf(services, auth, row.id) };
}

/** DELETE /api/store/item/{id}: out of the store (orders placed keep it). */
export async function removeStoreItem(services: Services, auth: Auth, request: Request | null, id: string | undefined) {
  requireManager(auth);
  const row = await itemOf(services, auth, id);
  const commandId = request ? commandIdOf(auth, request) : newId();
  const result = await runOn(services, itemDecider, storeItemStreamId(row.id), { type: "RemoveStoreItem", data: { organizationId: auth.organization.id, itemId: row.id }, metadata: meta(auth, commandId) });
  await settled(services, result.events.map((e) => e.position));
  return { message: STORE_TOASTS.itemDeleted, data: { id: row.id } };
}

// ---------------------------------------------------------------- orders

export async function checkout(services: Services, auth: Auth, request: Request | null, body: unknown) {
  const parsed = checkoutInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return checkoutInput(services, auth, request, parsed.data);
}

/** Same item twice in a cart: one line, the quantities added. */
const mergedLines = (items: CheckoutInput["items"]) => {
  const byId = new Map<string, number>();
  for (const l of items) byId.set(l.id, (byId.get(l.id) ?? 0) + l.quantity);
  return [...byId].map(([id, quantity]) => ({ id, quantity })).sort((a, b) => (a.id < b.id ? -1 : 1));
};

/**
 * POST /api/order: the cart checks out into an order (decision 076). Only ids and quantities are read from the
 * cart; names, prices, visibility and stock are the server's. Each line is reserved on its item's stream (stock
 * and the per-member limit decided there, expected revision, retried on conflict), then the total is spent on
 * the member's points stream the same way; a refusal releases what was reserved. An item sold out or hidden
 * refuses the checkout naming it (details.unavailable: the cart drops those and keeps the rest).
 * The answer is the order as decided (decision 086): the call does not wait for the read models; a page that
 * reads them next passes `readYourWrites`.
 */
export async function checkoutInput(services: Services, auth: Auth, request: Request | null, input: CheckoutInput, { readYourWrites = false }: { readYourWrites?: boolean } = {}) {
  if (!isMemberLevel(auth.subject.level)) throw forbidden("Only members shop in the store");
  const member = await memberFor(services, auth, input.participant_id);
  const base = request ? commandIdOf(auth, request, input.command_id) : newId();
  const buyer = { organizationId: auth.organization.id, actorId: auth.user.id, participantId: member.id, roleName: auth.subject.roleName };
  const placed = await placeOrder(services, buyer, input.items, base).catch(async (error: unknown) => {
    // a refusal released what it had reserved: the page's next read shows the units back on sale
    if (readYourWrites) await settledAll(services);
    throw error;
  });
  if (readYourWrites) await settled(services, placed.positions);
  return { message: STORE_TOASTS.orderCreated, data: { ...placed.order, participant_name: member.name, balance: placed.balance } };
}

export type Buyer = { organizationId: string; actorId: string; participantId: string; roleName: string };
/** Told when each dependent step of a checkout is done (the bench's breakdown, decision 132). */
export type CheckoutTrace = (step: "reserved" | "spent" | "placed") => void;
export type PlacedOrder = { orderId: string; order: OrderRow; balance: number; positions: number[] };

type FoldAsk = { organizationId: string; participantId: string; entryId: string };
/** per database: the folds asked for in one turn (the turn's first-time buyers) are one statement; a failed one is "not known" */
const foldQueues = new WeakMap<object, TurnQueue<FoldAsk & { answer: (fold: PointsStreamFold | undefined) => void }>>();
function foldOf(services: Services, ask: FoldAsk): Promise<PointsStreamFold | undefined> {
  const db = services.db;
  let queue = foldQueues.get(db);
  if (!queue) {
    queue = new TurnQueue((asks) => {
      for (let i = 0; i < asks.length; i += 100) {
        const part = asks.slice(i, i + 100);
        pointsStreamFolds(db, part).then(
          (folds) => part.forEach((a, k) => a.answer(folds[k])),
          () => part.forEach((a) => a.answer(undefined)),
        );
      }
    });
    foldQueues.set(db, queue);
  }
  return new Promise((answer) => queue.add({ ...ask, answer }));
}

/**
 * The member's points stream as their balance row folds it (decision 125), claimed for the spend: appended from
 * with its revision, never refused from (the batch reads the stream for that). Undefined when not known.
 */
export async function claimedSpendState(services: Services, organizationId: string, participantId: string, entryId: string, orderId: string): Promise<Claimed | undefined> {
  const fold = await foldOf(services, { organizationId, participantId, entryId });
  if (!fold) return undefined;
  const spentOrders: SpendState["spentOrders"] = fold.entryAmount !== null ? { [orderId]: -fold.entryAmount } : {};
  return { state: { balance: fold.balance, spentOrders } satisfies SpendState, revision: fold.revision };
}

/**
 * The checkout's one consistent decision (decision 076), for a buyer already known: the order as placed and the
 * member's balance after it, or a refusal. Every stream it decides on is read in one batched statement (decision
 * 086), unless this process knows its state from its last batch (decision 119); a stream written meanwhile is read
 * again on its conflict, and a refusal is told only from a state known to be the stream's latest. The item streams
 * decide what can be had (no read-model check first: decision 119). A one-line cart's reservation, spend and order
 * are one append (decision 137; `oneAppend: false` takes the steps one by one, for the bench's comparison). It does
 * not wait for the projector.
 */
export async function placeOrder(services: Services, buyer: Buyer, items: CheckoutInput["items"], base: string, { fromReadModel = true, oneAppend = true, trace }: { fromReadModel?: boolean; oneAppend?: boolean; trace?: CheckoutTrace } = {}): Promise<PlacedOrder> {
  const { organizationId, participantId } = buyer;
  const metaOf = (commandId: string) => ({ commandId, organizationId, actorId: buyer.actorId });
  const lines = mergedLines(items).slice(0, MAX_CART_LINES).filter((l) => isUuid(l.id));
  const orderId = idFrom("store-order", base);
  const unknownIds = mergedLines(items).slice(0, MAX_CART_LINES).filter((l) => !isUuid(l.id));
  if (unknownIds.length > 0) throw cartUnavailable(unknownIds.map((l) => ({ id: l.id, why: "An item is no longer in the store" })));
  // the same turn: one statement reads the item streams and the member's (the stream batcher); a stream
  // whose state this process knows (its batch underway, or left by the last one: decisions 116, 119) is not read
  const knows = (streamId: string) => batchUnderway(services.store, streamId);
  const reads = new Map(lines.filter((l) => !knows(storeItemStreamId(l.id))).map((l) => [l.id, services.store.readStream(storeItemStreamId(l.id))]));
  // a member whose points state this process does not know: their balance row's fold of the stream is claimed
  // instead of reading the stream (decision 125; `fromReadModel: false` reads it, as before, for the bench's comparison)
  const spendEntryId = idFrom("point-entry", base, "spend");
  const memberKnown = knows(pointsStreamId(participantId));
  const memberClaim = memberKnown || !fromReadModel ? undefined : claimedSpendState(services, organizationId, participantId, spendEntryId, orderId);
  const memberRead = memberKnown || memberClaim ? undefined : services.store.readStream(pointsStreamId(participantId));
  // the order is new (its id derives from this checkout's): it is placed with "no stream" expected, unread; a resent
  // checkout's order (stored already) or one the sweep gave up on (decision 086) fails that append, and is then read
  const orderRead = Promise.resolve<ReadStreamResult<DomainEvent>>({ streamExists: false, currentRevision: -1, events: [] });
  for (const read of [...reads.values(), memberRead]) read?.catch(() => undefined);

  const positions: number[] = [];
  const reserved: string[] = [];
  const orderLines: OrderLine[] = [];
  let balance = 0;
  const lineOf = (line: (typeof lines)[number], fields: StoreItemFields): OrderLine => ({ itemId: line.id, name: fields.name, price: fields.price, quantity: line.quantity });
  const spendOf = (bought: OrderLine[]): SpendCommand => {
    const total = bought.reduce((sum, l) => sum + l.price * l.quantity, 0);
    const reason = `Order: ${bought.map((l) => (l.quantity > 1 ? `${l.quantity} x ${l.name}` : l.name)).join(", ")}`.slice(0, 200);
    return { type: "SpendPoints", data: { organizationId, participantId, entryId: spendEntryId, amount: total, reason, orderId }, metadata: metaOf(idFrom(base, "spend")) };
  };
  const placeOf = (bought: OrderLine[]): OrderCommand => ({ type: "PlaceOrder", data: { organizationId, orderId, participantId, lines: bought }, metadata: metaOf(idFrom(base, "order")) });
  // a one-line cart: its spend and order are decided beside the reservation and appended with it, one commit
  // (decision 137), where the store can; otherwise, or when that cannot be, each step after the other
  const alongside =
    oneAppend && lines.length === 1 && services.store.appendToStreams
      ? spendAndPlaceBeside(services.store, participantId, orderId, { claim: memberClaim, read: memberRead }, { lines: (item) => [lineOf(lines[0]!, item.fields!)], spend: spendOf, place: placeOf })
      : undefined;
  try {
    // every line at once (different streams); buyers of one item share a batch on its stream (decision 116). The
    // item's stream decides it all: unknown, removed, hidden from the buyer's group, sold out, over the limit
    const results = await Promise.allSettled(
      lines.map((line) => {
        const reserve = { type: "ReserveStoreItem" as const, data: { organizationId, itemId: line.id, orderId, participantId, quantity: line.quantity, roleName: buyer.roleName }, metadata: metaOf(idFrom(base, "reserve", line.id)) };
        return runInBatch(services, itemDecider, storeItemStreamId(line.id), reserve, 200, reads.get(line.id), undefined, alongside);
      }),
    );
    const reservedTogether = results[0]?.status === "fulfilled" ? results[0].value : undefined;
    const [spentBeside, placedBeside] = reservedTogether?.alongside ?? [];
    if (reservedTogether && spentBeside && placedBeside) {
      // reserved, spent and placed in the one append
      positions.push(...[reservedTogether, spentBeside, placedBeside].flatMap((w) => w.events.map((e) => e.position)));
      trace?.("reserved");
      trace?.("spent");
      trace?.("placed");
      const o = placedBeside.events.reduce((state, e) => orderDecider.evolve(state, e as never), orderDecider.initialState());
      const at = placedBeside.events[0]!.metadata.occurredAt;
      return { orderId, order: { id: orderId, participant_id: participantId, lines: o.lines, total: o.total, status: o.status ?? "Pending", created_date: at, updated_date: at }, balance: (spentBeside.state as SpendState).balance, positions };
    }
    results.forEach((r, i) => {
      if (r.status !== "fulfilled") return;
      reserved.push(lines[i]!.id);
      positions.push(...r.value.events.map((e) => e.position));
      orderLines.push(lineOf(lines[i]!, r.value.state.fields!));
    });
    // every line that cannot be had is named (the cart drops those and keeps the rest); any other trouble as it is
    const unavailable = results.flatMap((r, i) => {
      if (r.status === "fulfilled") return [];
      const error = r.reason as unknown;
      if (!(error instanceof DomainError)) throw error;
      if (error.code === "STORE_ITEM_NOT_FOUND") return [{ id: lines[i]!.id, why: "An item is no longer in the store" }];
      if (error.details?.reason) return [{ id: lines[i]!.id, why: error.message }];
      throw error;
    });
    if (unavailable.length > 0) throw cartUnavailable(unavailable);
    trace?.("reserved");
    // the member's spends in this process are decided in batches too: the state the last one left is the next one's
    const spent = await runInBatch(services, spendDecider, pointsStreamId(participantId), spendOf(orderLines), 50, memberRead, memberClaim);
    positions.push(...spent.events.map((e) => e.position));
    balance = spent.state.balance;
    trace?.("spent");
  } catch (error) {
    // nothing bought: the units reserved go back (derived ids: a retried checkout releases once)
    for (const itemId of reserved) {
      const r = await runInBatch(services, itemDecider, storeItemStreamId(itemId), { type: "ReleaseStoreItem", data: { organizationId, itemId, orderId }, metadata: metaOf(idFrom(base, "release", itemId)) }, 200);
      positions.push(...r.events.map((e) => e.position));
    }
    throw error;
  }
  const place = placeOf(orderLines);
  const placeIt = (firstRead?: typeof orderRead) =>
    runOn(services, orderDecider, orderStreamId(orderId), place, 10, firstRead).catch(async (error: unknown) => {
      // given up on by the sweep meanwhile (decision 086): what this checkout reserved and spent goes back, once
      if (error instanceof DomainError && error.code === "CHECKOUT_ABANDONED") await undoCheckout(services, { organizationId, orderId, participantId, itemIds: reserved, actorId: buyer.actorId });
      throw error;
    });
  let placed = await placeIt(orderRead);
  // a resent checkout whose order is stored already: answered from the order's own events (its first time), read now
  if (placed.replayed) placed = await placeIt();
  positions.push(...placed.events.map((e) => e.position));
  trace?.("placed");
  const at = placed.events[0]?.metadata.occurredAt ?? services.clock.now().toISOString();
  const state = placed.state;
  const order: OrderRow = { id: orderId, participant_id: participantId, lines: state.lines, total: state.total, status: state.status ?? "Pending", created_date: at, updated_date: at };
  return { orderId, order, balance, positions };
}

/** Releases an order's units and refunds its spend, each once (ids derived from the order; the deciders skip what is not held). */
async function undoCheckout(services: Pick<Services, "store" | "clock">, o: { organizationId: string; orderId: string; participantId: string; itemIds: readonly string[]; actorId: string | null }) {
  const metaOf = (commandId: string) => ({ commandId, organizationId: o.organizationId, actorId: o.actorId });
  for (const itemId of o.itemIds) {
    await runInBatch(services, itemDecider, storeItemStreamId(itemId), { type: "ReleaseStoreItem", data: { organizationId: o.organizationId, itemId, orderId: o.orderId }, metadata: metaOf(idFrom(o.orderId, "abandon-release", itemId)) }, 200);
  }
  await runOn(services, pointsDecider, pointsStreamId(o.participantId), { type: "RefundOrder", data: { organizationId: o.organizationId, participantId: o.participantId, entryId: idFrom("point-entry", o.orderId, "abandon-refund"), orderId: o.orderId, reason: "Checkout stopped: points returned" }, metadata: metaOf(idFrom(o.orderId, "abandon-refund")) }, 50);
}

/** How long a checkout may hold units without placing its order before the sweep gives it up (decision 086). */
export const ABANDONED_CHECKOUT_MS = 120_000;

/**
 * The sweep of checkouts that died half way (decision 086): for each order whose units were reserved more than
 * `olderThanMs` ago and which is neither placed nor released, `OrderAbandoned` closes its order stream (so a
 * checkout still alive can no longer place it), then its units are released and any spend refunded, each once.
 * Answers how many orders were given up.
 */
export async function releaseAbandonedCheckouts(services: Pick<Services, "db" | "store" | "clock">, olderThanMs = ABANDONED_CHECKOUT_MS): Promise<number> {
  const rows = await staleReservations(services.db, new Date(services.clock.now().getTime() - olderThanMs));
  const byOrder = new Map<string, typeof rows>();
  for (const r of rows) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r]);
  let abandoned = 0;
  for (const [orderId, held] of byOrder) {
    const { organization_id: organizationId, participant_id: participantId } = held[0]!;
    const result = await runOn(services, orderDecider, orderStreamId(orderId), { type: "AbandonOrder", data: { organizationId, orderId, participantId }, metadata: { commandId: idFrom(orderId, "abandon"), organizationId, actorId: null } });
    // placed after all (the read model was behind): its units are the order's
    if (!result.state.abandoned) continue;
    await undoCheckout(services, { organizationId, orderId, participantId, itemIds: held.map((r) => r.item_id), actorId: null });
    abandoned++;
  }
  return abandoned;
}

async function namesOf(services: Services, auth: Auth, ids: readonly string[]) {
  return new Map((await participantRowsByIds(services.db, auth.organization.id, [...new Set(ids)])).map((p) => [String(p.id), p.full_name]));
}

/** GET /api/order: staff (the row asks 'view store' or 'add items to store') see every order; a member their own and their children's. */
export async function ordersList(services: Services, auth: Auth, query: z.output<typeof orderListQuery>) {
  let ids: string[] | undefined = query.participant_id ? [query.participant_id] : undefined;
  if (isMemberLevel(auth.subject.level)) {
    const mine = (await ownMembers(services, auth)).map((m) => m.id);
    ids = query.participant_id ? mine.filter((m) => m === query.participant_id) : mine;
  }
  const { rows, count } = await ordersPage(services.db, auth.organization.id, { ...query, participantIds: ids });
  const names = await namesOf(services, auth, rows.map((r) => r.participant_id));
  return { data: rows.map((r) => ({ ...r, participant_name: names.get(r.participant_id) ?? "" })), count, additional_info: {} };
}

/** GET /api/order/{id} */
export async function orderCall(services: Services, auth: Auth, id: string | undefined) {
  const row = id && isUuid(id) ? await orderById(services.db, auth.organization.id, id) : undefined;
  if (!row) throw orderNotFound();
  if (isMemberLevel(auth.subject.level)) {
    const mine = (await ownMembers(services, auth)).map((m) => m.id);
    if (!mine.includes(row.participant_id)) throw orderNotFound();
  }
  const names = await namesOf(services, auth, [row.participant_id]);
  return { ...row, participant_name: names.get(row.participant_id) ?? "" };
}

/**
 * PUT /api/order/{id} { status }: staff move an order along (Ready, Fulfilled, Cancelled); a member may cancel
 * their own pending order. Cancelling returns the units to stock and refunds the points, each by an event.
 */
export async function changeOrderStatus(services: Services, auth: Auth, request: Request | null, id: string | undefined, body: unknown) {
  const parsed = orderStatusSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const order = await orderCall(services, auth, id);
  const status = parsed.data.status as Exclude<OrderStatus, "Pending">;
  if (!mayManageStore(auth) && !(isMemberLevel(auth.subject.level) && status === "Cancelled" && order.status === "Pending")) throw forbidden("Only staff move an order along; you may cancel a pending order");
  const base = request ? commandIdOf(auth, request) : newId();
  const changed = await runOn(services, orderDecider, orderStreamId(order.id), { type: "ChangeOrderStatus", data: { organizationId: auth.organization.id, orderId: order.id, status }, metadata: meta(auth, idFrom(base, "status")) });
  const positions = changed.events.map((e) => e.position);
  if (status === "Cancelled") {
    // derived command ids: a retried cancel releases and refunds once
    for (const line of order.lines) {
      const r = await runInBatch(services, itemDecider, storeItemStreamId(line.itemId), { type: "ReleaseStoreItem", data: { organizationId: auth.organization.id, itemId: line.itemId, orderId: order.id }, metadata: meta(auth, idFrom(order.id, "cancel-release", line.itemId)) }, 200);
      positions.push(...r.events.map((e) => e.position));
    }
    const refund = await runOn(services, pointsDecider, pointsStreamId(order.participant_id), { type: "RefundOrder", data: { organizationId: auth.organization.id, participantId: order.participant_id, entryId: idFrom("point-entry", order.id, "refund"), orderId: order.id, reason: "Order cancelled: points returned" }, metadata: meta(auth, idFrom(order.id, "cancel-refund")) }, 50);
    positions.push(...refund.events.map((e) => e.position));
  }
  await settled(services, positions);
  return { message: STORE_TOASTS.orderUpdated, data: await orderCall(services, auth, order.id) };
}
