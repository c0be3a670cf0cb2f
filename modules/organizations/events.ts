import type { DomainEvent } from "../kernel";
import type { StoredOrganizationSettings, OrganizationType } from "./settings";

/**
 * The events of an organization's stream, `organization-{id}`. Versioned by type name: a new shape
 * gets a new type. `OrganizationRegistered` is also written by the demo seed (test/factories/demo-seed.ts).
 */
export type OrganizationRegistered = DomainEvent<
  "OrganizationRegistered",
  { organizationId: string; name: string; type: OrganizationType }
>;

/**
 * The whole settings object, as validated by the settings schema (replaces the previous one). Events
 * written before the time zone setting have no `time_zone`: they read as the default (readStoredSettings).
 */
export type OrganizationSettingsUpdated = DomainEvent<
  "OrganizationSettingsUpdated",
  { organizationId: string; settings: StoredOrganizationSettings }
>;

/** One of the 18 theme colours, as its upper-case hex. */
export type OrganizationThemeChanged = DomainEvent<"OrganizationThemeChanged", { organizationId: string; mainColor: string }>;

/** Deactivated by a granter or superadmin (decision 067): its users can no longer sign in, its sessions end. */
export type OrganizationDeactivated = DomainEvent<"OrganizationDeactivated", { organizationId: string; deactivatedBy: string }>;

/** Reactivated (decision 069): its users can sign in again. */
export type OrganizationReactivated = DomainEvent<"OrganizationReactivated", { organizationId: string; reactivatedBy: string }>;

/** A superadmin of another organization entered this one (decision 069): their session now acts in it. */
export type SuperadminEnteredOrganization = DomainEvent<
  "SuperadminEnteredOrganization",
  { organizationId: string; userId: string; homeOrganizationId: string }
>;

/** The superadmin left it again, back to their own organization. */
export type SuperadminLeftOrganization = DomainEvent<"SuperadminLeftOrganization", { organizationId: string; userId: string; homeOrganizationId: string }>;

export type OrganizationEvent =
  | OrganizationRegistered
  | OrganizationSettingsUpdated
  | OrganizationThemeChanged
  | OrganizationDeactivated
  | OrganizationReactivated
  | SuperadminEnteredOrganization
  | SuperadminLeftOrganization;

export const ORGANIZATION_EVENT_TYPES = [
  "OrganizationRegistered",
  "OrganizationSettingsUpdated",
  "OrganizationThemeChanged",
  "OrganizationDeactivated",
  "OrganizationReactivated",
  "SuperadminEnteredOrganization",
  "SuperadminLeftOrganization",
] as const satisfies readonly OrganizationEvent["type"][];

export const isOrganizationEvent = <E extends DomainEvent>(event: E): event is E & OrganizationEvent =>
  (ORGANIZATION_EVENT_TYPES as readonly string[]).includes(event.type);

export const ORGANIZATION_STREAM_PREFIX = "organization-";
export const organizationStreamId = (organizationId: string) => `${ORGANIZATION_STREAM_PREFIX}${organizationId}`;
/** The organization id of an `organization-{id}` stream, or null for another stream. */
export const organizationIdOfStream = (streamId: string): string | null =>
  streamId.startsWith(ORGANIZATION_STREAM_PREFIX) ? streamId.slice(ORGANIZATION_STREAM_PREFIX.length) || null : null;
