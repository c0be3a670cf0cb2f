export { pointsProjection, LEADERBOARD_TOPIC, STORE_TOPIC, POINTS_CHANGED, STORE_CHANGED } from "./projection";
export * from "./queries";
export type { PointTables } from "./tables";
export * as pointsMigration from "./migration";
export * as pointsPeriodsMigration from "./migration-periods";
export { attendancePointsProjection, ATTENDANCE_POINTS } from "./attendance-points";
export * as pointsReservationsMigration from "./migration-reservations";
export * as pointsStreamBalanceMigration from "./migration-stream-balance";
export * as pointsBoardOrderMigration from "./migration-board-order";
