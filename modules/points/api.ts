import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { itemListQuery, leaderboardQuery, orderListQuery, pointListQuery } from "./schema";
import { awardPoints, balanceCall, leaderboard, pointCall, pointsList, reversePoints, setLeaderboardVisibility } from "./service-points";
import { changeOrderStatus, checkout, createStoreItem, orderCall, ordersList, removeStoreItem, storeItemCall, storeItems, updateStoreItem } from "./service-store";

/** Staff who award points: any of the spec's three reward permissions (the category's own one is checked in the service). */
const AWARD = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_CREATE_POINTS, P.CAN_REWARD_CHALLENGE_POINTS, P.CAN_REWARD_LIFE_SKILLS_POINTS] } as const satisfies AccessRule;
/** Anyone signed in: staff who award read everyone's, members their own and their children's (the service narrows). */
const READ_POINTS = { auth: "required" } as const satisfies AccessRule;
const LEADERBOARD = { auth: "required", anyPermission: [P.CAN_VIEW_LEADERBOARD, P.CAN_CREATE_POINTS, P.CAN_REWARD_CHALLENGE_POINTS, P.CAN_REWARD_LIFE_SKILLS_POINTS] } as const satisfies AccessRule;
const MANAGE_STORE = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_ADD_ITEMS_TO_STORE] } as const satisfies AccessRule;
const SEE_STORE = { auth: "required", anyPermission: [P.CAN_ADD_ITEMS_TO_STORE, P.CAN_VIEW_STORE] } as const satisfies AccessRule;
const SHOP = { auth: "required", level: LEVELS.members, anyPermission: [P.CAN_VIEW_STORE] } as const satisfies AccessRule;

/** Points, the leaderboard, the store and its orders (decisions 075, 076; the generic convention, nodes `point`, `store/item`, `order`). */
export const pointsApi: readonly ApiRow[] = [
  apiRow({
    id: "point-list",
    method: "GET",
    path: "/api/point",
    description: "The points ledger, newest first (page, size, participant_id, category): staff who award points see everyone's; members their own and their children's.",
    rule: READ_POINTS,
    query: pointListQuery,
    answers: { description: "{ data, count, additional_info }" },
    handle: (ctx) => pointsList(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "point-balance",
    method: "GET",
    path: "/api/point/balance",
    description: "A member's balance, points earned, rank and newest entries (participant_id: staff any member; a member their own or a child's).",
    rule: READ_POINTS,
    query: pointListQuery.pick({ participant_id: true }),
    answers: { description: "{ participant_id, balance, earned, rank, history }" },
    handle: (ctx) => balanceCall(ctx.services, signedIn(ctx), ctx.query.participant_id),
  }),
  apiRow({
    id: "point-create",
    method: "POST",
    path: "/api/point",
    description: "Award points: { participant_ids (one or many, e.g. a session's attendees), amount (whole, 1..10 000), category (general, challenge, life_skills, attendance: each needs its reward permission), reason, source_kind, source_id }.",
    rule: AWARD,
    answers: { description: "{ message: 'Point successfully created', data }" },
    handle: (ctx) => awardPoints(ctx.services, signedIn(ctx), ctx.request, ctx.body),
  }),
  apiRow({
    id: "point-detail",
    method: "GET",
    path: "/api/point/:id",
    description: "One ledger entry.",
    rule: READ_POINTS,
    answers: { description: "The entry" },
    handle: (ctx) => pointCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "point-reverse",
    method: "POST",
    path: "/api/point/:id/reverse",
    description: "Reverse an award by a new event with a reason { reason }: once (409 after); not when the points are spent already (409).",
    rule: AWARD,
    answers: { description: "{ message: 'Points successfully reversed', data }" },
    handle: (ctx) => reversePoints(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, ctx.body),
  }),
  apiRow({
    id: "leaderboard",
    method: "GET",
    path: "/api/leaderboard",
    description: "The organization's leaderboard by points earned (period: all, month (this calendar month), week (this week from Monday), in the organization's time zone; program_id: that program's registered members only; size): rank, name (members see a first name and an initial), points; hidden members left out.",
    rule: LEADERBOARD,
    query: leaderboardQuery,
    answers: {
      description: "{ data, count, additional_info }",
      schema: A.listAnswer(z.looseObject({ participant_id: z.string(), name: z.string(), rank: z.number().int(), points: z.number().int(), you: z.boolean() }), z.looseObject({ period: z.string() })),
    },
    handle: (ctx) => leaderboard(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "leaderboard-visibility",
    method: "PUT",
    path: "/api/leaderboard/:participantId",
    description: "Hide a member from the leaderboard or show them again: { hidden }.",
    rule: AWARD,
    answers: { description: "{ message, data }" },
    handle: (ctx) => setLeaderboardVisibility(ctx.services, signedIn(ctx), ctx.request, ctx.params.participantId, ctx.body),
  }),
  apiRow({
    id: "store-item-list",
    method: "GET",
    path: "/api/store/item",
    description: "The store's items, newest first (page, size, search): price, stock, available, per_member_limit, visible_groups. Members see the items shown to their group.",
    rule: SEE_STORE,
    query: itemListQuery,
    answers: { description: "{ data, count, additional_info }" },
    handle: (ctx) => storeItems(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "store-item-create",
    method: "POST",
    path: "/api/store/item",
    description: "A store item: { name, description, picture (optional address), price (whole points, > 0), stock, per_member_limit (optional), visible_groups (user group names; none: everyone) }.",
    rule: MANAGE_STORE,
    answers: { description: "{ message: 'Store item successfully created', data }" },
    handle: (ctx) => createStoreItem(ctx.services, signedIn(ctx), ctx.request, ctx.body),
  }),
  apiRow({
    id: "store-item-detail",
    method: "GET",
    path: "/api/store/item/:id",
    description: "One store item.",
    rule: SEE_STORE,
    answers: { description: "The item" },
    handle: (ctx) => storeItemCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "store-item-update",
    method: "PUT",
    path: "/api/store/item/:id",
    description: "The whole item again (as POST); stock may not go below the units already ordered (400).",
    rule: MANAGE_STORE,
    answers: { description: "{ message: 'Store item successfully updated', data }" },
    handle: (ctx) => updateStoreItem(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, ctx.body),
  }),
  apiRow({
    id: "store-item-delete",
    method: "DELETE",
    path: "/api/store/item/:id",
    description: "Take an item out of the store; orders placed keep it.",
    rule: MANAGE_STORE,
    answers: { description: "{ message: 'Store item successfully deleted' }" },
    handle: (ctx) => removeStoreItem(ctx.services, signedIn(ctx), ctx.request, ctx.params.id),
  }),
  apiRow({
    id: "order-list",
    method: "GET",
    path: "/api/order",
    description: "Orders, newest first (page, size, status, participant_id): staff who manage the store see all; members their own and their children's. Each with status and updated_date.",
    rule: SEE_STORE,
    query: orderListQuery,
    answers: { description: "{ data, count, additional_info }" },
    handle: (ctx) => ordersList(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "order-create",
    method: "POST",
    path: "/api/order",
    description:
      "Check the cart out: { participant_id?, items [{ id, quantity }] }. Prices and stock are the server's. Not enough points: 409 POINTS_NOT_ENOUGH; an item sold out, over its limit or hidden: 409 CART_ITEMS_UNAVAILABLE naming it (nothing is bought).",
    rule: SHOP,
    answers: { description: "{ message: 'Order successfully created', data }" },
    handle: (ctx) => checkout(ctx.services, signedIn(ctx), ctx.request, ctx.body),
  }),
  apiRow({
    id: "order-detail",
    method: "GET",
    path: "/api/order/:id",
    description: "One order with its lines, total, status and updated_date.",
    rule: SEE_STORE,
    answers: { description: "The order" },
    handle: (ctx) => orderCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "order-update",
    method: "PUT",
    path: "/api/order/:id",
    description: "Move an order along { status: Ready, Fulfilled or Cancelled } (staff who manage the store; a member may cancel their own pending order). Cancelling returns the stock and refunds the points.",
    rule: SEE_STORE,
    answers: { description: "{ message: 'Order successfully updated', data }" },
    handle: (ctx) => changeOrderStatus(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, ctx.body),
  }),
];
