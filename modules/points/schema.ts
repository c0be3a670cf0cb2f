import { z } from "zod";
import { POINT_CATEGORIES, ORDER_STATUSES } from "./events";
import { MAX_AWARD, MAX_AWARD_RECIPIENTS, MAX_CART_LINES, MAX_LINE_QUANTITY, MAX_PRICE, MAX_REASON, MAX_STOCK } from "./limits";

/** Browser-safe: the points and store calls' schemas (decision 075), one for the browser and the server. */

const text = (label: string, max: number) => z.string({ error: `${label} must be text` }).trim().max(max, { error: `${label} must be at most ${max} characters` });
const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .refine((n) => Number.isFinite(n), { error: `${label} must be a number` })
    .refine((n) => Number.isInteger(n), { error: `${label} must be a whole number` })
    .refine((n) => n >= min, { error: `${label} must be at least ${min}` })
    .refine((n) => n <= max, { error: `${label} must be at most ${max.toLocaleString("en")}` });
const id = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, { error: `${label} is required` }).max(64, { error: `${label} is too long` });

/** POST /api/point: award points to one member or many at once. */
export const awardInputSchema = z.object({
  participant_ids: z.array(id("participant_ids"), { error: "participant_ids must be a list" }).min(1, { error: "Choose at least one member" }).max(MAX_AWARD_RECIPIENTS, { error: `At most ${MAX_AWARD_RECIPIENTS} members at once` }),
  amount: whole("Points", 1, MAX_AWARD),
  category: z.enum(POINT_CATEGORIES, { error: `Category must be one of ${POINT_CATEGORIES.join(", ")}` }).default("general"),
  reason: text("Reason", MAX_REASON).min(1, { error: "Give a reason" }),
  source_kind: z.enum(["session", "challenge", "manual"], { error: "source_kind must be session, challenge or manual" }).default("manual"),
  source_id: z.string().trim().max(64).nullable().default(null),
  command_id: z.string().optional(),
});
export type AwardInput = z.output<typeof awardInputSchema>;

/** POST /api/point/{id}/reverse */
export const reverseInputSchema = z.object({ reason: text("Reason", MAX_REASON).min(1, { error: "Give a reason" }), command_id: z.string().optional() });

const pageNumber = z.coerce.number({ error: "Page must be a number" }).int({ error: "Page must be a whole number" }).min(0, { error: "Page must be 0 or more" }).max(100_000, { error: "Page is too large" }).default(0);
const pageSize = z.coerce.number({ error: "Size must be a number" }).int({ error: "Size must be a whole number" }).min(1, { error: "Size must be at least 1" }).max(100, { error: "Size must be at most 100" }).default(10);

export const pointListQuery = z.object({ page: pageNumber, size: pageSize, participant_id: z.string().max(64).optional(), category: z.enum(POINT_CATEGORIES).optional() });
export const LEADERBOARD_PERIODS = ["all", "month", "week"] as const;
export const leaderboardQuery = z.object({
  period: z.enum(LEADERBOARD_PERIODS, { error: "Period must be all, month or week" }).default("all"),
  size: pageSize.default(20),
  program_id: z.uuid({ error: "program_id must be a program's id" }).optional(),
});
export const leaderboardVisibilitySchema = z.object({ hidden: z.boolean({ error: "hidden must be true or false" }) });

/** POST and PUT /api/store/item */
export const itemInputSchema = z.object({
  name: text("Name", 120).min(1, { error: "Name is required" }),
  description: text("Description", 2000).default(""),
  picture: z.string().trim().max(2000, { error: "Picture must be at most 2000 characters" }).nullable().default(null).transform((v) => (v ? v : null)),
  price: whole("Price", 1, MAX_PRICE),
  stock: whole("Stock", 0, MAX_STOCK),
  per_member_limit: z.union([whole("Limit per member", 1, MAX_STOCK), z.null(), z.literal("").transform(() => null)]).default(null),
  visible_groups: z.array(z.string().trim().min(1).max(80), { error: "visible_groups must be a list" }).max(50).default([]),
});
export type ItemInput = z.output<typeof itemInputSchema>;
export const itemListQuery = z.object({ page: pageNumber, size: pageSize.default(50), search: z.string().max(100).optional() });

/** POST /api/order: the cart (only ids and quantities count: prices and stock are the server's). */
export const cartLineSchema = z.object({ id: id("Item id"), quantity: whole("Quantity", 1, MAX_LINE_QUANTITY).default(1) });
export const checkoutInputSchema = z.object({
  participant_id: z.string().max(64).optional(),
  items: z.array(cartLineSchema, { error: "items must be a list" }).min(1, { error: "The cart is empty" }).max(MAX_CART_LINES, { error: `A cart holds at most ${MAX_CART_LINES} items` }),
  command_id: z.string().optional(),
});
export type CheckoutInput = z.output<typeof checkoutInputSchema>;
export const orderStatusSchema = z.object({ status: z.enum(ORDER_STATUSES.filter((s) => s !== "Pending") as ["Ready", "Fulfilled", "Cancelled"], { error: "Status must be Ready, Fulfilled or Cancelled" }) });
export const orderListQuery = z.object({ page: pageNumber, size: pageSize.default(20), status: z.enum(ORDER_STATUSES).optional(), participant_id: z.string().max(64).optional() });
