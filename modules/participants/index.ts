/** The participants module's public face: profiles, Member IDs, waivers, pick-up people. */
export {
  INDEPENDENT_TRAVEL,
  ADULT_PICK_UP,
  ADULT_PICK_UP_ALIASES,
  PICK_UP_PERMISSIONS,
  PARTICIPANT_STATUSES,
  YES_NO,
  GENDER_OPTIONS,
  PRONOUN_OPTIONS,
  RACE_OPTIONS,
  PREFERRED_CONTACT_OPTIONS,
  ageOn,
  type PickUpPermission,
  type ParticipantStatus,
  type YesNo,
  type Gender,
} from "./options";
export {
  PARTICIPANT_EVENT_TYPES,
  participantStream,
  type ParticipantEvent,
  type ParticipantRegistered,
  type ParticipantUpdated,
  type ParticipantStatusChanged,
  type WaiverSigned,
  type WaiverTokenIssued,
  type WaiverTokenIssuedData,
  type MemberIdClaimed,
  type ParticipantProfile,
  type ParticipantRegisteredData,
  type WaiverSignedData,
  type PickupContact,
} from "./events";
export {
  MEMBER_ID_LENGTH,
  MEMBER_ID_MIN_LENGTH,
  MEMBER_ID_ALPHABET,
  generateMemberId,
  normalizeMemberId,
  isMemberId,
  memberIdStream,
  resolveMemberId,
} from "./member-id";
export { pickUpPeople, type PickUpPerson, type PickUpSource } from "./pick-up-people";
export { WAIVER_VERSION, WAIVER_VERSIONS, WAIVER_TEXTS, waiverTextOf, type WaiverText } from "./waiver-text";
export * from "./waiver-version-events";
export * from "./waiver-version-schema";
export {
  waiverVersionsDecider,
  publishWaiverVersionCommand,
  loadWaiverVersions,
  currentWaiverVersionId,
  signedVersionOf,
  paragraphsOf,
  publishedText,
  waiverTextFor,
  nextVersionId,
  builtInBody,
  type WaiverVersion,
  type WaiverVersionsState,
  type PublishWaiverVersion,
} from "./waiver-versions";
export {
  PARTICIPANT_LABELS,
  participantProfileSchema,
  pickupContactSchema,
  participantStatusSchema,
  signWaiverSchema,
  waiverTokenHashSchema,
  isCalendarDate,
  type ParticipantProfileInput,
  type ParticipantCommand,
  type RegisterParticipant,
  type UpdateParticipant,
  type ChangeParticipantStatus,
  type IssueWaiverToken,
  type SignWaiver,
  type LinkParticipantAccount,
} from "./commands";
export {
  participantDecider,
  decide,
  evolve,
  participantNotFound,
  waiverAlreadySigned,
  tokenExpired,
  waiverTokenRefusal,
  participantAccountRefusal,
  PARTICIPANT_ACCOUNT_MIN_AGE,
  WAIVER_TOKEN_TTL_MS,
  type Participant,
  type ParticipantState,
} from "./decide";
export {
  handleParticipantCommand,
  registerParticipant,
  changeParticipantStatus,
  issueWaiverToken,
  signWaiver,
  checkWaiverToken,
  loadParticipant,
  loadParticipantByMemberId,
  participantInOrganization,
  type ParticipantDeps,
  type ParticipantResult,
  type RegisterParticipantInput,
  type RegisterOptions,
} from "./handlers";
export {
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  EXPORT_PAGE_SIZE,
  SORT_OPTIONS,
  DEFAULT_SORT,
  listStateOf,
  type SortValue,
  type ParticipantListItem,
  type ParticipantListState,
  type ParticipantList,
} from "./list-options";
export { participantReportQuery, reportParamsOf, memberLookupBody, type ParticipantReportParams, type MemberLookupBody } from "./commands";
// last: the services and the rows reach projections (and other contexts that reach projections), which
// import this index back (a cycle that is safe only once everything above is evaluated)
export { participantDetailOf, memberLookupOf, participantPhotoResponse, participantPageOf, type ParticipantDetail, type MemberLookup } from "./service-detail";
export { participantReportOf, participantListOf } from "./service-list";
export { participantProfileOf, profileTabsFor, type ParticipantProfilePage } from "./service-profile";
export { NO_STORE, JOINING_PARAM, joiningWaiverPath, issueWaiverLink, newWaiverLink, openWaiverLink, signWithLink, viewWaiver, type WaiverLinkView, type SignOutcome } from "./service-waivers";
export { participantsApi } from "./api";
export { postalCodeOf } from "./postal-code";
export { PARTICIPANT_TOASTS, mayManageParticipants, participantFormRulesOf, createParticipantCall, updateParticipantCall, participantEditingOf } from "./service-write";
export { participantFormSchema, formValuesOf, profileOfForm, registrationModeOf, PARTICIPANT_STATUS_REASON_REQUIRED, type ParticipantFormRules, type ParticipantFormValues } from "./participant-form";
export { assignedCoachOf } from "./assigned";
export { mayInviteParticipants, inviteParticipantAccount, inviteParticipantCall, revokeParticipantInvitation, participantAccountOf, participantAccountKeys, type ParticipantAccount, type AccountStepKeys } from "./service-account";
export { HOUSEHOLD_INCOME_OPTIONS } from "./profile-options";
