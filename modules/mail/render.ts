import { DEFAULT_MAIL_COLOR, type MailBrand } from "./brand";
import { absoluteUrl, escapeHtml, oneLine, safeColor } from "./escape";
import { isNewsletter, type MailData, type MailKind } from "./kinds";
import { TEMPLATES, type MailContent } from "./templates";

type Footer = { sentence: string; label: string };

export type RenderedMail = { subject: string; html: string; text: string; headers: Record<string, string> };

export type RenderInput<K extends MailKind> = {
  kind: K;
  data: MailData<K>;
  brand: MailBrand;
  /** the app's public address, no trailing slash */
  publicUrl: string;
  /** the absolute /unsubscribe/{token} address of this recipient */
  unsubscribeUrl: string;
};

/**
 * A message of its kind, branded for its organization (decision 059): the HTML (every interpolated value
 * escaped, links only http(s)), the plain-text alternative with the same words, and the List-Unsubscribe
 * headers (one-click, RFC 8058).
 */
export function renderMail<K extends MailKind>(input: RenderInput<K>): RenderedMail {
  const content = TEMPLATES[input.kind](input.data, input.brand);
  const buttonUrl = content.button ? absoluteUrl(content.button.link, input.publicUrl) : null;
  if (content.button && !buttonUrl) throw new TypeError(`renderMail(${input.kind}): the link must be a path or an http(s) address`);
  const newsletter = isNewsletter(input.kind);
  const footer: Footer = newsletter
    ? { sentence: `You receive ${input.brand.organizationName}'s newsletter at this address.`, label: "Unsubscribe" }
    : { sentence: `This message is about your account with ${input.brand.organizationName}.`, label: "Stop its newsletters" };
  return {
    subject: oneLine(content.subject),
    html: renderHtml(content, input.brand, input.publicUrl, buttonUrl, footer, input.unsubscribeUrl),
    text: renderText(content, input.brand, buttonUrl, footer, input.unsubscribeUrl),
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

function renderText(content: MailContent, brand: MailBrand, buttonUrl: string | null, footer: Footer, unsubscribeUrl: string): string {
  const lines = [brand.organizationName, "", content.heading, "", ...content.paragraphs.flatMap((p) => [p, ""])];
  if (content.button && buttonUrl) lines.push(`${content.button.label}: ${buttonUrl}`, "");
  for (const p of content.after ?? []) lines.push(p, "");
  lines.push("--", footer.sentence, `${footer.label}: ${unsubscribeUrl}`);
  return lines.join("\n");
}

function renderHtml(content: MailContent, brand: MailBrand, publicUrl: string, buttonUrl: string | null, footer: Footer, unsubscribeUrl: string): string {
  const color = safeColor(brand.color, DEFAULT_MAIL_COLOR);
  const highlight = safeColor(brand.highlight, "#F3E6F2");
  const banner = absoluteUrl(brand.bannerUrl, publicUrl);
  const e = escapeHtml;
  const top = banner
    ? `<img src="${e(banner)}" alt="${e(brand.bannerAlt || `${brand.organizationName} Logo`)}" width="560" style="display:block;max-width:100%;height:auto;border:0">`
    : `<div style="padding:20px 24px;font-size:20px;font-weight:bold;color:#ffffff">${e(brand.organizationName)}</div>`;
  const paragraphs = (list: string[]) => list.map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f1f1f">${e(p)}</p>`).join("\n");
  const button =
    content.button && buttonUrl
      ? `<p style="margin:8px 0 24px"><a href="${e(buttonUrl)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${color};color:#ffffff;font-weight:bold;text-decoration:none">${e(content.button.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#555555">Or open this address: <a href="${e(buttonUrl)}" style="color:${color};word-break:break-all">${e(buttonUrl)}</a></p>`
      : "";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(content.subject)}</title></head>
<body style="margin:0;padding:0;background:${highlight};font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${highlight}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${color}">${top}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${color}">${e(content.heading)}</h1>
${paragraphs(content.paragraphs)}
${button}
${paragraphs(content.after ?? [])}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e5e5;font-size:12px;line-height:1.5;color:#555555">${e(footer.sentence)} <a href="${e(unsubscribeUrl)}" style="color:${color}">${e(footer.label)}</a></td></tr>
</table>
</td></tr></table>
</body>
</html>`;
}
