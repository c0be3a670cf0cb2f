export { checkInDecider, refusals, type CheckInCommand, type CheckInState, type OpenVisit } from "./decide";
export { checkInStream, type CheckInEvent, type CheckInSource, type MemberRef } from "./events";
export { checkInOrOut, eligibility, effectiveTime, loadFacts, type CheckInDeps, type CheckInRequest } from "./handlers";
export { INDEPENDENT_TRAVEL, ADULT_PICK_UP, type CheckInFacts, type FactSources } from "./rules-context";
