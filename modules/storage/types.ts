import type { Readable } from "node:stream";

/** What a finished write reports: its size and SHA-256 (hex). */
export type WriteResult = { key: string; bytes: number; sha256: string };

/** A stored object as `stat` and `list` describe it. */
export type StoredObject = { key: string; bytes: number; modifiedAt: Date };

/**
 * Where files live: keys are `/`-separated paths of safe segments (see `validateKey`). The local-disk
 * adapter is the default; an object store (S3 and friends) fits the same port.
 */
export interface BlobStorage {
  readonly adapter: "local-disk";
  /**
   * Streams `source` into `key`, replacing what was there. The object appears whole or not at all: the
   * bytes go to a hidden part file that is renamed over `key` once complete.
   */
  write(key: string, source: Readable | AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): Promise<WriteResult>;
  /** The object's bytes as a stream; rejects with StorageNotFoundError when absent. */
  read(key: string): Promise<Readable>;
  /** Size and time of the object, or null. */
  stat(key: string): Promise<StoredObject | null>;
  /** Moves an object to another key atomically (replacing the target). */
  rename(from: string, to: string): Promise<void>;
  /** Deletes the object; false when it was not there. */
  delete(key: string): Promise<boolean>;
  /** Every object under a key prefix (a folder: `exports/org-1`), in no particular order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** The objects under a prefix last modified before `before` (for retention clean-ups). */
  listOlderThan(prefix: string, before: Date): AsyncIterable<StoredObject>;
  /** Removes what writes that died (a killed process) left half-written under a prefix, older than `before`; returns how many. */
  removeStaleParts(prefix: string, before: Date): Promise<number>;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object at '${key}'`);
    this.name = "StorageNotFoundError";
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid storage key '${key.slice(0, 200)}': ${reason}`);
    this.name = "InvalidStorageKeyError";
  }
}
