/** Browser-safe face of points and the store: the schemas, categories, statuses and limits. */
export * from "./schema";
export * from "./limits";
export { POINT_CATEGORIES, CATEGORY_LABELS, ORDER_STATUSES, type PointCategory, type OrderStatus, type OrderLine, ORDER_MOVES } from "./events";
