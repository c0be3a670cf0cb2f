/** The storage port: files by key (exports now, uploads later), with a local-disk adapter. */
export { StorageNotFoundError, InvalidStorageKeyError, type BlobStorage, type StoredObject, type WriteResult } from "./types";
export { validateKey, validatePrefix, isValidKey, MAX_KEY_LENGTH } from "./keys";
export { LocalDiskStorage } from "./local-disk";

import { LocalDiskStorage } from "./local-disk";

/** The storage the app runs with: files under STORAGE_DIR. */
export function createStorage(options: { storageDir: string }): LocalDiskStorage {
  return new LocalDiskStorage(options.storageDir);
}
