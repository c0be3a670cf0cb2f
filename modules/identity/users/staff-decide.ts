import { DomainError, type Command, type Decider } from "../../kernel";
import { LEVEL } from "../access/types";
import type { UserEvent, UserStatus } from "./events";
import type { StaffUserInput } from "./staff-schema";

/**
 * The staff user lists' decider (decision 061), on the same `user-{id}` streams as userDecider: create a
 * staff account (no password: it is invited), edit its details, move it to another group, change its
 * status (a reason for Inactive and Alumni), deactivate it. Level rules: nobody creates a user in, moves a
 * user into, or changes a user of a group above their own level (403); another organization's user is 404.
 */
export type StaffUserState =
  | { exists: false }
  | {
      exists: true;
      userId: string;
      organizationId: string;
      userGroupId: string;
      firstName: string;
      lastName: string;
      email: string;
      phoneNumber: string;
      status: UserStatus;
      statusReason: string | null;
    };

/** The actor's organization's groups, as the handler reads them: what the level rules compare. */
export type GroupFact = { id: string; level: number };
export type StaffActor = { userId: string; level: number };

type Facts = { actor: StaffActor; groups: readonly GroupFact[] };
export type StaffUserCommand =
  | Command<"CreateStaffUser", Facts & { userId: string; input: StaffUserInput }>
  | Command<"EditStaffUser", Facts & { userId: string; input: StaffUserInput }>
  | Command<"DeactivateStaffUser", Facts & { userId: string }>
  /** a parent account (decision 064, /user/parent): the same fact as a staff account's, in the organization's PARENT group */
  | Command<"CreateParentUser", Facts & { userId: string; input: StaffUserInput; parentGroupId: string | null }>
  /** a participant's own account (decision 068): the same fact, in the organization's PARTICIPANT group, invited from their profile */
  | Command<"CreateParticipantUser", Facts & { userId: string; input: StaffUserInput; participantGroupId: string | null }>;

export const userNotFound = () => new DomainError("USER_NOT_FOUND", "User not found", 404);
export const userGroupNotFound = () => new DomainError("USER_GROUP_NOT_FOUND", "User group not found", 404);
export const notStaffGroup = () => new DomainError("VALIDATION", "User group must be a staff group: participants and parents have their own lists", 400);
export const notStaffUser = () => new DomainError("NOT_STAFF_USER", "This user is not staff: participants and parents have their own lists", 400);
export const aboveOwnLevel = () => new DomainError("ABOVE_OWN_LEVEL", "You cannot add or move a user to a user group above your own level", 403);
export const targetAboveOwnLevel = () => new DomainError("ABOVE_OWN_LEVEL", "You cannot change a user whose user group is above your own level", 403);
export const selfChange = () => new DomainError("OWN_ACCOUNT", "You cannot change your own user group or status", 409);
export const statusReasonRequired = () => new DomainError("VALIDATION", "Reason is required when the status is Inactive or Alumni", 400);
export const userExists = () => new DomainError("CONFLICT", "This user exists already", 409);

/** The reason recorded when a user is removed (DELETE): accounts are deactivated, never erased (decision 061). */
export const DEACTIVATED_REASON = "Deactivated";

const levelOf = (groups: readonly GroupFact[], id: string) => groups.find((g) => g.id === id)?.level;

function evolve(state: StaffUserState, event: UserEvent): StaffUserState {
  switch (event.type) {
    case "UserRegistered":
    case "StaffUserCreated": {
      const d = event.data;
      const staff = event.type === "StaffUserCreated" ? event.data : null;
      return {
        exists: true,
        userId: d.userId,
        organizationId: d.organizationId,
        userGroupId: d.userGroupId,
        firstName: d.firstName,
        lastName: d.lastName,
        email: d.email,
        phoneNumber: staff?.phoneNumber ?? "",
        status: staff?.status ?? "Active",
        statusReason: staff?.statusReason ?? null,
      };
    }
    case "UserProfileUpdated":
      return state.exists ? { ...state, firstName: event.data.firstName, lastName: event.data.lastName, email: event.data.email } : state;
    case "StaffUserEdited":
      return state.exists ? { ...state, firstName: event.data.firstName, lastName: event.data.lastName, email: event.data.email, phoneNumber: event.data.phoneNumber } : state;
    case "UserGroupChanged":
      return state.exists ? { ...state, userGroupId: event.data.userGroupId } : state;
    case "UserStatusChanged":
      return state.exists ? { ...state, status: event.data.status, statusReason: event.data.reason } : state;
    case "InvitationAccepted":
      return state.exists ? { ...state, firstName: event.data.firstName, lastName: event.data.lastName, phoneNumber: event.data.phoneNumber } : state;
    default:
      // passwords and reset links do not change what these commands decide on
      return state;
  }
}

/** The group a user goes into: the organization's, a staff group, at or below the actor's level. */
function checkGroup(facts: Facts, groupId: string): DomainError | null {
  const level = levelOf(facts.groups, groupId);
  if (level === undefined) return userGroupNotFound();
  if (level < LEVEL.coach) return notStaffGroup();
  if (level > facts.actor.level) return aboveOwnLevel();
  return null;
}

const statusOf = (input: StaffUserInput): { status: UserStatus; reason: string | null } => {
  const status = input.status ?? "Active";
  return { status, reason: status === "Active" ? null : input.status_reason?.trim() || null };
};

function decide(state: StaffUserState, command: StaffUserCommand): UserEvent[] | DomainError {
  const organizationId = command.metadata.organizationId;
  switch (command.type) {
    case "CreateStaffUser":
    case "CreateParentUser":
    case "CreateParticipantUser": {
      const { input, userId } = command.data;
      if (!organizationId) return userGroupNotFound();
      // a parent's or a participant's account goes only into that one level-1 group of the organization
      const ownGroup = command.type === "CreateParentUser" ? command.data.parentGroupId : command.type === "CreateParticipantUser" ? command.data.participantGroupId : undefined;
      const refused = ownGroup === undefined ? checkGroup(command.data, input.user_group_id) : ownGroup && input.user_group_id === ownGroup ? null : userGroupNotFound();
      if (refused) return refused;
      const { status, reason } = statusOf(input);
      if (status !== "Active" && !reason) return statusReasonRequired();
      if (state.exists) return userExists();
      const email = input.email.trim().toLowerCase();
      return [
        {
          type: "StaffUserCreated",
          data: {
            userId,
            organizationId,
            username: email,
            email,
            firstName: input.first_name.trim(),
            lastName: input.last_name.trim(),
            userGroupId: input.user_group_id,
            parentId: null,
            phoneNumber: input.phone_number?.trim() ?? "",
            status,
            statusReason: reason,
            invitationStatus: "Pending",
          },
        },
      ];
    }
    case "EditStaffUser":
    case "DeactivateStaffUser": {
      if (!state.exists || state.organizationId !== organizationId) return userNotFound();
      const current = levelOf(command.data.groups, state.userGroupId) ?? 0;
      if (current < LEVEL.coach) return notStaffUser();
      if (current > command.data.actor.level) return targetAboveOwnLevel();
      const self = command.data.actor.userId === state.userId;
      if (command.type === "DeactivateStaffUser") {
        if (self) return selfChange();
        if (state.status === "Inactive") return [];
        return [{ type: "UserStatusChanged", data: { userId: state.userId, status: "Inactive", reason: DEACTIVATED_REASON } }];
      }
      const { input } = command.data;
      const { status, reason } = statusOf(input);
      if (status !== "Active" && !reason) return statusReasonRequired();
      const events: UserEvent[] = [];
      const email = input.email.trim().toLowerCase();
      const details = { firstName: input.first_name.trim(), lastName: input.last_name.trim(), email, phoneNumber: input.phone_number?.trim() ?? "" };
      if (details.firstName !== state.firstName || details.lastName !== state.lastName || details.email !== state.email || details.phoneNumber !== state.phoneNumber) {
        events.push({ type: "StaffUserEdited", data: { userId: state.userId, ...details } });
      }
      if (input.user_group_id !== state.userGroupId) {
        if (self) return selfChange();
        const refused = checkGroup(command.data, input.user_group_id);
        if (refused) return refused;
        events.push({ type: "UserGroupChanged", data: { userId: state.userId, userGroupId: input.user_group_id, previousUserGroupId: state.userGroupId } });
      }
      if (status !== state.status || reason !== state.statusReason) {
        if (self) return selfChange();
        events.push({ type: "UserStatusChanged", data: { userId: state.userId, status, reason } });
      }
      return events;
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const staffUserDecider: Decider<StaffUserState, StaffUserCommand, UserEvent> = {
  initialState: () => ({ exists: false }),
  evolve,
  decide: (state, command) => decide(state, command),
};
