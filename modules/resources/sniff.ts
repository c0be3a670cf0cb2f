import { sniff } from "../uploads";

/**
 * What a resource file is (decision 101), from its first bytes like every upload (modules/uploads' sniff):
 * a PDF or a web image by its bytes; an Office or OpenDocument file by its container's bytes (a zip for
 * .docx/.xlsx/.pptx/.odt/.ods/.odp, an OLE compound file for .doc/.xls/.ppt) and its name's extension
 * agreeing. Plain text, HTML, SVG, scripts and programs are refused.
 */
export const OFFICE_TYPES: Record<string, { type: string; container: "zip" | "ole" }> = {
  docx: { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", container: "zip" },
  xlsx: { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", container: "zip" },
  pptx: { type: "application/vnd.openxmlformats-officedocument.presentationml.presentation", container: "zip" },
  odt: { type: "application/vnd.oasis.opendocument.text", container: "zip" },
  ods: { type: "application/vnd.oasis.opendocument.spreadsheet", container: "zip" },
  odp: { type: "application/vnd.oasis.opendocument.presentation", container: "zip" },
  doc: { type: "application/msword", container: "ole" },
  xls: { type: "application/vnd.ms-excel", container: "ole" },
  ppt: { type: "application/vnd.ms-powerpoint", container: "ole" },
};

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, signature: readonly number[]) => bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

export const extensionOf = (name: string) => (name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "");

/** The content type a resource file is served as, or null when its bytes (with its name) are not an accepted format. */
export function sniffResource(head: Uint8Array, fileName: string): string | null {
  const known = sniff(head);
  if (known) return known;
  const office = OFFICE_TYPES[extensionOf(fileName)];
  if (!office) return null;
  return startsWith(head, office.container === "zip" ? ZIP : OLE) ? office.type : null;
}
