export * from "./access";
export { userGroupInput, USER_GROUP_ICONS, SCHEME_KEYS, DEFAULT_SCHEME, type UserGroupInput, type ColorScheme, type UserGroupIcon } from "./user-groups/schema";
export { userGroupDecider, PROTECTED_GROUP_NAMES, type UserGroupCommand, type UserGroupState, type Actor } from "./user-groups/decide";
export { userGroupStream, type UserGroupEvent, type UserGroupFields } from "./user-groups/events";
export { handleUserGroupCommand } from "./user-groups/handlers";
export { loadUserGroup } from "./user-groups/load";
export { defaultUserGroups, type DefaultGroup } from "./user-groups/defaults";
export { userDecider, RESET_TOKEN_INVALID, type UserCommand, type UserState } from "./users/decide";
export type { StaffUserEvent, UserStatus, InvitationEvent, InvitationKind } from "./users/events";
export { invitationDecider, invitationStatusOf, INVITATION_TTL_MS, TOKEN_EXPIRED, type InvitationCommand, type InvitationState } from "./invitations/decide";
export { staffUserDecider, DEACTIVATED_REASON, type StaffUserCommand, type StaffUserState, type GroupFact } from "./users/staff-decide";
export * from "./users/staff-schema";
export { userStream, loginNameStream, type UserEvent, type UserProfile, type LoginNameClaimed, type NotificationPreferences } from "./users/events";
export { registerUser, type RegisterUserInput } from "./users/handlers";
export { hashPassword, verifyPassword, dummyHash, MIN_PASSWORD_LENGTH } from "./users/passwords";
export { SessionStore, SESSION_TTL_MS, type Session, type SessionTables, type SessionsEnded } from "./sessions/session-store";
export { newToken, tokenHash, sameToken, formTokenFor } from "./sessions/tokens";
export { hit, signInAllowed, signInSucceeded, SIGN_IN_LIMIT, type LimitResult, type SignInLimit, type SignInLimits } from "./sessions/rate-limit";
export { checkCsrf, isApiPath, routedPath, CSRF_COOKIE, CSRF_ERROR, CSRF_HEADERS, type CsrfRequest } from "./sessions/csrf";
export * from "./calls";
export { SESSION_COOKIE, cookieOf, sessionCookie, clearSessionCookie } from "./sessions/cookies";
export { loginSchema, forgotPasswordSchema, resetPasswordSchema, userRolesQuery, type LoginInput, type UserRolesQuery } from "./commands";
// last: the services and the rows reach projections, which import this index back (a cycle that is safe
// only once everything above is evaluated)
export { signIn, SIGN_IN_UNAVAILABLE } from "./sessions/sign-in";
export { forgotPasswordAllowed, requestPasswordReset, resetPassword, RESET_REQUESTED_MESSAGE, PASSWORD_RESET_DONE } from "./users/password-reset";
export { createUserGroup, updateUserGroup, deleteUserGroup, userGroupsOf, type UserGroupView } from "./user-groups/service";
export { shellFor, type ShellModel } from "./shell";
export { reportPages } from "./access/menu";
export { identityApi } from "./api";
export { handleStaffUserCommand } from "./users/staff-handlers";
export { createParentUser, createParticipantUser, participantUserIdFor } from "./users/service-user-list";
export { staffUsersOf, staffUserOf, createStaffUserCall, updateStaffUserCall, deleteStaffUserCall, mayManageUsers, mayViewUsers, mayExportUsers, visibleUser, USER_TOASTS, staffUserListPageOf, USER_PAGE_SIZES, type StaffUserPage } from "./users/service-user-list";
export { renewalRequestsAmong, sendInvitationCall, resendInvitationCall, revokeInvitationCall, invitationsOf, invitationFormAction, invitationViewOf, acceptInvitation, requestNewInvitation, mayInvite, mayInviteAnyone, acceptPathOf, INVITATION_TOASTS, NEW_INVITATION_REQUESTED, type InvitationView } from "./invitations/service";
export { sendInvitationMail, type InvitationMail } from "./invitations/mail";
export {
  ownProfileOf,
  editOwnProfile,
  changeOwnPassword,
  setOwnNotificationPreferences,
  PROFILE_UPDATED,
  PASSWORD_CHANGED,
  NOTIFICATIONS_UPDATED,
} from "./users/profile";
export { DEFAULT_NOTIFICATIONS, WRONG_CURRENT_PASSWORD, type OwnProfileCommand } from "./users/profile-decide";
export { ownProfileSchema, changePasswordSchema, notificationPreferencesSchema, type OwnProfileInput, type ChangePasswordInput, type NotificationPreferencesInput } from "./users/profile-schema";
