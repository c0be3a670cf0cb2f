/** The flags module's public face: stop and warn flags on a participant, raised and resolved. */
export {
  FLAG_TYPES,
  FLAG_EVENT_TYPES,
  FLAG_STREAM_PREFIX,
  isFlagEvent,
  flagStreamId,
  type FlagType,
  type FlagEvent,
  type MemberFlagged,
  type MemberFlagResolved,
  type MemberFlaggedData,
  FLAG_NOTE_TYPES,
  type FlagNoteType,
  type MemberFlagResolvedData,
} from "./events";
export {
  FLAG_MESSAGES,
  flagTypeSchema,
  flagMessageSchema,
  flagParticipantIdSchema,
  flagMemberSchema,
  unflagMemberSchema,
  flagRequestBody,
  flagUserQuery,
  type FlagRequestBody,
  type FlagUserQuery,
  type FlagMemberInput,
  type UnflagMemberInput,
  type FlagMember,
  type UnflagMember,
  type FlagCommand,
} from "./commands";
export {
  flagDecider,
  decide,
  evolve,
  initialFlagState,
  flagParticipantNotFound,
  flagAlreadyActive,
  noActiveFlag,
  type ActiveFlag,
  type FlagState,
} from "./decide";
export { handleFlagCommand, flagMember, unflagMember, loadActiveFlags, type FlagDeps, type FlagResult } from "./handlers";
// last: the service and the rows reach projections, which import this index back (a cycle that is safe
// only once everything above is evaluated)
export { FLAG_TOASTS, flagOrUnflag, userFlags, flaggedMembersOf, headerFlagsOf } from "./service";
export { flagsApi } from "./api";
