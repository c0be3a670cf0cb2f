import type { DomainEvent } from "../kernel";

/** What a resource is (decision 101): a stored file of the organization or an http(s) link, shown to everyone or to chosen user groups. */
export const RESOURCE_KINDS = ["file", "link"] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export const RESOURCE_VISIBILITIES = ["everyone", "groups"] as const;
export type ResourceVisibility = (typeof RESOURCE_VISIBILITIES)[number];

export type ResourceFields = {
  title: string;
  description: string;
  kind: ResourceKind;
  /** the link (kind link) */
  url: string | null;
  /** the stored path under the organization's uploads folder (kind file), its name, sniffed type and size */
  filePath: string | null;
  fileName: string | null;
  contentType: string | null;
  bytes: number | null;
  visibility: ResourceVisibility;
  /** user group ids (visibility groups) */
  groupIds: string[];
};

export type ResourceAddedData = ResourceFields & { organizationId: string; resourceId: string; addedBy: string | null };
export type ResourceUpdatedData = ResourceFields & { organizationId: string; resourceId: string; updatedBy: string | null };
export type ResourceArchivedData = { organizationId: string; resourceId: string; archivedBy: string | null };
/** One open or download through GET /api/resource/{id}/open, on its own stream (`resource-opens-{id}`): counting never contends with edits. */
export type ResourceOpenedData = { organizationId: string; resourceId: string; userId: string };

export type ResourceAdded = DomainEvent<"ResourceAdded", ResourceAddedData>;
export type ResourceUpdated = DomainEvent<"ResourceUpdated", ResourceUpdatedData>;
export type ResourceArchived = DomainEvent<"ResourceArchived", ResourceArchivedData>;
export type ResourceOpened = DomainEvent<"ResourceOpened", ResourceOpenedData>;
export type ResourceEvent = ResourceAdded | ResourceUpdated | ResourceArchived;
export type AnyResourceEvent = ResourceEvent | ResourceOpened;

export const RESOURCE_EVENT_TYPES = ["ResourceAdded", "ResourceUpdated", "ResourceArchived", "ResourceOpened"] as const;

export const resourceStreamId = (resourceId: string) => `resource-${resourceId}`;
export const resourceOpensStreamId = (resourceId: string) => `resource-opens-${resourceId}`;
