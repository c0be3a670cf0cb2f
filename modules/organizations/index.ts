/** The organizations module's public face: settings, features, theme; commands and their handlers. */
export {
  organizationSettingsSchema,
  organizationTypeSchema,
  defaultSettings,
  enabledFeatures,
  withoutSecrets,
  ORGANIZATION_TYPES,
  SENDING_METHODS,
  FEATURE_KEYS,
  DEFAULT_SCHOOL_OPTION,
  REPORT_DEFAULTS,
  PROGRAM_DEFAULTS,
  REPORT_NAV_SLOTS,
  DEFAULT_LOCALIZATION,
  readStoredSettings,
  type StoredOrganizationSettings,
  type OrganizationSettings,
  type OrganizationSettingsInput,
  type OrganizationType,
  type SendingMethod,
  type FeatureKey,
} from "./settings";
export {
  DEFAULT_TIME_ZONE,
  TIME_ZONE_MESSAGE,
  NORTH_AMERICAN_TIME_ZONES,
  canonicalTimeZone,
  isTimeZone,
  timeZoneOf,
  todayIn,
  startOfDayIn,
  dayBoundsIn,
  instantOfWallTime,
  wallTimeOf,
  timeZoneOptions,
  timeZoneLabel,
  type TimeZoneOption,
} from "./time-zone";
export { labelOf, requiredMessage, type FieldPath } from "./validation";
export {
  THEME_COLORS,
  DEFAULT_MAIN_COLOR,
  DEFAULT_ACCENT_COLOR,
  accentFor,
  isThemeColor,
  themeColorOf,
  type ThemeColor,
  type ThemeColorName,
  type ThemeColorHex,
  type RadixAccentColor,
} from "./theme";
export {
  ORGANIZATION_EVENT_TYPES,
  isOrganizationEvent,
  organizationStreamId,
  organizationIdOfStream,
  type OrganizationEvent,
  type OrganizationRegistered,
  type OrganizationSettingsUpdated,
  type OrganizationThemeChanged,
  type OrganizationReactivated,
  type SuperadminEnteredOrganization,
  type SuperadminLeftOrganization,
} from "./events";
export {
  organizationIdSchema,
  registerOrganizationSchema,
  updateOrganizationSettingsSchema,
  changeThemeSchema,
  mainColorSchema,
  MAIN_COLOR_MESSAGE,
  type RegisterOrganization,
  type UpdateOrganizationSettings,
  type ChangeTheme,
  type ReactivateOrganization,
  type EnterOrganization,
  type LeaveOrganization,
  type OrganizationCommand,
} from "./commands";
export {
  organizationDecider,
  decide,
  evolve,
  initialOrganizationState,
  type OrganizationState,
  type RegisteredOrganization,
} from "./decide";
export {
  handleOrganizationCommand,
  registerOrganization,
  updateOrganizationSettings,
  changeTheme,
  loadOrganization,
  type OrganizationDeps,
  type OrganizationResult,
} from "./handlers";
export { organizationRequestSchema, declineOrganizationRequestSchema, NAME_TAKEN, ORGANIZATION_REQUEST_TOASTS, type OrganizationRequestInput, type OrganizationRequestDetails } from "./requests/schema";
export { postalCodeFits, POSTAL_CODE_MESSAGE } from "./requests/postal";
export {
  organizationRequestDecider,
  organizationRequestStream,
  isOrganizationRequestEvent,
  ORGANIZATION_REQUEST_EVENT_TYPES,
  type OrganizationRequestEvent,
  type OrganizationRequestStatus,
  type OrganizationRequestCommand,
} from "./requests/decide";
// last: the service and the rows reach projections, which import this index back (a cycle
// that is safe only once everything above is evaluated)
export { customizeData, changeOrganizationTheme, replaceOrganizationSettings } from "./service";
export {
  submitOrganizationRequest,
  organizationRequestsOf,
  approveOrganizationRequest,
  declineOrganizationRequest,
  approvalIdsOf,
  carryOutApproval,
  organizationsOf,
  deactivateOrganizationCall,
  reactivateOrganizationCall,
  ORGANIZATION_REACTIVATED,
  createOrganizationCall,
  editOrganizationCall,
  ORGANIZATION_DEACTIVATED,
  ORGANIZATION_REQUEST_LIMIT,
  type OrganizationRequestView,
} from "./requests/service";
export { grantersOf, createGranterCall, editGranterCall, deactivateGranterCall, GRANTER_TOASTS } from "./requests/granters";
export { enterOrganizationCall, leaveOrganizationCall, homeOrganizationIdOf, ENTERING_TOASTS } from "./requests/entering";
export { organizationsApi } from "./api";
