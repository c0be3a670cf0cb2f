import { describe, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import { deciderSpec } from "../../test/support/decider-spec";
import type { AssetFacts, RegisterAsset, RegisterAssetInput, UploadCommand } from "./commands";
import { assetDecider, uploadDecider } from "./decide";
import type { AssetEvent, UploadEvent } from "./events";

const orgId = "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const now = new Date("2026-11-23T14:00:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "admin-1" };
const photo = "files/u-1/kid.png";

const facts = (over: Partial<AssetFacts> = {}): AssetFacts => ({ valueExists: true, contentType: "image/png", entityFound: true, ...over });
const register = (data: Partial<Record<keyof RegisterAssetInput, unknown>> = {}, over: Partial<AssetFacts> = {}): RegisterAsset => ({
  type: "RegisterAsset",
  data: { entity: "participant", entity_id: "kid-1", property: "photo_url", value: photo, ...data, facts: facts(over) } as RegisterAsset["data"],
  metadata,
});
const registered = (value: string, previous: string | null = null, property = "photo_url"): AssetEvent => ({
  type: "AssetRegistered",
  data: { organizationId: orgId, entity: "participant", entityId: "kid-1", property, value, previous },
});

const givenAssets = deciderSpec(assetDecider, now);

describe("uploads: decide RegisterAsset", () => {
  it("registers a stored path against an entity's property, with the value it replaced", () => {
    givenAssets().when(register()).then([registered(photo)]);
    givenAssets(registered(photo)).when(register({ value: "files/u-2/new.jpg" }, { contentType: "image/jpeg" })).then([registered("files/u-2/new.jpg", photo)]);
  });

  it("appends nothing when the property holds that value already", () => {
    givenAssets(registered(photo)).when(register()).then([]);
  });

  it("refuses bad fields with 400", () => {
    givenAssets().when(register({ entity: "bank" })).thenRefused("VALIDATION", 400, "Entity must be one of participant, user, survey, note, program, event");
    givenAssets().when(register({ property: "" })).thenRefused("VALIDATION", 400, "Property is required");
    givenAssets().when(register({ entity_id: " " })).thenRefused("VALIDATION", 400, "Entity ID is required");
    givenAssets().when(register({ value: undefined })).thenRefused("VALIDATION", 400, "Value (the stored file path) is required");
  });

  it("treats a path that is not in the organization as not found (404)", () => {
    givenAssets().when(register({}, { valueExists: false, contentType: null })).thenRefused("ASSET_NOT_FOUND", 404, "File not found");
  });

  it("refuses a participant of another organization (404)", () => {
    givenAssets().when(register({}, { entityFound: false })).thenRefused("ENTITY_NOT_FOUND", 404, "Participant not found");
  });

  it("refuses a photo whose bytes are not an image; other properties may hold a PDF", () => {
    givenAssets().when(register({}, { contentType: "application/pdf" })).thenRefused("NOT_AN_IMAGE", 400, "Unable to upload file. A photo must be a PNG, JPEG, GIF or WebP image.");
    givenAssets().when(register({ entity: "survey", property: "image" }, { contentType: null, entityFound: null })).thenRefused("NOT_AN_IMAGE", 400);
    givenAssets()
      .when(register({ entity: "note", property: "attachment", value: "files/u-3/plan.pdf" }, { contentType: "application/pdf", entityFound: null }))
      .then([{ type: "AssetRegistered", data: { organizationId: orgId, entity: "note", entityId: "kid-1", property: "attachment", value: "files/u-3/plan.pdf", previous: null } }]);
  });
});

const givenUpload = deciderSpec(uploadDecider, now);
const command = <T extends UploadCommand["type"]>(type: T, data: Extract<UploadCommand, { type: T }>["data"]) => ({ type, data, metadata }) as UploadCommand;
const fileData = { uploadId: "u-1", filePath: photo, contentType: "image/png", bytes: 67, sha256: "ab", via: "link" as const };
const packageData = { uploadId: "u-2", filePath: "packages/u-2/content/index.html", fileType: "course", zipBytes: 900, files: 3, declaredBytes: 2000 };
const fileUploaded: UploadEvent = { type: "FileUploaded", data: { ...fileData, organizationId: orgId } };
const packageUploaded: UploadEvent = { type: "PackageUploaded", data: { ...packageData, organizationId: orgId } };

describe("uploads: decide an upload's stream", () => {
  it("records a file once", () => {
    givenUpload().when(command("RecordFileUpload", fileData)).then([fileUploaded]);
    givenUpload(fileUploaded).when(command("RecordFileUpload", fileData)).thenRefused("UPLOAD_EXISTS", 409);
  });

  it("records a package, then one ending: unpacked or failed; a retried ending appends nothing", () => {
    givenUpload().when(command("RecordPackageUpload", packageData)).then([packageUploaded]);
    givenUpload(packageUploaded).when(command("RecordPackageUnpacked", { uploadId: "u-2", files: 3, bytes: 2000 })).then([{ type: "PackageUnpacked", data: { uploadId: "u-2", files: 3, bytes: 2000 } }]);
    givenUpload(packageUploaded).when(command("RecordPackageFailed", { uploadId: "u-2", reason: "damaged" })).then([{ type: "PackageFailed", data: { uploadId: "u-2", reason: "damaged" } }]);
    givenUpload(packageUploaded, { type: "PackageUnpacked", data: { uploadId: "u-2", files: 3, bytes: 2000 } })
      .when(command("RecordPackageFailed", { uploadId: "u-2", reason: "late" }))
      .then([]);
  });

  it("refuses an ending for a package never uploaded (404)", () => {
    givenUpload().when(command("RecordPackageUnpacked", { uploadId: "u-9", files: 1, bytes: 1 })).thenRefused("PACKAGE_NOT_FOUND", 404);
    givenUpload(fileUploaded).when(command("RecordPackageFailed", { uploadId: "u-1", reason: "x" })).thenRefused("PACKAGE_NOT_FOUND", 404);
  });
});
