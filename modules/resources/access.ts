import { isMemberLevel, isKiosk, PERMISSIONS as P, type Auth } from "../identity";
import { DomainError } from "../kernel";

/**
 * Who manages the resources (decision 101): staff (levels 2-6) with the spec's 'create communications'
 * permission: sharing documents and links with members is communicating with them. Admins and the
 * organization have it by default; coaches do not.
 */
export const RESOURCE_MANAGER_PERMISSION = P.CAN_CREATE_COMMUNICATIONS;
export const mayManageResources = (auth: Auth) => !isMemberLevel(auth.subject.level) && !isKiosk(auth.subject.level) && auth.user.permissionIds.includes(RESOURCE_MANAGER_PERMISSION);
export const resourceForbidden = () => new DomainError("FORBIDDEN", "You may not manage resources", 403);
