/** Resources: documents and links staff share with members or groups (decision 101). */
export * from "./events";
export * from "./limits";
export * from "./schema";
export * from "./format";
export { resourceDecider, decideResource, evolveResource, resourceNotFound, visibleToGroup, type ResourceCommand, type ResourceState } from "./decide";
export { mayManageResources, RESOURCE_MANAGER_PERMISSION } from "./access";
export { sniffResource, OFFICE_TYPES } from "./sniff";
// last: the services and the rows reach projections, which import the events back
export { receiveResourceForm, uploadResourceFile, openResourceFile, storedResourceFile, type UploadedResourceFile } from "./files";
export * from "./service";
export { resourcesApi } from "./api";
