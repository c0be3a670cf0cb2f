import { z } from "zod";

/** Browser-safe (identity's client face): the invitation statuses and the forms' schemas (decision 063). */
export const INVITATION_LIST_STATUSES = ["Pending", "Invited", "Expired", "Accepted"] as const;

const uuid = (field: string) => z.string({ error: `${field} is required` }).trim().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `${field} must be a user id`);
const token = z.string({ error: "Token expired" }).trim().min(1, "Token expired").max(200, "Token expired");

/** POST /api/invitation: whom to invite (a user of the organization). */
export const sendInvitationBody = z.object({
  user_id: uuid("user_id"),
  command_id: z.string().max(100).optional(),
});

/** GET /api/invitation: paged, filtered by status. */
export const invitationListQuery = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(0, "page must be 0 or more").max(100_000, "page is too large").default(0),
  size: z.coerce.number({ error: "size must be a number" }).int("size must be a whole number").min(1, "size must be between 1 and 1000").max(1000, "size must be between 1 and 1000").default(10),
  status: z.enum(INVITATION_LIST_STATUSES, { error: `status must be one of ${INVITATION_LIST_STATUSES.join(", ")}` }).optional(),
});

/** The accept page's form and POST /api/invitation/accept: the link's token, a password, the profile. */
export const acceptInvitationSchema = (minLength: number) =>
  z
    .object({
      user_id: uuid("user_id"),
      token,
      first_name: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(100, "First name is too long"),
      last_name: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(100, "Last name is too long"),
      phone_number: z
        .string()
        .trim()
        .max(30, "Phone number is too long")
        .regex(/^[0-9+()\-.\s]*$/, "Phone number may hold only digits, spaces and + ( ) - .")
        .optional(),
      password: z
        .string({ error: "Enter a password" })
        .min(minLength, `The password must have at least ${minLength} characters`)
        .max(1024, "The password is too long"),
      confirmPassword: z.string({ error: "Enter the password again" }),
    })
    .refine((value) => value.password === value.confirmPassword, { message: "The passwords do not match", path: ["confirmPassword"] });

/** A dead link's "ask for a new invitation": the link's token proves it was sent to this person. */
export const requestNewInvitationSchema = z.object({ user_id: uuid("user_id"), token });

export type AcceptInvitationInput = z.infer<ReturnType<typeof acceptInvitationSchema>>;
export type InvitationListQuery = z.infer<typeof invitationListQuery>;
