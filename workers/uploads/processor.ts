import { type Clock, type EventStore, type Logger } from "../../modules/kernel";
import type { Job } from "../../modules/kernel/queues";
import type { BlobStorage } from "../../modules/storage";
import { loadUpload, packagePaths, readBounded, recordUpload, storageKeyOf, unpackPackage, UPLOAD_LIMITS, ZIP_LIMITS, ZipRefusal } from "../../modules/uploads";
import type { UnpackJobData } from "../../modules/uploads";

export type UploadWorkerDeps = { store: EventStore; clock: Clock; storage: BlobStorage; logger: Logger };
export type UnpackResult = { status: "unpacked" | "failed" | "skipped"; files?: number; bytes?: number; reason?: string };

/**
 * Unpacks a zip package accepted by POST /api/file/upload/zip: reads the staged zip, checks it again
 * (the web process checked it before accepting), unpacks every file into
 * uploads/{organization}/packages/{uploadId}/content/ while counting bytes, records PackageUnpacked or
 * PackageFailed, and removes the staged zip. A zip refused here is not retried; other errors are
 * (BullMQ), and a retry of a package already ended does nothing.
 */
export async function processUnpack(deps: UploadWorkerDeps, data: UnpackJobData): Promise<UnpackResult> {
  const { uploadId, organizationId } = data;
  const upload = await loadUpload(deps.store, uploadId);
  if (upload.status !== "package-uploaded" || upload.organizationId !== organizationId) return { status: "skipped" };
  const paths = packagePaths(uploadId);
  const staged = storageKeyOf(organizationId, paths.staged);
  const metadata = { organizationId, actorId: null, correlationId: uploadId };
  const fail = async (reason: string): Promise<UnpackResult> => {
    const recorded = await recordUpload(deps, uploadId, { type: "RecordPackageFailed", data: { uploadId, reason }, metadata: { ...metadata, commandId: `unpack-failed-${uploadId}` } });
    if (!recorded.ok) throw recorded.error;
    await deps.storage.delete(staged);
    return { status: "failed", reason };
  };
  if (!(await deps.storage.stat(staged))) return fail("The uploaded zip is gone.");
  const zip = await readBounded(deps.storage, staged, UPLOAD_LIMITS.zipBytes);
  let unpacked: { files: number; bytes: number };
  try {
    unpacked = await unpackPackage(deps.storage, zip, storageKeyOf(organizationId, paths.folder), ZIP_LIMITS);
  } catch (error) {
    if (error instanceof ZipRefusal) return fail(error.message);
    throw error;
  }
  const recorded = await recordUpload(deps, uploadId, {
    type: "RecordPackageUnpacked",
    data: { uploadId, ...unpacked },
    metadata: { ...metadata, commandId: `unpacked-${uploadId}` },
  });
  if (!recorded.ok) throw recorded.error;
  await deps.storage.delete(staged);
  deps.logger.info("zip package unpacked", { uploadId, ...unpacked });
  return { status: "unpacked", ...unpacked };
}

export const processUnpackJob = (deps: UploadWorkerDeps, job: Job<UnpackJobData, unknown>) => processUnpack(deps, job.data);

