import { mayCheckMembersInOut, securityCodesOn } from "#modules/check-in";
import { PERMISSIONS, roleFlags } from "#modules/identity";
import type { CheckInViewer } from "~/components/check-in/rules";
import type { Auth } from "./auth.server";

/**
 * What /check-in needs to know about the organization and the viewer; the rows and the participants
 * come from the /api calls in the browser (the board is live).
 */
export function checkInViewerOf(auth: Auth): CheckInViewer {
  const flags = roleFlags({ level: auth.user.roleLevel, roleName: auth.user.roleName });
  const has = (permission: string) => auth.user.permissionIds.includes(permission);
  const { settings } = auth.organization;
  return {
    organizationId: auth.organization.id,
    organizationName: auth.organization.name,
    isKiosk: flags.isKiosk,
    screeningRequired: settings.is_daily_screening_form === true,
    // the switch that shows 'Check Users In/Out' also governs checking in from this page
    canCheckInOut: mayCheckMembersInOut({ hasPermission: has(PERMISSIONS.CAN_CHECK_IN_OUT_MEMBERS), settings }),
    // spec-1 section 6, dialog actions
    canSignWaiver: has(PERMISSIONS.CAN_SIGN_WAIVER_FOR_PARTICIPANT) || flags.isAdmin || flags.isOrganization,
    canFillScreening: flags.isAdmin || flags.isOrganization || flags.isCoach,
    securityCodes: securityCodesOn(settings),
  };
}
