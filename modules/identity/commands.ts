import { z } from "zod";

/**
 * The identity calls' and forms' inputs (zod). The sign-in and recovery forms' schemas are plain zod, so
 * the same schema checks the form in the browser (conform, through ./client) and the submission on the
 * server (`parseWithZod`, and the body of POST /api/auth/login).
 */
export const loginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required").max(254, "Username is too long"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024, "Password is too long"),
});

export const forgotPasswordSchema = z.object({
  login: z
    .string({ error: "Enter your e-mail or username" })
    .trim()
    .min(1, "Enter your e-mail or username")
    .max(254, "That is too long for an e-mail or username"),
});

/** The new-password form; the minimum length comes from the identity module through the loader. */
export const resetPasswordSchema = (minLength: number) =>
  z
    .object({
      token: z.string({ error: "The reset link is incomplete" }).min(1).max(200),
      user: z.string({ error: "The reset link is incomplete" }).regex(/^[0-9a-f-]{36}$/i, "The reset link is incomplete"),
      password: z
        .string({ error: "Enter a new password" })
        .min(minLength, `The password must have at least ${minLength} characters`)
        .max(1024, "The password is too long"),
      confirmPassword: z.string({ error: "Enter the new password again" }),
    })
    .refine((value) => value.password === value.confirmPassword, { message: "The passwords do not match", path: ["confirmPassword"] });

const boolParam = z.enum(["true", "false"], { error: "must be true or false" }).optional();

/** GET /api/user/role: the user groups for pickers and the sidebar. */
export const userRolesQuery = z.object({
  status: z.enum(["Active"], { error: "Status must be Active" }).optional(),
  level: z.string().regex(/^[1-7](,[1-7])*$/, "Level must be a list of levels from 1 to 7").optional(),
  fields: z.string().optional(),
  sort: z.string().optional(),
  sidebar: boolParam,
  kiosk: boolParam,
  communication: boolParam,
  search: z.string().max(100).optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type UserRolesQuery = z.infer<typeof userRolesQuery>;
