import { z } from "zod";
import { GENDER_OPTIONS } from "../participants/client";

/** Browser-safe: the public forms' schemas (decision 066), one for the browser and the server. */

export const MESSAGE_MAX = 1000;
export const REASON_MAX = 500;
/** The honeypot's field name: hidden from people and assistive technology; a filled one is accepted and dropped. */
export const HONEYPOT_FIELD = "website";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

const optionalText = (label: string, max: number) => z.string().trim().max(max, { error: `${label} must be at most ${max} characters` }).optional();

const email = required("E-mail", 254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: "E-mail must be an e-mail address, like name@example.org" });
const phone = z
  .string()
  .trim()
  .max(30, { error: "Phone number must be at most 30 characters" })
  .regex(/^[+]?[0-9 ().-]*$/, { error: "Phone number may hold digits, spaces, +, -, ( and ) only" })
  .optional();
const gender = z.enum(GENDER_OPTIONS, { error: "Gender is required" });

const isCalendarDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** Who it is for: the member themself, or a parent or guardian registering a child. */
export const MEMBER_REQUEST_FOR = [
  { value: "member", label: "Myself (I want to join)" },
  { value: "parent", label: "My child (I am their parent or guardian)" },
] as const;

/**
 * The membership request (`/invitation/request`). `today` is the organization's date (YYYY-MM-DD): a birth
 * date after it is refused. A member gives their own birth date and gender; a parent the child's names,
 * birth date and gender.
 */
export function memberRequestSchema(today: string) {
  const birthDate = (label: string) =>
    z
      .string({ error: `${label} is required` })
      .trim()
      .optional();
  return z
    .object({
      kind: z.enum(["member", "parent"], { error: "Choose who the request is for" }),
      first_name: required("First name", 100),
      last_name: required("Last name", 100),
      email,
      phone_number: phone,
      birth_date: birthDate("Date of birth"),
      gender: gender.optional(),
      child_first_name: optionalText("Child's first name", 100),
      child_last_name: optionalText("Child's last name", 100),
      child_birth_date: birthDate("Child's date of birth"),
      child_gender: gender.optional(),
      message: optionalText("Message", MESSAGE_MAX),
      [HONEYPOT_FIELD]: z.string().optional(),
    })
    .superRefine((v, ctx) => {
      const date = (value: string | undefined, path: string, label: string) => {
        if (!value) ctx.addIssue({ code: "custom", path: [path], message: `${label} is required` });
        else if (!isCalendarDate(value)) ctx.addIssue({ code: "custom", path: [path], message: `${label} must be a date like 2014-05-30` });
        else if (value > today) ctx.addIssue({ code: "custom", path: [path], message: `${label} cannot be in the future` });
      };
      if (v.kind === "member") {
        date(v.birth_date, "birth_date", "Date of birth");
        if (!v.gender) ctx.addIssue({ code: "custom", path: ["gender"], message: "Gender is required" });
      } else {
        if (!v.child_first_name) ctx.addIssue({ code: "custom", path: ["child_first_name"], message: "Child's first name is required" });
        if (!v.child_last_name) ctx.addIssue({ code: "custom", path: ["child_last_name"], message: "Child's last name is required" });
        date(v.child_birth_date, "child_birth_date", "Child's date of birth");
        if (!v.child_gender) ctx.addIssue({ code: "custom", path: ["child_gender"], message: "Child's gender is required" });
      }
    });
}
export type MemberRequestInput = z.output<ReturnType<typeof memberRequestSchema>>;

/** The teacher membership request (`/invitation/teacher/request`, school organizations only): a coach-level account. */
export const teacherRequestSchema = z.object({
  first_name: required("First name", 100),
  last_name: required("Last name", 100),
  email,
  phone_number: phone,
  school_role: required("School role or subject", 100),
  message: optionalText("Message", MESSAGE_MAX),
  [HONEYPOT_FIELD]: z.string().optional(),
});
export type TeacherRequestInput = z.output<typeof teacherRequestSchema>;

/** Decline: the reason the requester is told. */
export const declineRequestSchema = z.object({
  reason: required("Reason", REASON_MAX),
});

export const requestListQuery = z.object({
  status: z.enum(["Pending", "Approved", "Declined"], { error: "Status must be Pending, Approved or Declined" }).optional(),
  search: z.string().trim().max(200, { error: "Search must be at most 200 characters" }).optional(),
  page: z.coerce.number({ error: "Page must be a number" }).int({ error: "Page must be a whole number" }).min(0, { error: "Page must be 0 or more" }).max(100_000, { error: "Page is too large" }).default(0),
  size: z.coerce.number({ error: "Size must be a number" }).int({ error: "Size must be a whole number" }).min(1, { error: "Size must be at least 1" }).max(100, { error: "Size must be at most 100" }).default(10),
});
export type RequestListQuery = z.output<typeof requestListQuery>;

export const REQUEST_TOASTS = {
  submitted: "Thank you. Your request has been sent; you will hear from the organization by e-mail.",
  approved: "Request successfully approved",
  declined: "Request successfully declined",
  tooMany: "Too many requests from this address. Please wait a few minutes and try again.",
} as const;
