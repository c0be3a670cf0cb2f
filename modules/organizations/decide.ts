import { DomainError, validationError, type Decider } from "../kernel";
import { changeThemeSchema, registerOrganizationSchema, type OrganizationCommand } from "./commands";
import type { OrganizationEvent } from "./events";
import { defaultSettings, organizationSettingsSchema, readStoredSettings, type OrganizationSettings, type OrganizationType } from "./settings";
import { DEFAULT_MAIN_COLOR } from "./theme";

export type RegisteredOrganization = {
  status: "registered";
  organizationId: string;
  name: string;
  type: OrganizationType;
  settings: OrganizationSettings;
  mainColor: string;
  /** decision 067: a deactivated organization's users cannot sign in */
  deactivated?: boolean;
};

export type OrganizationState = { status: "unregistered" } | RegisteredOrganization;

export const initialOrganizationState = (): OrganizationState => ({ status: "unregistered" });

export const organizationNotFound = () => new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
export const ORGANIZATION_DEACTIVATED_MESSAGE = "This organization is deactivated: reactivate it before entering it";
export const organizationDeactivated = () => new DomainError("ORGANIZATION_DEACTIVATED", ORGANIZATION_DEACTIVATED_MESSAGE, 409);
export const ownOrganization = () => new DomainError("OWN_ORGANIZATION", "This is your own organization", 409);
const actorRequired = () => new DomainError("FORBIDDEN", "You do not have permission to do this.", 403);

export const organizationAlreadyRegistered = () =>
  new DomainError("ORGANIZATION_ALREADY_REGISTERED", "Organization already exists", 409);


/** Structural equality of JSON values; key order does not matter (jsonb does not keep it). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameValue((a as Record<string, unknown>)[k], rb[k]));
}

export function evolve(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  switch (event.type) {
    case "OrganizationRegistered": {
      const { organizationId, name, type } = event.data;
      return { status: "registered", organizationId, name, type, settings: defaultSettings(name, type), mainColor: DEFAULT_MAIN_COLOR };
    }
    case "OrganizationSettingsUpdated": {
      if (state.status !== "registered") return state;
      const settings = readStoredSettings(event.data.settings);
      return { ...state, name: settings.name, type: settings.type, settings };
    }
    case "OrganizationThemeChanged":
      return state.status === "registered" ? { ...state, mainColor: event.data.mainColor } : state;
    case "OrganizationDeactivated":
      return state.status === "registered" ? { ...state, deactivated: true } : state;
    case "OrganizationReactivated":
      return state.status === "registered" ? { ...state, deactivated: false } : state;
    case "SuperadminEnteredOrganization":
    case "SuperadminLeftOrganization":
      return state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Settings sent without a time zone (a client older than the setting) keep the current one rather than
 * falling back to the default: replacing the settings never moves an organization's "today" unasked.
 */
function keepingTimeZone(input: unknown, current: string): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const zone = (input as { time_zone?: unknown }).time_zone;
  return zone === undefined || zone === null || (typeof zone === "string" && zone.trim() === "") ? { ...input, time_zone: current } : input;
}

/**
 * Settings sent without `registration_fields` (the settings form before decision 070, an older client)
 * keep the organization's: replacing the settings never drops what the participant form asks unasked.
 * Sending `{}` resets every field to its default.
 */
function keepingRegistrationFields(input: unknown, current: OrganizationSettings["registration_fields"]): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input) || current === undefined) return input;
  const fields = (input as { registration_fields?: unknown }).registration_fields;
  return fields === undefined || fields === null ? { ...input, registration_fields: current } : input;
}

/**
 * Pure: refuses a missing organization (404) or a second registration (409) first, then bad input
 * (400 VALIDATION); a change to what is already there decides no event.
 */
export function decide(state: OrganizationState, command: OrganizationCommand, _now: Date): OrganizationEvent[] | DomainError {
  switch (command.type) {
    case "RegisterOrganization": {
      if (state.status === "registered") return organizationAlreadyRegistered();
      const parsed = registerOrganizationSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      return [{ type: "OrganizationRegistered", data: parsed.data }];
    }
    case "UpdateOrganizationSettings": {
      if (state.status !== "registered") return organizationNotFound();
      // field errors keyed by the settings' own paths (`address.city`), as the settings form names its fields
      const parsed = organizationSettingsSchema.safeParse(keepingRegistrationFields(keepingTimeZone(command.data.settings, state.settings.time_zone), state.settings.registration_fields));
      if (!parsed.success) return validationError(parsed.error);
      const settings = parsed.data;
      if (sameValue(settings, state.settings)) return [];
      return [{ type: "OrganizationSettingsUpdated", data: { organizationId: state.organizationId, settings } }];
    }
    case "ChangeTheme": {
      if (state.status !== "registered") return organizationNotFound();
      const parsed = changeThemeSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      if (parsed.data.mainColor === state.mainColor) return [];
      return [{ type: "OrganizationThemeChanged", data: { organizationId: state.organizationId, mainColor: parsed.data.mainColor } }];
    }
    case "DeactivateOrganization": {
      if (state.status !== "registered") return organizationNotFound();
      if (state.deactivated) return [];
      return [{ type: "OrganizationDeactivated", data: { organizationId: state.organizationId, deactivatedBy: command.metadata.actorId ?? "" } }];
    }
    case "ReactivateOrganization": {
      if (state.status !== "registered") return organizationNotFound();
      if (!state.deactivated) return [];
      return [{ type: "OrganizationReactivated", data: { organizationId: state.organizationId, reactivatedBy: command.metadata.actorId ?? "" } }];
    }
    case "EnterOrganization": {
      if (state.status !== "registered") return organizationNotFound();
      const userId = command.metadata.actorId;
      if (!userId) return actorRequired();
      if (command.data.homeOrganizationId === state.organizationId) return ownOrganization();
      if (state.deactivated) return organizationDeactivated();
      return [{ type: "SuperadminEnteredOrganization", data: { organizationId: state.organizationId, userId, homeOrganizationId: command.data.homeOrganizationId } }];
    }
    case "LeaveOrganization": {
      // leaving is always possible, even an organization deactivated meanwhile
      if (state.status !== "registered") return organizationNotFound();
      const userId = command.metadata.actorId;
      if (!userId) return actorRequired();
      if (command.data.homeOrganizationId === state.organizationId) return ownOrganization();
      return [{ type: "SuperadminLeftOrganization", data: { organizationId: state.organizationId, userId, homeOrganizationId: command.data.homeOrganizationId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const organizationDecider: Decider<OrganizationState, OrganizationCommand, OrganizationEvent> = {
  initialState: initialOrganizationState,
  evolve,
  decide,
};
