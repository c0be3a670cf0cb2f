const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML, in an element or a quoted attribute (every interpolated value passes here). */
export const escapeHtml = (value: unknown): string => String(value ?? "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** A header value on one line (a subject from data never adds a header). */
export const oneLine = (value: string): string => value.replace(/[\r\n\t]+/g, " ").trim();

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A colour for a style attribute: a #rgb or #rrggbb hex, else the fallback. */
export const safeColor = (value: string | null | undefined, fallback: string): string => (value && HEX.test(value.trim()) ? value.trim() : fallback);

/**
 * An absolute http(s) address for a link or an image in a message: a path is put under the app's public
 * address; anything else (javascript:, data:, a protocol-relative //host) is refused with null.
 */
export function absoluteUrl(value: string | null | undefined, publicUrl: string): string | null {
  const raw = (value ?? "").trim();
  if (!raw) return null;
  if (raw.startsWith("/") && !raw.startsWith("//")) return `${publicUrl}${raw}`;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
