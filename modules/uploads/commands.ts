import { z } from "zod";
import type { Command } from "../kernel";
import type { FileUploadedData, PackageFailedData, PackageUnpackedData, PackageUploadedData } from "./events";

/** The entities a stored path may be registered against (spec-2 section 7: survey photo; participant and user photos; note attachments). */
export const ASSET_ENTITIES = ["participant", "user", "survey", "note", "program", "event"] as const;
export type AssetEntity = (typeof ASSET_ENTITIES)[number];

export const ASSET_MESSAGES = {
  entity: `Entity must be one of ${ASSET_ENTITIES.join(", ")}`,
  property: "Property is required",
  entityId: "Entity ID is required",
  value: "Value (the stored file path) is required",
} as const;

/** The form fields of PUT /api/asset (spec-2 section 7). token and token_type belong to the public variant, not built. */
export const registerAssetSchema = z.object({
  entity: z.enum(ASSET_ENTITIES, { error: ASSET_MESSAGES.entity }),
  property: z
    .string({ error: ASSET_MESSAGES.property })
    .trim()
    .min(1, { error: ASSET_MESSAGES.property })
    .max(60)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, { error: "Property must be a field name (letters, digits and '_')" }),
  entity_id: z.string({ error: ASSET_MESSAGES.entityId }).trim().min(1, { error: ASSET_MESSAGES.entityId }).max(100).regex(/^[A-Za-z0-9_-]+$/, { error: "Entity ID is not valid" }),
  value: z.string({ error: ASSET_MESSAGES.value }).trim().min(1, { error: ASSET_MESSAGES.value }).max(600),
});
export type RegisterAssetInput = z.infer<typeof registerAssetSchema>;

/**
 * Facts the handler reads before deciding (house rule 2): whether the stored path exists in the
 * command's organization and what its bytes are, and whether the entity exists there (checked for
 * participants; null where no stream can tell).
 */
export type AssetFacts = { valueExists: boolean; contentType: string | null; entityFound: boolean | null };

export type RegisterAsset = Command<"RegisterAsset", RegisterAssetInput & { facts: AssetFacts }>;

export type RecordFileUpload = Command<"RecordFileUpload", Omit<FileUploadedData, "organizationId">>;
export type RecordPackageUpload = Command<"RecordPackageUpload", Omit<PackageUploadedData, "organizationId">>;
export type RecordPackageUnpacked = Command<"RecordPackageUnpacked", PackageUnpackedData>;
export type RecordPackageFailed = Command<"RecordPackageFailed", PackageFailedData>;
export type UploadCommand = RecordFileUpload | RecordPackageUpload | RecordPackageUnpacked | RecordPackageFailed;
