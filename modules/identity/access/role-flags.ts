import { LEVEL, type RoleLevel } from "./types";

/** The special user-group names (spec-1 sections 3 and 6). */
export const PARTICIPANT = "PARTICIPANT";
export const PARENT = "PARENT";
export const COACH = "COACH";
export const GRANTER = "GRANTER";
export const SPECIAL_GROUP_NAMES = { PARTICIPANT, PARENT, COACH } as const;

export type RoleFlags = {
  isAdmin: boolean;
  isKiosk: boolean;
  isCoach: boolean;
  isParent: boolean;
  isParticipant: boolean;
  isOrganization: boolean;
  isGranter: boolean;
  isSuperadmin: boolean;
};

/**
 * Role flags from level plus group name, exactly as spec-1 section 6 derives them: coach, parent and
 * participant need both the level and the special name (compared as stored); the rest go by level only.
 */
export function roleFlags({ level, roleName }: { level: RoleLevel; roleName: string }): RoleFlags {
  return {
    isAdmin: level === LEVEL.admin,
    isKiosk: level === LEVEL.kiosk,
    isCoach: level === LEVEL.coach && roleName === COACH,
    isParent: level === LEVEL.participant && roleName === PARENT,
    isParticipant: level === LEVEL.participant && roleName === PARTICIPANT,
    isOrganization: level === LEVEL.organization,
    isGranter: level === LEVEL.granter,
    isSuperadmin: level === LEVEL.superadmin,
  };
}
