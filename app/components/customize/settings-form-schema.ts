import { configureCoercion } from "@conform-to/zod/v4/future";
import { organizationSettingsSchema } from "#modules/organizations/client";

/**
 * The organization settings schema as a form posts it: conform's coercion, except that a switch posts
 * "on" or "off" (a hidden input beside it), so switching off a flag whose default is on
 * (is_member_check_in_or_out) is false, not "left out, so the default". The same schema validates in
 * the browser (conform's onValidate) and in the /customize action; the command validates it once more.
 */
const { coerceFormValue } = configureCoercion({
  type: {
    boolean: (text) => {
      if (text === "on" || text === "true") return true;
      if (text === "off" || text === "false") return false;
      throw new Error("Not a boolean");
    },
  },
});

export const settingsFormSchema = coerceFormValue(organizationSettingsSchema);

/** The settings this page does not edit (type, look, logos, localization): posted back as they are. */
export const UNEDITED_SETTINGS = [
  "type",
  "brand_color_hex_code",
  "brand_color_highlight",
  "sign_in_page_logo",
  "sign_in_page_logo_alt",
  "left_sidebar_logo",
  "left_sidebar_logo_alt",
  "sign_in_banner",
  "sign_in_banner_alt",
  "email_banner",
  "email_banner_alt",
  "localization",
] as const;
