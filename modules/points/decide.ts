import { DomainError, type Command, type Decider } from "../kernel";
import { MAX_AWARD } from "./limits";
import { ORDER_MOVES } from "./events";
import type {
  OrderEvent,
  OrderLine,
  OrderStatus,
  PointCategory,
  PointSource,
  PointsEvent,
  StoreItemEvent,
  StoreItemFields,
} from "./events";

// ---------------------------------------------------------------- a member's points stream

type Entry = { amount: number; category: PointCategory | null; reversed: boolean; kind: "award" | "spend" | "reversal" | "refund"; sourceKey: string | null };
export type PointsState = { balance: number; entries: Record<string, Entry>; spentOrders: Record<string, number>; refundedOrders: Record<string, true>; hidden: boolean };

type Base = { organizationId: string; participantId: string };
export type PointsCommand =
  | Command<"AwardPoints", Base & { entryId: string; amount: number; category: PointCategory; reason: string; source: PointSource }>
  | Command<"SpendPoints", Base & { entryId: string; amount: number; reason: string; orderId: string }>
  | Command<"ReversePoints", Base & { entryId: string; reversesEntryId: string; reason: string }>
  | Command<"RevokeSourceAward", Base & { entryId: string; source: PointSource; category: PointCategory; reason: string }>
  | Command<"RefundOrder", Base & { entryId: string; orderId: string; reason: string }>
  | Command<"SetLeaderboardVisibility", Base & { hidden: boolean }>;

/** an award's source, when it names one: an attendance or a challenge is awarded once while its award stands */
const sourceKey = (category: PointCategory, source: PointSource) => (source.id && source.kind !== "manual" ? `${category}:${source.kind}:${source.id}` : null);
const liveAwardFor = (state: PointsState, key: string) => Object.entries(state.entries).find(([, e]) => e.kind === "award" && !e.reversed && e.sourceKey === key)?.[0];

export const pointsError = {
  amount: () => new DomainError("POINTS_AMOUNT_INVALID", `Points must be a whole number from 1 to ${MAX_AWARD.toLocaleString("en")}`, 400),
  notEnough: (balance: number, amount: number) => new DomainError("POINTS_NOT_ENOUGH", `Not enough points: ${balance} left, ${amount} needed`, 409),
  entryNotFound: () => new DomainError("POINT_NOT_FOUND", "Points entry not found", 404),
  notReversible: () => new DomainError("POINTS_NOT_REVERSIBLE", "Only an award can be reversed", 409),
  reversedAlready: () => new DomainError("POINTS_REVERSED_ALREADY", "These points have been reversed already", 409),
  reasonMissing: () => new DomainError("POINTS_REASON_REQUIRED", "Give a reason", 400),
};

const validAmount = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_AWARD;

export function evolvePoints(state: PointsState, event: PointsEvent): PointsState {
  switch (event.type) {
    case "PointsAwarded": {
      const d = event.data;
      return { ...state, balance: state.balance + d.amount, entries: { ...state.entries, [d.entryId]: { amount: d.amount, category: d.category, reversed: false, kind: "award", sourceKey: sourceKey(d.category, d.source) } } };
    }
    case "PointsSpent": {
      const d = event.data;
      return { ...state, balance: state.balance - d.amount, spentOrders: { ...state.spentOrders, [d.orderId]: d.amount }, entries: { ...state.entries, [d.entryId]: { amount: -d.amount, category: null, reversed: false, kind: "spend", sourceKey: null } } };
    }
    case "PointsReversed": {
      const d = event.data;
      const original = state.entries[d.reversesEntryId];
      const entries = { ...state.entries, [d.entryId]: { amount: -d.amount, category: d.category, reversed: false, kind: "reversal" as const, sourceKey: null } };
      if (original) entries[d.reversesEntryId] = { ...original, reversed: true };
      return { ...state, balance: state.balance - d.amount, entries };
    }
    case "PointsRefunded": {
      const d = event.data;
      return { ...state, balance: state.balance + d.amount, refundedOrders: { ...state.refundedOrders, [d.orderId]: true }, entries: { ...state.entries, [d.entryId]: { amount: d.amount, category: null, reversed: false, kind: "refund", sourceKey: null } } };
    }
    case "LeaderboardVisibilitySet":
      return { ...state, hidden: event.data.hidden };
    default: {
      const never: never = event;
      return never;
    }
  }
}

function reverse(state: PointsState, data: Base & { entryId: string; reversesEntryId: string; reason: string }, actorId: string | null): PointsEvent[] | DomainError {
  const original = state.entries[data.reversesEntryId];
  if (!original) return pointsError.entryNotFound();
  if (original.kind !== "award") return pointsError.notReversible();
  if (original.reversed) return pointsError.reversedAlready();
  if (state.balance < original.amount) return new DomainError("POINTS_SPENT_ALREADY", `These points cannot be reversed: only ${state.balance} of them are left unspent`, 409);
  return [{ type: "PointsReversed", data: { organizationId: data.organizationId, participantId: data.participantId, entryId: data.entryId, reversesEntryId: data.reversesEntryId, amount: original.amount, category: original.category ?? "general", reason: data.reason, reversedBy: actorId } }];
}

export function decidePoints(state: PointsState, command: PointsCommand): PointsEvent[] | DomainError {
  const actor = command.metadata.actorId;
  switch (command.type) {
    case "AwardPoints": {
      const d = command.data;
      if (!validAmount(d.amount)) return pointsError.amount();
      if (!d.reason.trim()) return pointsError.reasonMissing();
      const key = sourceKey(d.category, d.source);
      // once per source while the award stands (an attendance re-marked, a challenge completed twice)
      if (key && liveAwardFor(state, key)) return [];
      return [{ type: "PointsAwarded", data: { organizationId: d.organizationId, participantId: d.participantId, entryId: d.entryId, amount: d.amount, category: d.category, reason: d.reason.trim(), source: d.source, awardedBy: actor } }];
    }
    case "SpendPoints":
      return decideSpend(state, command);
    case "ReversePoints":
      if (!command.data.reason.trim()) return pointsError.reasonMissing();
      return reverse(state, command.data, actor);
    case "RevokeSourceAward": {
      const d = command.data;
      const key = sourceKey(d.category, d.source);
      const live = key ? liveAwardFor(state, key) : undefined;
      if (!live) return [];
      return reverse(state, { organizationId: d.organizationId, participantId: d.participantId, entryId: d.entryId, reversesEntryId: live, reason: d.reason }, actor);
    }
    case "RefundOrder": {
      const d = command.data;
      const spent = state.spentOrders[d.orderId];
      if (spent === undefined || state.refundedOrders[d.orderId]) return [];
      return [{ type: "PointsRefunded", data: { organizationId: d.organizationId, participantId: d.participantId, entryId: d.entryId, orderId: d.orderId, amount: spent, reason: d.reason, refundedBy: actor } }];
    }
    case "SetLeaderboardVisibility": {
      const d = command.data;
      if (state.hidden === d.hidden) return [];
      return [{ type: "LeaderboardVisibilitySet", data: { organizationId: d.organizationId, participantId: d.participantId, hidden: d.hidden, setBy: actor } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const pointsDecider: Decider<PointsState, PointsCommand, PointsEvent> = {
  initialState: () => ({ balance: 0, entries: {}, spentOrders: {}, refundedOrders: {}, hidden: false }),
  evolve: evolvePoints,
  decide: (state, command) => decidePoints(state, command),
};

// ---------------------------------------------------------------- a checkout's spend on the member's points stream

/** What a spend is decided on: the balance, and the orders spent for (a repeat is a no-op). */
export type SpendState = { balance: number; spentOrders: Record<string, number> };
export type SpendCommand = Extract<PointsCommand, { type: "SpendPoints" }>;

function decideSpend(state: SpendState, command: SpendCommand): PointsEvent[] | DomainError {
  const d = command.data;
  if (!Number.isInteger(d.amount) || d.amount < 1) return pointsError.amount();
  if (state.spentOrders[d.orderId] !== undefined) return [];
  if (state.balance < d.amount) return pointsError.notEnough(state.balance, d.amount);
  return [{ type: "PointsSpent", data: { organizationId: d.organizationId, participantId: d.participantId, entryId: d.entryId, amount: d.amount, reason: d.reason, orderId: d.orderId, spentBy: command.metadata.actorId } }];
}

/** How an event moves the balance (as `evolvePoints` does). */
export function balanceDelta(event: PointsEvent): number {
  switch (event.type) {
    case "PointsAwarded":
    case "PointsRefunded":
      return event.data.amount;
    case "PointsSpent":
    case "PointsReversed":
      return -event.data.amount;
    default:
      return 0;
  }
}

/**
 * The checkout's spends (decision 125): the points stream seen only as a balance and the orders spent for, so its
 * state is small (no ledger entries) and can be claimed from the balance read model, which folds the same balance
 * with the stream's revision. Only spends are decided on it.
 */
export const spendDecider: Decider<SpendState, SpendCommand, PointsEvent> = {
  initialState: () => ({ balance: 0, spentOrders: {} }),
  evolve: (state, event) => ({ balance: state.balance + balanceDelta(event), spentOrders: event.type === "PointsSpent" ? { ...state.spentOrders, [event.data.orderId]: event.data.amount } : state.spentOrders }),
  decide: (state, command) => decideSpend(state, command),
};

// ---------------------------------------------------------------- a store item's stream

export type ItemState = {
  exists: boolean;
  removed: boolean;
  organizationId: string | null;
  fields: StoreItemFields | null;
  reserved: number;
  /** units each member holds in orders not cancelled */
  byMember: Record<string, number>;
  orders: Record<string, { participantId: string; quantity: number }>;
};

export type ItemCommand =
  | Command<"CreateStoreItem", { organizationId: string; itemId: string; fields: StoreItemFields }>
  | Command<"UpdateStoreItem", { organizationId: string; itemId: string; fields: StoreItemFields }>
  | Command<"RemoveStoreItem", { organizationId: string; itemId: string }>
  | Command<"ReserveStoreItem", { organizationId: string; itemId: string; orderId: string; participantId: string; quantity: number; roleName: string }>
  | Command<"ReleaseStoreItem", { organizationId: string; itemId: string; orderId: string }>;

export const itemError = {
  notFound: () => new DomainError("STORE_ITEM_NOT_FOUND", "Store item not found", 404),
  unavailable: (name: string) => new DomainError("STORE_ITEM_UNAVAILABLE", `${name} is no longer in the store`, 409, { reason: "hidden" }),
  soldOut: (name: string, left: number) => new DomainError("STORE_ITEM_SOLD_OUT", left === 0 ? `${name} is sold out` : `Only ${left} of ${name} left`, 409, { reason: "sold_out", left }),
  limit: (name: string, limit: number) => new DomainError("STORE_ITEM_LIMIT", `You can have at most ${limit} of ${name}`, 409, { reason: "limit" }),
  stockBelowOrdered: (ordered: number) => new DomainError("STORE_STOCK_BELOW_ORDERED", `Stock cannot be below the ${ordered} units already ordered`, 400),
};

export const visibleTo = (fields: Pick<StoreItemFields, "visibleGroups">, roleName: string) => fields.visibleGroups.length === 0 || fields.visibleGroups.includes(roleName);

export function evolveItem(state: ItemState, event: StoreItemEvent): ItemState {
  switch (event.type) {
    case "StoreItemCreated":
    case "StoreItemUpdated": {
      const d = event.data;
      const fields: StoreItemFields = { name: d.name, description: d.description, picture: d.picture, price: d.price, stock: d.stock, perMemberLimit: d.perMemberLimit, visibleGroups: d.visibleGroups };
      return { ...state, exists: true, organizationId: d.organizationId, fields };
    }
    case "StoreItemRemoved":
      return { ...state, removed: true };
    case "StoreItemReserved": {
      const d = event.data;
      return { ...state, reserved: state.reserved + d.quantity, byMember: { ...state.byMember, [d.participantId]: (state.byMember[d.participantId] ?? 0) + d.quantity }, orders: { ...state.orders, [d.orderId]: { participantId: d.participantId, quantity: d.quantity } } };
    }
    case "StoreItemReleased": {
      const d = event.data;
      const orders = { ...state.orders };
      delete orders[d.orderId];
      return { ...state, reserved: state.reserved - d.quantity, byMember: { ...state.byMember, [d.participantId]: Math.max(0, (state.byMember[d.participantId] ?? 0) - d.quantity) }, orders };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function decideItem(state: ItemState, command: ItemCommand): StoreItemEvent[] | DomainError {
  const actor = command.metadata.actorId;
  if (command.type !== "CreateStoreItem" && (!state.exists || state.organizationId !== command.data.organizationId)) return itemError.notFound();
  switch (command.type) {
    case "CreateStoreItem":
      if (state.exists) return [];
      return [{ type: "StoreItemCreated", data: { organizationId: command.data.organizationId, itemId: command.data.itemId, createdBy: actor, ...command.data.fields } }];
    case "UpdateStoreItem":
      if (state.removed) return itemError.notFound();
      if (command.data.fields.stock < state.reserved) return itemError.stockBelowOrdered(state.reserved);
      return [{ type: "StoreItemUpdated", data: { organizationId: command.data.organizationId, itemId: command.data.itemId, updatedBy: actor, ...command.data.fields } }];
    case "RemoveStoreItem":
      if (state.removed) return [];
      return [{ type: "StoreItemRemoved", data: { organizationId: command.data.organizationId, itemId: command.data.itemId, removedBy: actor } }];
    case "ReserveStoreItem": {
      const d = command.data;
      const fields = state.fields!;
      if (state.orders[d.orderId]) return [];
      if (state.removed || !visibleTo(fields, d.roleName)) return itemError.unavailable(fields.name);
      const left = fields.stock - state.reserved;
      if (d.quantity > left) return itemError.soldOut(fields.name, left);
      if (fields.perMemberLimit !== null && (state.byMember[d.participantId] ?? 0) + d.quantity > fields.perMemberLimit) return itemError.limit(fields.name, fields.perMemberLimit);
      return [{ type: "StoreItemReserved", data: { organizationId: d.organizationId, itemId: d.itemId, orderId: d.orderId, participantId: d.participantId, quantity: d.quantity } }];
    }
    case "ReleaseStoreItem": {
      const held = state.orders[command.data.orderId];
      if (!held) return [];
      return [{ type: "StoreItemReleased", data: { organizationId: command.data.organizationId, itemId: command.data.itemId, orderId: command.data.orderId, participantId: held.participantId, quantity: held.quantity } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const itemDecider: Decider<ItemState, ItemCommand, StoreItemEvent> = {
  initialState: () => ({ exists: false, removed: false, organizationId: null, fields: null, reserved: 0, byMember: {}, orders: {} }),
  evolve: evolveItem,
  decide: (state, command) => decideItem(state, command),
};

// ---------------------------------------------------------------- an order's stream

export type OrderState = { exists: boolean; abandoned: boolean; organizationId: string | null; participantId: string | null; status: OrderStatus | null; lines: OrderLine[]; total: number };
export type OrderCommand =
  | Command<"PlaceOrder", { organizationId: string; orderId: string; participantId: string; lines: OrderLine[] }>
  | Command<"ChangeOrderStatus", { organizationId: string; orderId: string; status: Exclude<OrderStatus, "Pending"> }>
  | Command<"AbandonOrder", { organizationId: string; orderId: string; participantId: string }>;

/** the checkout of an order given up on (decision 086) */
export const checkoutAbandoned = () => new DomainError("CHECKOUT_ABANDONED", "This checkout took too long and was stopped; nothing was bought. Try again.", 409);

export const orderNotFound = () => new DomainError("ORDER_NOT_FOUND", "Order not found", 404);

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case "OrderPlaced":
      return { exists: true, abandoned: false, organizationId: event.data.organizationId, participantId: event.data.participantId, status: "Pending", lines: event.data.lines, total: event.data.total };
    case "OrderStatusChanged":
      return { ...state, status: event.data.status };
    case "OrderAbandoned":
      return { ...state, abandoned: true, organizationId: event.data.organizationId, participantId: event.data.participantId };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function decideOrder(state: OrderState, command: OrderCommand): OrderEvent[] | DomainError {
  const actor = command.metadata.actorId;
  switch (command.type) {
    case "PlaceOrder": {
      if (state.abandoned) return checkoutAbandoned();
      if (state.exists) return [];
      const d = command.data;
      if (d.lines.length === 0) return new DomainError("CART_EMPTY", "The cart is empty", 400);
      const total = d.lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
      return [{ type: "OrderPlaced", data: { organizationId: d.organizationId, orderId: d.orderId, participantId: d.participantId, lines: d.lines, total, placedBy: actor } }];
    }
    case "ChangeOrderStatus": {
      const d = command.data;
      if (!state.exists || state.organizationId !== d.organizationId) return orderNotFound();
      const from = state.status!;
      if (from === d.status) return [];
      if (!ORDER_MOVES[from].includes(d.status)) return new DomainError("ORDER_STATUS_INVALID", `A ${from.toLowerCase()} order cannot become ${d.status.toLowerCase()}`, 409);
      return [{ type: "OrderStatusChanged", data: { organizationId: d.organizationId, orderId: d.orderId, participantId: state.participantId!, status: d.status, changedBy: actor } }];
    }
    case "AbandonOrder": {
      // placed after all: nothing to give up; given up already: nothing new
      if (state.exists || state.abandoned) return [];
      const d = command.data;
      return [{ type: "OrderAbandoned", data: { organizationId: d.organizationId, orderId: d.orderId, participantId: d.participantId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: () => ({ exists: false, abandoned: false, organizationId: null, participantId: null, status: null, lines: [], total: 0 }),
  evolve: evolveOrder,
  decide: (state, command) => decideOrder(state, command),
};
