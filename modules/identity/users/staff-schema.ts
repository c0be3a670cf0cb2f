import { z } from "zod";

/**
 * The staff user form and the /api/user calls' inputs (decision 061): one schema for the browser (conform)
 * and the server. Pure zod: part of identity's browser-safe face (client.ts).
 */
export const USER_STATUSES = ["Active", "Inactive", "Alumni"] as const;
export type UserStatusValue = (typeof USER_STATUSES)[number];
/** spec-2 section 3's invitation statuses; a staff-created user starts Pending (the invitations build sends it). */
export const INVITATION_STATUSES = ["Pending", "Invited", "Expired"] as const;

export const STATUS_REASON_REQUIRED = "Reason is required when the status is Inactive or Alumni";
export const EMAIL_IN_USE = "This e-mail is already in use";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** The user form's fields: first and last name, e-mail, phone number, user group, status and its reason. */
export const staffUserSchema = z
  .object({
    first_name: required("First name", 100),
    last_name: required("Last name", 100),
    email: required("E-mail", 254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: "E-mail must be an e-mail address, like name@example.org" }),
    phone_number: z
      .string()
      .trim()
      .max(30, { error: "Phone number must be at most 30 characters" })
      .regex(/^[+]?[0-9 ().-]*$/, { error: "Phone number may hold digits, spaces, +, -, ( and ) only" })
      .optional(),
    user_group_id: required("User group", 100),
    status: z.enum(USER_STATUSES, { error: "Status must be Active, Inactive or Alumni" }).optional(),
    status_reason: z.string().trim().max(500, { error: "Reason must be at most 500 characters" }).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.status === "Inactive" || v.status === "Alumni") && !v.status_reason) {
      ctx.addIssue({ code: "custom", message: STATUS_REASON_REQUIRED, path: ["status_reason"] });
    }
  });
export type StaffUserInput = z.output<typeof staffUserSchema>;

export const USER_SORTS = ["created_date", "first_name", "last_name", "email", "username", "status"] as const;
export type UserSortField = (typeof USER_SORTS)[number];

/** The page's sort choices (the list's `sort` values). */
export const USER_SORT_OPTIONS: readonly { value: string; label: string }[] = [
  { value: "created_date desc", label: "Newest first" },
  { value: "created_date asc", label: "Oldest first" },
  { value: "first_name asc", label: "First name (A-Z)" },
  { value: "last_name asc", label: "Last name (A-Z)" },
  { value: "email asc", label: "E-mail (A-Z)" },
  { value: "status asc", label: "Status" },
];

const pageNumber = (label: string, fallback: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .int({ error: `${label} must be a whole number` })
    .min(0, { error: `${label} must be at least 0` })
    .max(max, { error: `${label} must be at most ${max}` })
    .optional()
    .transform((v) => v ?? fallback);

/** GET /api/user: page, size, search (name, e-mail, username), sort ('last_name', '-created_date', 'email asc'), role_id, status. */
export const userListQuery = z.object({
  search: z.string().trim().max(200, { error: "Search must be at most 200 characters" }).optional().transform((v) => v ?? ""),
  sort: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const m = /^(-)?([a-z_]+)(?:[ ,:](asc|desc))?$/i.exec((v || "created_date desc").trim());
      const field = m?.[2]?.toLowerCase();
      if (!m || !USER_SORTS.includes(field as UserSortField)) {
        ctx.addIssue({ code: "custom", message: `Sort must be one of ${USER_SORTS.join(", ")}, optionally with asc or desc` });
        return z.NEVER;
      }
      return { field: field as UserSortField, desc: m[1] === "-" || m[3]?.toLowerCase() === "desc" };
    }),
  page: pageNumber("Page", 0, 100000),
  size: pageNumber("Size", 10, 1000),
  role_id: z.string().trim().max(100, { error: "User group must be at most 100 characters" }).optional(),
  status: z.enum(USER_STATUSES, { error: "Status must be Active, Inactive or Alumni" }).optional(),
});
export type UserListQuery = z.output<typeof userListQuery>;
