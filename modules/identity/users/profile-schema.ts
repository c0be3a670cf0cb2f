import { z } from "zod";

/**
 * The /my-profile forms' and /api/user/me bodies' schemas (decision 060). Plain zod, browser-safe (through
 * ../client): conform checks each form with the same schema in the browser and in the page's action.
 */
const PHONE = /^\+?[0-9 ().-]{7,25}$/;
const EMAIL = z.email();

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long (at most 100 characters)`);

export const ownProfileSchema = z.object({
  first_name: name("First name"),
  last_name: name("Last name"),
  email: z
    .string({ error: "E-mail is required" })
    .trim()
    .min(1, "E-mail is required")
    .max(254, "E-mail is too long")
    .refine((value) => EMAIL.safeParse(value).success, "E-mail must be a valid e-mail address"),
  // optional: a form leaves it out when blank, a call may send ""
  phone_number: z
    .string({ error: "Phone number must be text" })
    .trim()
    .max(25, "Phone number is too long")
    .refine((value) => value === "" || PHONE.test(value), "Phone number must be digits, spaces, ( ) - . and an optional leading +")
    .optional(),
});

/** Change password: the current one, the new one (the reset flow's rules) and the new one again. */
export const changePasswordSchema = (minLength: number) =>
  z
    .object({
      current_password: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(1024, "The password is too long"),
      new_password: z
        .string({ error: "Enter a new password" })
        .min(minLength, `The new password must have at least ${minLength} characters`)
        .max(1024, "The password is too long"),
      confirm_password: z.string({ error: "Enter the new password again" }).max(1024, "The password is too long"),
    })
    .superRefine((value, ctx) => {
      if (value.new_password !== value.confirm_password) {
        ctx.addIssue({ code: "custom", path: ["confirm_password"], message: "The passwords do not match" });
      }
    });

/** Which optional e-mails one receives; invitations, password resets and other transactional mail always go. */
export const notificationPreferencesSchema = z.object({
  newsletters: z.boolean({ error: "newsletters must be true or false" }),
  program_updates: z.boolean({ error: "program_updates must be true or false" }),
});

export type OwnProfileInput = z.infer<typeof ownProfileSchema>;
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordSchema>>;
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesSchema>;

/** The labels the page shows for each optional e-mail. */
export const NOTIFICATION_LABELS = {
  newsletters: { label: "Newsletters", description: "News and announcements from your organization." },
  program_updates: { label: "Program and event updates", description: "Changes to the programs and events you take part in or run." },
} as const;
