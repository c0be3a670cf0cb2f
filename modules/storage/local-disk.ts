import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, opendir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { validateKey, validatePrefix } from "./keys";
import { StorageNotFoundError, type BlobStorage, type StoredObject, type WriteResult } from "./types";

/** Part files start with '.', which no key segment may: list() never shows them, no key can name them. */
const PART_PREFIX = ".part-";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";

/** Files under a root directory. Keys map to paths below it; validated keys cannot escape it. */
export class LocalDiskStorage implements BlobStorage {
  readonly adapter = "local-disk" as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The absolute path of a key, checked to lie inside the root (belt and braces after validateKey). */
  pathOf(key: string): string {
    const full = path.resolve(this.root, ...validateKey(key));
    if (!full.startsWith(this.root + path.sep)) throw new Error(`key '${key}' escapes the storage root`);
    return full;
  }

  async write(key: string, source: Readable | AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>): Promise<WriteResult> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const part = path.join(path.dirname(target), `${PART_PREFIX}${path.basename(target)}-${randomBytes(6).toString("hex")}`);
    const hash = createHash("sha256");
    let bytes = 0;
    const measure = new Transform({
      transform(chunk: Buffer | string, _encoding, done) {
        const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        hash.update(buffer);
        bytes += buffer.length;
        done(null, buffer);
      },
    });
    const input = source instanceof Readable ? source : Readable.from(source, { objectMode: false });
    try {
      await pipeline(input, measure, createWriteStream(part, { highWaterMark: 1 << 20 }));
      await rename(part, target);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
    return { key, bytes, sha256: hash.digest("hex") };
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      if (!info.isFile()) throw new StorageNotFoundError(key);
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
    return createReadStream(file, { highWaterMark: 1 << 20 });
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { key, bytes: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async rename(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(source, target);
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(from);
      throw error;
    }
  }

  async delete(key: string): Promise<boolean> {
    try {
      await unlink(this.pathOf(key));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const segments = validatePrefix(prefix);
    yield* this.walk(path.resolve(this.root, ...segments), segments.join("/"));
  }

  async *listOlderThan(prefix: string, before: Date): AsyncIterable<StoredObject> {
    for await (const object of this.list(prefix)) if (object.modifiedAt < before) yield object;
  }

  /** Leftover part files of writes that died (a killed process) older than `before`: removed. */
  async removeStaleParts(prefix: string, before: Date): Promise<number> {
    let removed = 0;
    const visit = async (dir: string): Promise<void> => {
      let handle;
      try {
        handle = await opendir(dir);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for await (const entry of handle) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await visit(full);
        else if (entry.name.startsWith(PART_PREFIX)) {
          const info = await stat(full).catch(() => null);
          if (info && info.mtime < before && (await rm(full, { force: true }).then(() => true))) removed++;
        }
      }
    };
    await visit(path.resolve(this.root, ...validatePrefix(prefix)));
    return removed;
  }

  private async *walk(dir: string, keyPrefix: string): AsyncIterable<StoredObject> {
    let handle;
    try {
      handle = await opendir(dir);
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === "ENOTDIR") return;
      throw error;
    }
    for await (const entry of handle) {
      if (entry.name.startsWith(".")) continue;
      const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* this.walk(full, key);
      else if (entry.isFile()) {
        const info = await stat(full).catch(() => null);
        if (info) yield { key, bytes: info.size, modifiedAt: info.mtime };
      }
    }
  }
}
