import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { DomainError } from "../kernel";
import { StorageNotFoundError, type BlobStorage } from "../storage";
import { MiB } from "./limits";
import { kindAccepts, SNIFF_BYTES, sniff, type SniffedType, type UploadKind } from "./sniff";

export type StoredUpload = { bytes: number; sha256: string; contentType: SniffedType };
type Refuse = (code: string, reason: string) => DomainError;

const asBuffer = (chunk: Uint8Array | string) => (typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));

/**
 * Streams an upload into storage, never holding more than one chunk: the first bytes are sniffed
 * before anything is written (an image must be a PNG, JPEG, GIF or WebP by its bytes, a PDF a PDF),
 * bytes are counted as they pass and the write fails past `maxBytes`. A refused or broken upload
 * leaves nothing (the storage writes to a part file and renames it only when whole).
 */
export async function storeUpload(
  storage: BlobStorage,
  key: string,
  source: AsyncIterable<Uint8Array | string>,
  options: { kind: UploadKind | "any"; maxBytes: number; refuse: Refuse },
): Promise<StoredUpload> {
  const { kind, maxBytes, refuse } = options;
  let contentType: SniffedType | null = null;
  const tooLarge = () => refuse("FILE_TOO_LARGE", `The file is larger than ${MiB(maxBytes)}.`);
  async function* checked(): AsyncGenerator<Buffer> {
    let head = Buffer.alloc(0);
    let bytes = 0;
    let sniffed = false;
    const judge = (bytesSeen: Buffer) => {
      contentType = sniff(bytesSeen);
      const allowed = kind === "any" ? contentType !== null : kindAccepts(kind, contentType);
      if (!allowed) {
        throw kind === "pdf"
          ? refuse("NOT_A_PDF", "The file is not a PDF.")
          : refuse(kind === "image" ? "NOT_AN_IMAGE" : "FILE_TYPE_NOT_ALLOWED", kind === "image" ? "The file is not a PNG, JPEG, GIF or WebP image." : "Only PNG, JPEG, GIF and WebP images and PDF files can be uploaded.");
      }
      sniffed = true;
    };
    for await (const raw of source) {
      const chunk = asBuffer(raw);
      bytes += chunk.length;
      if (bytes > maxBytes) throw tooLarge();
      if (sniffed) {
        yield chunk;
        continue;
      }
      head = Buffer.concat([head, chunk]);
      if (head.length >= SNIFF_BYTES) {
        judge(head);
        yield head;
      }
    }
    if (!sniffed) {
      if (head.length === 0) throw refuse("FILE_EMPTY", "The file is empty.");
      judge(head);
      yield head;
    }
  }
  const written = await storage.write(key, checked());
  if (!contentType) throw refuse("FILE_TYPE_NOT_ALLOWED", "The file type is not allowed.");
  return { bytes: written.bytes, sha256: written.sha256, contentType };
}

/** The sniffed type of a stored object (null when it is none of the accepted types), or undefined when there is no such object. */
export async function sniffStored(storage: BlobStorage, key: string): Promise<SniffedType | null | undefined> {
  let stream: Readable;
  try {
    stream = await storage.read(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) return undefined;
    throw error;
  }
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of stream) {
      head = Buffer.concat([head, chunk as Buffer]);
      if (head.length >= SNIFF_BYTES) break;
    }
  } finally {
    stream.destroy();
  }
  return sniff(head);
}

/** SHA-256 of bytes, hex. */
export const sha256Of = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Reads a stored object into memory, refusing past `maxBytes` (only for zips, which are bounded). */
export async function readBounded(storage: BlobStorage, key: string, maxBytes: number): Promise<Buffer> {
  const stream = await storage.read(key);
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      if (bytes > maxBytes) throw new Error(`stored object ${key} is larger than ${maxBytes} bytes`);
      chunks.push(chunk as Buffer);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}
