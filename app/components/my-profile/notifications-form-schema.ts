import { configureCoercion } from "@conform-to/zod/v4/future";
import { notificationPreferencesSchema } from "#modules/identity/client";

/**
 * The notification preferences as the form posts them: each switch posts "on" or "off" (a hidden input
 * beside it), so turning one off is false rather than "left out". The same schema, with this coercion,
 * checks the form in the browser and in the /my-profile action (decision 060).
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

export const notificationsFormSchema = coerceFormValue(notificationPreferencesSchema);
