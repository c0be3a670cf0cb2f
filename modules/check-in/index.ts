export { claimSecurityCode, SecurityCodeAllocator, SECURITY_CODE_ATTEMPTS, SECURITY_CODE_BLOCK, SECURITY_CODE_BLOCKS } from "./security-code";
export { codeAt, SECURITY_CODE_SPACE } from "./code-permutation";
export { checkInDecider, refusals, type CheckInCommand, type CheckInState, type OpenVisit } from "./decide";
export { checkInStream, securityCodeBlockStream, securityCodeKeyStream, type SecurityCodeBlockClaimed, type SecurityCodeKeyChosen, type CheckInEvent, type CheckInSource, type MemberRef, type PickedUpBy, type PickUpOverridden } from "./events";
export { checkInOrOut, eligibility, effectiveTime, loadFacts, overrideFlagOf, type CheckInDeps, type CheckInRequest } from "./handlers";
export { releaseTo, pickUpRefusals, OVERRIDE_REASON_MAX, SEE_STAFF_MESSAGE, type PickUpRequest, type Release } from "./pick-up-rule";
export { INDEPENDENT_TRAVEL, ADULT_PICK_UP, type CheckInFacts, type FactSources } from "./rules-context";
export {
  CHECK_IN_CODES,
  CHECK_IN_TEXT,
  REFUSAL_TEXT,
  MAX_DAY_HOURS,
  MAX_DAY_MS,
  gateRefusal,
  mayCheckIn,
  mayCheckOut,
  travelsIndependently,
  memberCheckInOn,
  mayCheckMembersInOut,
  barcodeErrorText,
  securityCodesOn,
  isSecurityCode,
  normalizeClaimCode,
  SECURITY_CODE_ALPHABET,
  TAG_STOCKS,
  tagStockOf,
  type TagStock,
  type CheckInCode,
  type CheckInGate,
  type CheckInViewer,
} from "./client";
export { checkInBody, checkOutBody, bulkCheckInBody, eligibilityBody, boardQuery, type CheckInBody, type CheckOutBody, type BulkCheckInBody, type EligibilityBody, type BoardQuery } from "./commands";
// last: the service and the rows reach projections, which import this index back (a cycle that is safe
// only once everything above is evaluated)
export { factSources, checkInDeps, runCheckIn, requireMemberCheckIn, participantIdFor, sourceOf, pickUpOf, checkInList, checkIn, checkOut, bulkCheckIn, checkInEligibility, checkInViewerOf, securityCodesOf } from "./service";
export { checkInTags, KIOSK_TAG_WINDOW_MS, type CheckInTags } from "./tags";
export { seesStaffToday, staffTodayOf, type StaffToday, type ProgramToday } from "./today";
export { checkInApi, boardRowAnswer } from "./api";
