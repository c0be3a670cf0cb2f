/** Limits of the points ledger and the store (decision 075). */
export const MAX_AWARD = 10_000;
export const MAX_PRICE = 1_000_000;
export const MAX_STOCK = 100_000;
export const MAX_REASON = 200;
export const MAX_AWARD_RECIPIENTS = 500;
export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;
