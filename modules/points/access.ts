import { isMemberLevel, PERMISSIONS as P, type Auth } from "../identity";
import { DomainError } from "../kernel";
import type { PointCategory } from "./events";

/** Which of the spec's three reward permissions awards each category (decision 075). */
export const CATEGORY_PERMISSION: Record<PointCategory, string> = {
  general: P.CAN_CREATE_POINTS,
  attendance: P.CAN_CREATE_POINTS,
  challenge: P.CAN_REWARD_CHALLENGE_POINTS,
  life_skills: P.CAN_REWARD_LIFE_SKILLS_POINTS,
};
export const REWARD_PERMISSIONS = [P.CAN_CREATE_POINTS, P.CAN_REWARD_CHALLENGE_POINTS, P.CAN_REWARD_LIFE_SKILLS_POINTS] as const;

const has = (auth: Auth, permission: string) => auth.user.permissionIds.includes(permission);
export const isStaffAuth = (auth: Auth) => !isMemberLevel(auth.subject.level);
export const mayAward = (auth: Auth, category: PointCategory) => isStaffAuth(auth) && has(auth, CATEGORY_PERMISSION[category]);
export const mayAwardAny = (auth: Auth) => isStaffAuth(auth) && REWARD_PERMISSIONS.some((p) => has(auth, p));
export const awardableCategories = (auth: Auth) => (Object.keys(CATEGORY_PERMISSION) as PointCategory[]).filter((c) => c !== "attendance" && mayAward(auth, c));
export const mayManageStore = (auth: Auth) => isStaffAuth(auth) && has(auth, P.CAN_ADD_ITEMS_TO_STORE);
export const mayViewLeaderboard = (auth: Auth) => has(auth, P.CAN_VIEW_LEADERBOARD) || mayAwardAny(auth);

export const forbidden = (message: string) => new DomainError("FORBIDDEN", message, 403);
