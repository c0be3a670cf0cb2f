/** Points, the leaderboard and the store (decisions 075, 076). */
export * from "./events";
export * from "./limits";
export * from "./periods";
export * from "./schema";
export { pointsDecider, itemDecider, orderDecider, decidePoints, decideItem, decideOrder, evolvePoints, evolveItem, evolveOrder, visibleTo, spendDecider, balanceDelta, type SpendState, type SpendCommand, type PointsCommand, type PointsState, type ItemCommand, type ItemState, type OrderCommand, type OrderState } from "./decide";
export { mayAward, mayAwardAny, mayManageStore, mayViewLeaderboard, awardableCategories } from "./access";
// last: the services and the rows reach projections, which import the events back
export * from "./service-points";
export * from "./service-store";
export { ownMembers, memberChoices } from "./members";
export { attendanceCommand, applyAttendanceMark, eventAttendanceMark, participantsOfChange, type AttendanceMark, type EventAttendanceChange } from "./attendance";
export { pointsApi } from "./api";
