/** Browser-safe limits of surveys (decision 074): the answers' text lengths and the rating scale. */
export const SHORT_TEXT_MAX = 500;
export const LONG_TEXT_MAX = 5000;
export const RATING_SCALE_MAX = 10;
