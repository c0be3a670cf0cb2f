import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND, type MailBrand } from "./brand";
import { absoluteUrl, escapeHtml } from "./escape";
import { checkMailData, MAIL_KINDS, type MailData, type MailKind } from "./kinds";
import { renderMail } from "./render";

const PUBLIC = "https://rollcall.example";
const UNSUBSCRIBE = `${PUBLIC}/unsubscribe/abc.def`;
const brand: MailBrand = {
  ...DEFAULT_BRAND,
  organizationName: "Maple Street School",
  color: "#1D4ED8",
  highlight: "#EFF6FF",
  bannerUrl: "/api/asset/get/banner.png",
  bannerAlt: "Maple Street School banner",
  timeZone: "America/Vancouver",
};

const SAMPLES: { [K in MailKind]: MailData<K> } = {
  "password-reset": { firstName: "Pat", link: "/reset-password?token=t&user=u" },
  invitation: { role: "coach", firstName: "Carla", inviterName: "Adam Admin", link: "/user/invite/abc", expiresAt: "2026-12-11T05:30:00.000Z" },
  "membership-request-received": { firstName: "Ria" },
  "membership-request-approved": { firstName: "Ria", link: "/login" },
  "membership-request-declined": { firstName: "Ria", reason: "We are full this season." },
  "organization-request-approved": { firstName: "Olu", link: "/user/invite/xyz" },
  "webhook-disabled": { firstName: "Olu", url: "https://hooks.example.org/in", since: "2026-01-01T00:00:00.000Z", link: "/integrations" },
  "waiver-link": { firstName: "Pat", participantName: "Sam Lee", link: "/sign-waiver/abc?token=t", expiresAt: "2026-12-11T05:30:00.000Z", newVersion: true },
  announcement: { title: "Soccer is cancelled tonight", paragraphs: ["The field is flooded.", "See you Thursday."] },
  newsletter: { title: "Spring programs", paragraphs: ["Registration opens Monday.", "See you there."], link: "/program-registration", linkLabel: "Register" },
};

const render = <K extends MailKind>(kind: K, data: MailData<K>, b: MailBrand = brand) => renderMail({ kind, data, brand: b, publicUrl: PUBLIC, unsubscribeUrl: UNSUBSCRIBE });

describe("mail templates (decision 059)", () => {
  it.each(MAIL_KINDS)("%s: HTML with the banner and colours, a text alternative, List-Unsubscribe headers", (kind) => {
    const mail = render(kind, checkMailData(kind, SAMPLES[kind]));
    expect(mail.subject).toMatch(/\S/);
    expect(mail.html).toContain(`<img src="${PUBLIC}/api/asset/get/banner.png" alt="Maple Street School banner"`);
    expect(mail.html).toContain("background:#1D4ED8");
    expect(mail.html).toContain("background:#EFF6FF");
    expect(mail.html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(mail.text).toContain(UNSUBSCRIBE);
    expect(mail.text).not.toMatch(/<[a-z]/i);
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${UNSUBSCRIBE}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("puts the same words and the absolute link in the text as in the HTML", () => {
    const mail = render("invitation", SAMPLES.invitation);
    expect(mail.subject).toBe("Adam Admin invited you to join Maple Street School as a coach");
    expect(mail.text).toContain("Hello Carla,");
    expect(mail.text).toContain(`Accept the invitation: ${PUBLIC}/user/invite/abc`);
    // the expiry in the organization's zone (05:30 UTC is 9:30 p.m. the day before in Vancouver)
    expect(mail.text).toMatch(/December 10, 2026.*9:30/);
    expect(mail.html).toContain(`href="${PUBLIC}/user/invite/abc"`);
    expect(mail.html).toContain("Hello Carla,");
  });

  it("escapes every interpolated value in the HTML, and keeps the text as written", () => {
    const evil = '<script>alert("x")</script> & \'friends\'';
    const mail = render("membership-request-declined", { firstName: evil, reason: "<img src=x onerror=alert(1)>" }, { ...brand, organizationName: "A&B <Club>", bannerAlt: '"><script>' });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;");
    expect(mail.html).toContain("A&amp;B &lt;Club&gt;");
    expect(mail.html).toContain('alt="&quot;&gt;&lt;script&gt;"');
    expect(mail.text).toContain(`Hello ${evil},`);
    expect(mail.subject).toBe("Your request to join A&B <Club> was declined");
  });

  it("keeps a subject on one line (no header injection from data)", () => {
    const mail = render("newsletter", { title: "News\r\nBcc: everyone@example.com", paragraphs: ["x"] });
    expect(mail.subject).toBe("News Bcc: everyone@example.com");
  });

  it("refuses a link that is not a path or an http(s) address, and drops such a banner", () => {
    expect(() => render("password-reset", { firstName: "Pat", link: "javascript:alert(1)" })).toThrow(/link/);
    expect(() => render("password-reset", { firstName: "Pat", link: "//evil.example/x" })).toThrow(/link/);
    const mail = render("password-reset", SAMPLES["password-reset"], { ...brand, bannerUrl: "javascript:alert(1)" });
    expect(mail.html).not.toContain("javascript:");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain(">Maple Street School</div>");
  });

  it("falls back to the default colour when a colour is not a hex", () => {
    const mail = render("password-reset", SAMPLES["password-reset"], { ...brand, color: "red;background:url(x)", bannerUrl: "" });
    expect(mail.html).toContain("background:#95358F");
    expect(mail.html).not.toContain("url(x)");
  });

  it("checks each kind's data before anything is recorded", () => {
    expect(() => checkMailData("invitation", { role: "boss", inviterName: "A", link: "/x", expiresAt: "2026-01-01T00:00:00Z" })).toThrow(/role/);
    expect(() => checkMailData("password-reset", { firstName: "Pat" })).toThrow(/link/);
  });

  it("escapes and resolves like the layout does", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    expect(absoluteUrl("/x?y=1", PUBLIC)).toBe(`${PUBLIC}/x?y=1`);
    expect(absoluteUrl("https://cdn.example/logo.png", PUBLIC)).toBe("https://cdn.example/logo.png");
    expect(absoluteUrl("data:image/png;base64,AAA", PUBLIC)).toBeNull();
    expect(absoluteUrl("", PUBLIC)).toBeNull();
  });
});
