import type { BlobStorage } from "../storage";
import type { ZipLimits } from "./limits";
import { entryBytes, readZipDirectory, ZipRefusal, type ZipDirectory } from "./zip";

/** The page a package opens at; it must be at the zip's top level (spec-2 section 4: the value points to content/index.html). */
export const PACKAGE_INDEX = "index.html";

/** Checks a package's directory (every rule of readZipDirectory, and an index.html at the top); throws ZipRefusal. */
export function checkPackage(zip: Buffer, limits: ZipLimits): ZipDirectory {
  const directory = readZipDirectory(zip, limits);
  if (!directory.files.some((f) => f.name === PACKAGE_INDEX)) throw new ZipRefusal("The zip must have index.html at its top level.");
  return directory;
}

/**
 * Unpacks a checked package into `folderKey`, every file through the storage port (its keys cannot
 * leave the folder: names were checked to be safe segments, and the port refuses anything else).
 * Bytes are counted while inflating: past the declared size of an entry, or past the limit in all, it
 * stops. index.html is written last, so the package shows as ready only when whole. On any failure
 * everything written so far is removed, and the error is thrown again.
 */
export async function unpackPackage(storage: BlobStorage, zip: Buffer, folderKey: string, limits: ZipLimits): Promise<{ files: number; bytes: number }> {
  const directory = checkPackage(zip, limits);
  const ordered = [...directory.files.filter((f) => f.name !== PACKAGE_INDEX), ...directory.files.filter((f) => f.name === PACKAGE_INDEX)];
  const written: string[] = [];
  let total = 0;
  try {
    for (const entry of ordered) {
      const key = `${folderKey}/${entry.name}`;
      async function* counted() {
        for await (const chunk of entryBytes(zip, entry)) {
          total += chunk.length;
          if (total > limits.unpackedBytes) throw new ZipRefusal("The zip is too large when unpacked.");
          yield chunk;
        }
      }
      written.push(key);
      await storage.write(key, counted());
    }
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => false)));
    throw error;
  }
  return { files: ordered.length, bytes: total };
}
