/** Browser-safe: how a resource's format reads and opens (decision 101). */
/** The formats a resource file may be, for the form's hint and its `accept`. */
export const RESOURCE_FILE_HINT = "PDF, PNG, JPEG, GIF, WebP, Word, Excel, PowerPoint or OpenDocument";
export const RESOURCE_FILE_ACCEPT = ".pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp";

/** PDFs and images open in the browser; office documents download. */
export const opensInline = (contentType: string | null) => contentType === "application/pdf" || (contentType ?? "").startsWith("image/");

/** A short label of a resource's format for lists ("PDF", "Word", "Link"). */
export function formatLabel(kind: "file" | "link", contentType: string | null): string {
  if (kind === "link") return "Link";
  if (contentType === "application/pdf") return "PDF";
  if ((contentType ?? "").startsWith("image/")) return "Image";
  if (/wordprocessing|msword|opendocument\.text/.test(contentType ?? "")) return "Document";
  if (/spreadsheet|ms-excel/.test(contentType ?? "")) return "Spreadsheet";
  if (/presentation|powerpoint/.test(contentType ?? "")) return "Presentation";
  return "File";
}
