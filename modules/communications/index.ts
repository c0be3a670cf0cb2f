/** Communications (decision 073): the inbox's conversations, their safeguarding rules, and their calls; announcements (088-091). */
export * from "./events";
export * from "./schema";
export * from "./live";
export { threadDecider, decide, evolve, initialThreadState, membersOf, isStaffLevel, threadNotFound, type Person, type ThreadCommand, type ThreadState } from "./decide";
// last: the service and the rows reach projections, which import this index back
export * from "./service";
export { communicationsApi } from "./api";
export * from "./announcements";
