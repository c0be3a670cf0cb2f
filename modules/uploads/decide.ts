import { DomainError, validationError, type Decider } from "../kernel";
import { registerAssetSchema, type RegisterAsset, type UploadCommand } from "./commands";
import { assetNotFound, transferRefused } from "./errors";
import type { AssetEvent, UploadEvent } from "./events";
import { isImageType } from "./sniff";

// ---- an upload's stream -------------------------------------------------------------------------

export type UploadState = {
  status: "none" | "file" | "package-uploaded" | "package-unpacked" | "package-failed";
  filePath: string | null;
};
export const initialUploadState = (): UploadState => ({ status: "none", filePath: null });

export const uploadExists = () => new DomainError("UPLOAD_EXISTS", "This upload has been recorded already", 409);
export const packageNotFound = () => new DomainError("PACKAGE_NOT_FOUND", "No such zip upload", 404);

export function evolveUpload(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case "FileUploaded":
      return { status: "file", filePath: event.data.filePath };
    case "PackageUploaded":
      return { status: "package-uploaded", filePath: event.data.filePath };
    case "PackageUnpacked":
      return { ...state, status: "package-unpacked" };
    case "PackageFailed":
      return { ...state, status: "package-failed" };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * An upload is recorded once. A package ends once, unpacked or failed; the worker's retry of an ending
 * already recorded appends nothing.
 */
export function decideUpload(state: UploadState, command: UploadCommand, _now: Date): UploadEvent[] | DomainError {
  const organizationId = command.metadata.organizationId;
  switch (command.type) {
    case "RecordFileUpload":
      if (state.status !== "none") return uploadExists();
      if (!organizationId) return assetNotFound();
      return [{ type: "FileUploaded", data: { ...command.data, organizationId } }];
    case "RecordPackageUpload":
      if (state.status !== "none") return uploadExists();
      if (!organizationId) return assetNotFound();
      return [{ type: "PackageUploaded", data: { ...command.data, organizationId } }];
    case "RecordPackageUnpacked":
    case "RecordPackageFailed":
      if (state.status === "package-unpacked" || state.status === "package-failed") return [];
      if (state.status !== "package-uploaded") return packageNotFound();
      return command.type === "RecordPackageUnpacked" ? [{ type: "PackageUnpacked", data: command.data }] : [{ type: "PackageFailed", data: command.data }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const uploadDecider: Decider<UploadState, UploadCommand, UploadEvent> = { initialState: initialUploadState, evolve: evolveUpload, decide: decideUpload };

// ---- an entity's assets -------------------------------------------------------------------------

/** An entity's registered paths, by property. */
export type AssetState = { values: Readonly<Record<string, string>> };
export const initialAssetState = (): AssetState => ({ values: {} });

export const photoNotImage = () => transferRefused("NOT_AN_IMAGE", "A photo must be a PNG, JPEG, GIF or WebP image.");
const entityNotFound = (entity: string) => new DomainError("ENTITY_NOT_FOUND", `${entity.charAt(0).toUpperCase()}${entity.slice(1)} not found`, 404);
/** properties that show as pictures: their files must be images */
const PICTURE_PROPERTY = /(photo|image|avatar|picture|logo)/i;

export function evolveAsset(state: AssetState, event: AssetEvent): AssetState {
  switch (event.type) {
    case "AssetRegistered":
      return { values: { ...state.values, [event.data.property]: event.data.value } };
    default: {
      const never: never = event.type;
      return never;
    }
  }
}

/**
 * Bad fields first (400), then a stored path not in the organization (404: another organization's
 * file is not found), then an entity not in the organization (404), then a picture property whose file
 * is not an image (400). Registering the value a property has already appends nothing.
 */
export function decideAsset(state: AssetState, command: RegisterAsset, _now: Date): AssetEvent[] | DomainError {
  const parsed = registerAssetSchema.safeParse(command.data);
  if (!parsed.success) return validationError(parsed.error);
  const organizationId = command.metadata.organizationId;
  const { facts } = command.data;
  if (!organizationId || !facts.valueExists) return assetNotFound();
  const { entity, entity_id: entityId, property, value } = parsed.data;
  if (facts.entityFound === false) return entityNotFound(entity);
  if (PICTURE_PROPERTY.test(property) && !isImageType(facts.contentType)) return photoNotImage();
  const previous = state.values[property] ?? null;
  if (previous === value) return [];
  return [{ type: "AssetRegistered", data: { organizationId, entity, entityId, property, value, previous } }];
}

export const assetDecider: Decider<AssetState, RegisterAsset, AssetEvent> = { initialState: initialAssetState, evolve: evolveAsset, decide: decideAsset };
