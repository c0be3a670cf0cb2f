/** How a message looks for its organization: name, colours, the e-mail banner (settings' "email banner"). */
export type MailBrand = {
  organizationName: string;
  /** main colour (#rrggbb) */
  color: string;
  /** highlight colour (#rrggbb) */
  highlight: string;
  /** the e-mail banner image: a path of this app or an http(s) address; "" for none */
  bannerUrl: string;
  bannerAlt: string;
  supportEmail: string;
  timeZone: string;
};

/** The spec's default main colour. */
export const DEFAULT_MAIL_COLOR = "#95358F";

export const DEFAULT_BRAND: MailBrand = {
  organizationName: "Rollcall",
  color: DEFAULT_MAIL_COLOR,
  highlight: "#F3E6F2",
  bannerUrl: "",
  bannerAlt: "",
  supportEmail: "",
  timeZone: "America/Toronto",
};
