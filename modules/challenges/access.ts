import { isMemberLevel, PERMISSIONS as P, type AccessRule, LEVELS, type Auth } from "../identity";
import { DomainError } from "../kernel";

/** Staff who create, edit, archive challenges and confirm completions: "reward challenge points" (decision 102). */
export const mayManageChallenges = (auth: Auth) => !isMemberLevel(auth.subject.level) && auth.user.permissionIds.includes(P.CAN_REWARD_CHALLENGE_POINTS);
export const forbidden = (message: string) => new DomainError("FORBIDDEN", message, 403);

export const VIEW_CHALLENGES = { auth: "required", anyPermission: [P.CAN_VIEW_CHALLENGES, P.CAN_REWARD_CHALLENGE_POINTS] } as const satisfies AccessRule;
export const MANAGE_CHALLENGES = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_REWARD_CHALLENGE_POINTS] } as const satisfies AccessRule;
