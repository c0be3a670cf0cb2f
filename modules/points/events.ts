import type { DomainEvent } from "../kernel";

/** The four kinds of points (issue 19); each is awarded under one of the spec's reward permissions (decision 075). */
export const POINT_CATEGORIES = ["general", "challenge", "life_skills", "attendance"] as const;
export type PointCategory = (typeof POINT_CATEGORIES)[number];
export const CATEGORY_LABELS: Record<PointCategory, string> = { general: "General", challenge: "Challenge", life_skills: "Life skills", attendance: "Attendance" };

/** Where an award or spend came from: a session, a challenge, a survey submitted (decision 111), an order, or nothing named. */
export type PointSource = { kind: "session" | "event" | "challenge" | "survey" | "order" | "manual"; id: string | null };

export type PointsAwardedData = { organizationId: string; participantId: string; entryId: string; amount: number; category: PointCategory; reason: string; source: PointSource; awardedBy: string | null };
export type PointsSpentData = { organizationId: string; participantId: string; entryId: string; amount: number; reason: string; orderId: string; spentBy: string | null };
export type PointsReversedData = { organizationId: string; participantId: string; entryId: string; reversesEntryId: string; amount: number; category: PointCategory; reason: string; reversedBy: string | null };
export type PointsRefundedData = { organizationId: string; participantId: string; entryId: string; orderId: string; amount: number; reason: string; refundedBy: string | null };
export type LeaderboardVisibilitySetData = { organizationId: string; participantId: string; hidden: boolean; setBy: string | null };

export type PointsAwarded = DomainEvent<"PointsAwarded", PointsAwardedData>;
export type PointsSpent = DomainEvent<"PointsSpent", PointsSpentData>;
export type PointsReversed = DomainEvent<"PointsReversed", PointsReversedData>;
export type PointsRefunded = DomainEvent<"PointsRefunded", PointsRefundedData>;
export type LeaderboardVisibilitySet = DomainEvent<"LeaderboardVisibilitySet", LeaderboardVisibilitySetData>;
export type PointsEvent = PointsAwarded | PointsSpent | PointsReversed | PointsRefunded | LeaderboardVisibilitySet;

export type StoreItemFields = { name: string; description: string; picture: string | null; price: number; stock: number; perMemberLimit: number | null; visibleGroups: string[] };
export type StoreItemCreatedData = StoreItemFields & { organizationId: string; itemId: string; createdBy: string | null };
export type StoreItemUpdatedData = StoreItemFields & { organizationId: string; itemId: string; updatedBy: string | null };
export type StoreItemRemovedData = { organizationId: string; itemId: string; removedBy: string | null };
export type StoreItemReservedData = { organizationId: string; itemId: string; orderId: string; participantId: string; quantity: number };
export type StoreItemReleasedData = { organizationId: string; itemId: string; orderId: string; participantId: string; quantity: number };

export type StoreItemCreated = DomainEvent<"StoreItemCreated", StoreItemCreatedData>;
export type StoreItemUpdated = DomainEvent<"StoreItemUpdated", StoreItemUpdatedData>;
export type StoreItemRemoved = DomainEvent<"StoreItemRemoved", StoreItemRemovedData>;
export type StoreItemReserved = DomainEvent<"StoreItemReserved", StoreItemReservedData>;
export type StoreItemReleased = DomainEvent<"StoreItemReleased", StoreItemReleasedData>;
export type StoreItemEvent = StoreItemCreated | StoreItemUpdated | StoreItemRemoved | StoreItemReserved | StoreItemReleased;

export const ORDER_STATUSES = ["Pending", "Ready", "Fulfilled", "Cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Where an order may go from each status (decision 076). */
export const ORDER_MOVES: Record<OrderStatus, readonly OrderStatus[]> = { Pending: ["Ready", "Fulfilled", "Cancelled"], Ready: ["Fulfilled", "Cancelled"], Fulfilled: [], Cancelled: [] };
export type OrderLine = { itemId: string; name: string; price: number; quantity: number };
export type OrderPlacedData = { organizationId: string; orderId: string; participantId: string; lines: OrderLine[]; total: number; placedBy: string | null };
export type OrderStatusChangedData = { organizationId: string; orderId: string; participantId: string; status: Exclude<OrderStatus, "Pending">; changedBy: string | null };
export type OrderPlaced = DomainEvent<"OrderPlaced", OrderPlacedData>;
export type OrderStatusChanged = DomainEvent<"OrderStatusChanged", OrderStatusChangedData>;
/** a checkout that died between its reservations and its order (decision 086): its order can no longer be placed */
export type OrderAbandonedData = { organizationId: string; orderId: string; participantId: string };
export type OrderAbandoned = DomainEvent<"OrderAbandoned", OrderAbandonedData>;
export type OrderEvent = OrderPlaced | OrderStatusChanged | OrderAbandoned;

export type AnyPointsEvent = PointsEvent | StoreItemEvent | OrderEvent;
export const POINTS_EVENT_TYPES = [
  "PointsAwarded",
  "PointsSpent",
  "PointsReversed",
  "PointsRefunded",
  "LeaderboardVisibilitySet",
  "StoreItemCreated",
  "StoreItemUpdated",
  "StoreItemRemoved",
  "StoreItemReserved",
  "StoreItemReleased",
  "OrderPlaced",
  "OrderStatusChanged",
  "OrderAbandoned",
] as const satisfies readonly AnyPointsEvent["type"][];
export const isPointsEvent = <E extends DomainEvent>(event: E): event is E & AnyPointsEvent => (POINTS_EVENT_TYPES as readonly string[]).includes(event.type);

export const pointsStreamId = (participantId: string) => `points-${participantId}`;
export const storeItemStreamId = (itemId: string) => `store-item-${itemId}`;
export const orderStreamId = (orderId: string) => `store-order-${orderId}`;
