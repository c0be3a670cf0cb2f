export { waitForProjection } from "#projections";
