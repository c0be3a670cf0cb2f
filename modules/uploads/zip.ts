import { crc32, createInflateRaw } from "node:zlib";
import { Readable } from "node:stream";
import type { ZipLimits } from "./limits";

/**
 * A small, strict zip reader for uploaded packages. It reads the central directory only to decide
 * (nothing is unpacked before every entry has passed), then inflates entry by entry while counting
 * bytes, because a zip's declared sizes may lie. Refused: encryption, methods other than stored and
 * deflate, ZIP64, more than one disk, absolute paths, drive letters, backslashes, '..' and '.'
 * segments, symbolic links and other special files (Unix mode in the external attributes), names
 * that are not safe storage segments, duplicate names, folders too deep, too many entries, too many
 * declared bytes (per entry and in all), a compression ratio above the limit, and entries whose data
 * lies outside the file. Hidden files and __MACOSX folders are skipped, not unpacked.
 */
export class ZipRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ZipRefusal";
  }
}

export type ZipEntry = {
  /** the path inside the zip, '/'-separated */
  name: string;
  method: 0 | 8;
  compressedSize: number;
  uncompressedSize: number;
  crc: number;
  localHeaderOffset: number;
};

export type ZipDirectory = {
  /** the files to unpack (folders and skipped entries left out), in central-directory order */
  files: ZipEntry[];
  /** the sum of the files' declared sizes */
  declaredBytes: number;
  /** how many entries were skipped (hidden files, __MACOSX) */
  skipped: number;
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const UNIX = 3;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** a storage key segment (modules/storage/keys.ts) */
const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

function findEndRecord(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at--) {
    if (zip.readUInt32LE(at) === EOCD && at + 22 + zip.readUInt16LE(at + 20) === zip.length) return at;
  }
  throw new ZipRefusal("The file is not a valid zip.");
}

function checkName(raw: string): { segments: string[]; folder: boolean; skip: boolean } {
  const shown = raw.slice(0, 80);
  if (raw.length === 0) throw new ZipRefusal("The zip has an entry without a name.");
  if (raw.includes("\\") || raw.includes("\0")) throw new ZipRefusal(`The zip has a file name that is not allowed: '${shown}'.`);
  if (raw.startsWith("/") || /^[A-Za-z]:/.test(raw)) throw new ZipRefusal(`The zip has an absolute path: '${shown}'.`);
  const folder = raw.endsWith("/");
  const segments = (folder ? raw.slice(0, -1) : raw).split("/");
  if (segments.some((s) => s === "..")) throw new ZipRefusal(`The zip has a path that leaves its folder: '${shown}'.`);
  if (segments.some((s) => s === "" || s === ".")) throw new ZipRefusal(`The zip has a file name that is not allowed: '${shown}'.`);
  const skip = segments[0] === "__MACOSX" || segments.some((s) => s.startsWith("."));
  if (!skip && !segments.every((s) => SAFE_SEGMENT.test(s))) {
    throw new ZipRefusal(`The zip has a file name that is not allowed: '${shown}'. Use letters, digits, '.', '_' and '-' only.`);
  }
  return { segments, folder, skip };
}

/** Reads and checks the central directory; throws ZipRefusal with the first reason found. */
export function readZipDirectory(zip: Buffer, limits: ZipLimits): ZipDirectory {
  if (zip.length < 22) throw new ZipRefusal("The file is not a valid zip.");
  const end = findEndRecord(zip);
  const disk = zip.readUInt16LE(end + 4);
  const directoryDisk = zip.readUInt16LE(end + 6);
  const entriesHere = zip.readUInt16LE(end + 8);
  const entries = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (disk !== 0 || directoryDisk !== 0 || entriesHere !== entries) throw new ZipRefusal("Zips split over several parts are not supported.");
  if (entries === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw new ZipRefusal("ZIP64 files are not supported.");
  if (entries > limits.entries) throw new ZipRefusal(`The zip has ${entries} entries; at most ${limits.entries} are allowed.`);
  if (directoryOffset + directorySize > end) throw new ZipRefusal("The file is not a valid zip.");

  const files: ZipEntry[] = [];
  const names = new Set<string>();
  let declaredBytes = 0;
  let skipped = 0;
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw new ZipRefusal("The file is not a valid zip.");
    const madeBy = zip.readUInt16LE(at + 4);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const uncompressedSize = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const external = zip.readUInt32LE(at + 38);
    const localHeaderOffset = zip.readUInt32LE(at + 42);
    if (at + 46 + nameLength > end) throw new ZipRefusal("The file is not a valid zip.");
    const rawName = zip.toString((flags & 0x800) !== 0 ? "utf8" : "latin1", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    const { segments, folder, skip } = checkName(rawName);
    const mode = (external >>> 16) & S_IFMT;
    if (madeBy >> 8 === UNIX && mode !== 0) {
      if (mode === S_IFLNK) throw new ZipRefusal(`The zip has a symbolic link: '${rawName.slice(0, 80)}'.`);
      if (mode !== S_IFREG && mode !== S_IFDIR) throw new ZipRefusal(`The zip has a special file: '${rawName.slice(0, 80)}'.`);
    }
    if (segments.length > limits.depth) throw new ZipRefusal(`The zip's folders are nested too deep: '${rawName.slice(0, 80)}'.`);
    if ((flags & 0x1) !== 0) throw new ZipRefusal("Encrypted zips are not supported.");
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) throw new ZipRefusal("ZIP64 files are not supported.");
    if (folder) {
      if (uncompressedSize !== 0) throw new ZipRefusal(`The zip has a folder with data: '${rawName.slice(0, 80)}'.`);
      continue;
    }
    if (skip) {
      skipped++;
      continue;
    }
    if (method !== 0 && method !== 8) throw new ZipRefusal(`The zip uses a compression method that is not supported (${method}).`);
    const name = segments.join("/");
    if (names.has(name.toLowerCase())) throw new ZipRefusal(`The zip has the same file twice: '${name.slice(0, 80)}'.`);
    names.add(name.toLowerCase());
    if (uncompressedSize > limits.entryBytes) throw new ZipRefusal(`The file '${name.slice(0, 80)}' is too large when unpacked.`);
    declaredBytes += uncompressedSize;
    if (declaredBytes > limits.unpackedBytes) throw new ZipRefusal("The zip is too large when unpacked.");
    if (method === 0 && compressedSize !== uncompressedSize) throw new ZipRefusal("The file is not a valid zip.");
    if (uncompressedSize > 0 && (compressedSize === 0 || uncompressedSize / compressedSize > limits.ratio)) {
      throw new ZipRefusal(`The file '${name.slice(0, 80)}' is compressed too much to be safe.`);
    }
    if (localHeaderOffset + 30 > directoryOffset) throw new ZipRefusal("The file is not a valid zip.");
    files.push({ name, method: method as 0 | 8, compressedSize, uncompressedSize, crc, localHeaderOffset });
  }
  // the files' data must lie inside the file, before the central directory
  for (const file of files) dataRange(zip, file, directoryOffset);
  return { files, declaredBytes, skipped };
}

function dataRange(zip: Buffer, entry: ZipEntry, limit: number): { start: number; end: number } {
  const at = entry.localHeaderOffset;
  if (at + 30 > limit || zip.readUInt32LE(at) !== LOCAL) throw new ZipRefusal("The file is not a valid zip.");
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > limit) throw new ZipRefusal("The file is not a valid zip.");
  return { start, end };
}

/**
 * The entry's bytes, inflated and counted: more bytes than declared (a lying header), or a checksum
 * that does not match, throws ZipRefusal (and stops inflating at once).
 */
export async function* entryBytes(zip: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const { start, end } = dataRange(zip, entry, zip.length);
  const data = zip.subarray(start, end);
  let count = 0;
  let crc = 0;
  const source = entry.method === 0 ? Readable.from([data]) : Readable.from([data]).pipe(createInflateRaw({ chunkSize: 64 * 1024 }));
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      count += chunk.length;
      if (count > entry.uncompressedSize) throw new ZipRefusal(`The file '${entry.name.slice(0, 80)}' holds more bytes than the zip declares.`);
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipRefusal) throw error;
    throw new ZipRefusal(`The file '${entry.name.slice(0, 80)}' in the zip is damaged.`);
  } finally {
    source.destroy();
  }
  if (count !== entry.uncompressedSize || crc >>> 0 !== entry.crc >>> 0) throw new ZipRefusal(`The file '${entry.name.slice(0, 80)}' in the zip is damaged.`);
}
