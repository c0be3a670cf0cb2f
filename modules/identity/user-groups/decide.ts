import { DomainError, type Command, type Decider } from "../../kernel";
import type { RoleLevel } from "../access/types";
import { LEVEL } from "../access/types";
import type { UserGroupEvent, UserGroupFields } from "./events";

/** Names the product gives meaning to: they cannot be renamed away or deleted. */
export const PROTECTED_GROUP_NAMES = ["PARTICIPANT", "PARENT", "COACH"] as const;

export type UserGroupState =
  | { status: "none" }
  | ({ status: "active" | "deleted"; userGroupId: string; organizationId: string } & UserGroupFields);

/** The actor as the rules see them: their level decides which groups they may shape. */
export type Actor = { level: RoleLevel; organizationId: string };

export type UserGroupCommand =
  | Command<"CreateUserGroup", UserGroupFields & { userGroupId: string; organizationId: string; actor: Actor }>
  | Command<"UpdateUserGroup", UserGroupFields & { userGroupId: string; actor: Actor }>
  | Command<"DeleteUserGroup", { userGroupId: string; actor: Actor; memberCount: number }>;

const notFound = () => new DomainError("NOT_FOUND", "User group not found", 404);

/** An actor shapes groups at their own level or below; kiosk groups need organization level or above. */
function levelAllowed(actor: Actor, level: RoleLevel): DomainError | null {
  if (actor.level === LEVEL.kiosk) return new DomainError("FORBIDDEN", "A kiosk cannot manage user groups", 403);
  if (level === LEVEL.kiosk ? actor.level < LEVEL.organization : level > actor.level) {
    return new DomainError("FORBIDDEN", "You cannot manage a user group above your own level", 403);
  }
  return null;
}

export const userGroupDecider: Decider<UserGroupState, UserGroupCommand, UserGroupEvent> = {
  initialState: () => ({ status: "none" }),
  evolve(state, event) {
    switch (event.type) {
      case "UserGroupCreated":
        return { status: "active", ...event.data };
      case "UserGroupUpdated":
        return state.status === "none" ? state : { ...state, ...event.data };
      case "UserGroupDeleted":
        return state.status === "none" ? state : { ...state, status: "deleted" };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(state, command) {
    switch (command.type) {
      case "CreateUserGroup": {
        if (state.status !== "none") return new DomainError("CONFLICT", "This user group exists already", 409);
        const { actor, ...fields } = command.data;
        return levelAllowed(actor, fields.level) ?? [{ type: "UserGroupCreated", data: fields }];
      }
      case "UpdateUserGroup": {
        const { actor, ...fields } = command.data;
        if (state.status !== "active" || state.organizationId !== actor.organizationId) return notFound();
        const refused = levelAllowed(actor, state.level) ?? levelAllowed(actor, fields.level);
        if (refused) return refused;
        if ((PROTECTED_GROUP_NAMES as readonly string[]).includes(state.name) && fields.name !== state.name) {
          return new DomainError("PROTECTED_GROUP", `The ${state.name} group cannot be renamed`, 400);
        }
        return [{ type: "UserGroupUpdated", data: fields }];
      }
      case "DeleteUserGroup": {
        const { actor, memberCount } = command.data;
        if (state.status !== "active" || state.organizationId !== actor.organizationId) return notFound();
        const refused = levelAllowed(actor, state.level);
        if (refused) return refused;
        if ((PROTECTED_GROUP_NAMES as readonly string[]).includes(state.name)) {
          return new DomainError("PROTECTED_GROUP", `The ${state.name} group cannot be deleted`, 400);
        }
        if (memberCount > 0) {
          return new DomainError("GROUP_HAS_MEMBERS", `${state.displayName || state.name} still has ${memberCount} member${memberCount === 1 ? "" : "s"}: move them to another group first`, 409);
        }
        return [{ type: "UserGroupDeleted", data: { userGroupId: state.userGroupId } }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
