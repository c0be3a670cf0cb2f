/**
 * The rich text allow-list (decision 090): the body is rebuilt from scratch, never passed through. Allowed tags
 * come out in a canonical form without attributes (a link keeps only an http(s) or mailto href, and opens safely);
 * every other tag is dropped, keeping its text; script, style and the like are dropped with what they hold;
 * comments go; all text is escaped. Nothing the author typed reaches the page as markup except these tags.
 */
export const ALLOWED_TAGS = ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h2", "h3", "blockquote"] as const;
const ALLOWED = new Set<string>(ALLOWED_TAGS);
const VOID = new Set(["br"]);
/** dropped with their content */
const DROP_WITH_CONTENT = new Set(["script", "style", "iframe", "object", "embed", "template", "noscript", "textarea", "select", "svg", "math", "title", "head"]);

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the entities a text or attribute may hold (numeric and the common named ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "";
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

export const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

function safeHref(attributes: string): string | null {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  if (!match) return null;
  // control characters and spaces removed first: "java\tscript:" is still javascript:
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is stripped here
  const href = decodeEntities(match[1] ?? match[2] ?? match[3] ?? "").replace(/[\u0000-\u0020\u007f]/g, "");
  return /^(https?:\/\/|mailto:)/i.test(href) ? href : null;
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<[!?][^>]*>/g;

/** The allow-listed HTML of an author's body. */
export function sanitizeRichText(input: string): string {
  let out = "";
  let last = 0;
  let dropping: string | null = null;
  const open: string[] = [];
  for (const match of input.matchAll(TOKEN)) {
    const text = input.slice(last, match.index);
    last = match.index + match[0].length;
    if (!dropping) out += escapeHtml(decodeEntities(text));
    const [, closing, rawName, attributes = ""] = match;
    if (!rawName) continue; // a comment, a doctype or a processing instruction
    const name = rawName.toLowerCase();
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing && !attributes.trimEnd().endsWith("/")) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    if (VOID.has(name)) {
      if (!closing) out += "<br>";
      continue;
    }
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      // close what is still open inside it, so the output is always well nested
      for (const inner of open.splice(at).reverse()) out += `</${inner}>`;
      continue;
    }
    if (name === "a") {
      const href = safeHref(attributes);
      out += href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow" target="_blank">` : "<a>";
    } else out += `<${name}>`;
    open.push(name);
  }
  if (!dropping) out += escapeHtml(decodeEntities(input.slice(last)));
  for (const inner of open.reverse()) out += `</${inner}>`;
  return out;
}

/** The words of a sanitized body: for SMS, the inbox and the e-mail's text part (paragraphs on their own lines). */
export function plainTextOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<br>/g, "\n")
      .replace(/<\/(p|h2|h3|blockquote|li|ul|ol)>/g, "\n")
      .replace(/<li>/g, "• ")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
