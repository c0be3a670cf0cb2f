import { DomainError, type Command, type Decider } from "../kernel";
import type { ResourceEvent, ResourceFields } from "./events";

/** A resource's stream (decision 101): added, edited, archived; an archived resource is gone for everyone but its history. */
export type ResourceState = { exists: boolean; organizationId: string | null; archived: boolean; fields: ResourceFields | null };

export type ResourceCommand =
  | Command<"AddResource", { organizationId: string; resourceId: string; fields: ResourceFields }>
  | Command<"UpdateResource", { organizationId: string; resourceId: string; fields: ResourceFields }>
  | Command<"ArchiveResource", { organizationId: string; resourceId: string }>;

export const resourceNotFound = () => new DomainError("RESOURCE_NOT_FOUND", "Resource not found", 404);

const fieldsOf = (d: ResourceFields): ResourceFields => ({
  title: d.title,
  description: d.description,
  kind: d.kind,
  url: d.url,
  filePath: d.filePath,
  fileName: d.fileName,
  contentType: d.contentType,
  bytes: d.bytes,
  visibility: d.visibility,
  groupIds: d.groupIds,
});

export function evolveResource(state: ResourceState, event: ResourceEvent): ResourceState {
  switch (event.type) {
    case "ResourceAdded":
    case "ResourceUpdated":
      return { ...state, exists: true, organizationId: event.data.organizationId, fields: fieldsOf(event.data) };
    case "ResourceArchived":
      return { ...state, archived: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function decideResource(state: ResourceState, command: ResourceCommand): ResourceEvent[] | DomainError {
  const actor = command.metadata.actorId;
  const d = command.data;
  if (command.type === "AddResource") {
    if (state.exists) return new DomainError("RESOURCE_EXISTS", "This resource exists already", 409);
    return [{ type: "ResourceAdded", data: { organizationId: d.organizationId, resourceId: d.resourceId, addedBy: actor, ...command.data.fields } }];
  }
  // another organization's resource is not found, nor is an archived one
  if (!state.exists || state.organizationId !== d.organizationId || state.archived) return resourceNotFound();
  switch (command.type) {
    case "UpdateResource":
      return [{ type: "ResourceUpdated", data: { organizationId: d.organizationId, resourceId: d.resourceId, updatedBy: actor, ...command.data.fields } }];
    case "ArchiveResource":
      return [{ type: "ResourceArchived", data: { organizationId: d.organizationId, resourceId: d.resourceId, archivedBy: actor } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const resourceDecider: Decider<ResourceState, ResourceCommand, ResourceEvent> = {
  initialState: () => ({ exists: false, organizationId: null, archived: false, fields: null }),
  evolve: evolveResource,
  decide: (state, command) => decideResource(state, command),
};

/** Whether a member of `groupId` sees a resource shown to `visibility` / `groupIds`. */
export const visibleToGroup = (fields: Pick<ResourceFields, "visibility" | "groupIds">, groupId: string | null) =>
  fields.visibility === "everyone" || (groupId !== null && fields.groupIds.includes(groupId));
