/**
 * What a file is, from its first bytes (magic numbers), never from its name or the client's content
 * type. The uploads accept the four web image formats and PDF.
 */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export type SniffedType = ImageType | "application/pdf";

/** Bytes needed to tell every accepted type apart. */
export const SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type the bytes are, or null when they are none of the accepted ones. */
export function sniff(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  return null;
}

export const isImageType = (type: string | null): type is ImageType => (IMAGE_TYPES as readonly string[]).includes(type ?? "");

/** A zip's local file header ('PK\x03\x04'), or an empty zip's end record ('PK\x05\x06'). */
export const looksLikeZip = (bytes: Uint8Array) => startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]);

export const EXTENSION_OF: Record<SniffedType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** What a client may ask to upload (file_type): an image type, 'image' for any image, or a PDF. */
export type UploadKind = "image" | "pdf";

export function uploadKindOf(fileType: string): UploadKind | null {
  const type = fileType.trim().toLowerCase();
  if (type === "image" || type === "image/*" || (IMAGE_TYPES as readonly string[]).includes(type) || type === "image/jpg") return "image";
  if (type === "application/pdf" || type === "pdf") return "pdf";
  return null;
}

export const kindAccepts = (kind: UploadKind, sniffed: SniffedType | null): boolean =>
  kind === "image" ? isImageType(sniffed) : sniffed === "application/pdf";
