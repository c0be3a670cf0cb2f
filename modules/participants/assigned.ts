import { PERMISSIONS as P, type Auth } from "../identity";

/**
 * 'View assigned only' (spec-1 section 6; decision 065): staff whose group holds it see only the
 * participants registered in a program they coach, on the lists, the calls and the profile (another
 * participant is not found). The coach's id to filter by, or undefined for everyone else.
 */
export const assignedCoachOf = (auth: Auth): string | undefined => (auth.user.permissionIds.includes(P.CAN_VIEW_ASSIGNED_ONLY) ? auth.user.id : undefined);
