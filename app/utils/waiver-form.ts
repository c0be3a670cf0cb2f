import { z } from "zod";

/**
 * The waiver page's form and texts: plain zod, so the same schema checks the form in the browser
 * (conform) and the submission on the server (`parseWithZod`). The messages are the participants
 * module's ('{Label} is required', spec-1 section 5).
 */
export const signWaiverFormSchema = z.object({
  token: z.string({ error: "Token expired" }).trim().min(1, "Token expired").max(200, "Token expired"),
  fullName: z.string({ error: "Full Name is required" }).trim().min(1, "Full Name is required").max(120, "Full Name must be at most 120 characters"),
  consent: z.boolean({ error: "Consent is required" }).refine((v) => v, "Consent is required"),
});

export type SignWaiverForm = z.input<typeof signWaiverFormSchema>;

/** spec-1 section 8: the server's 400 message, and the sub-text shown under it. */
export const TOKEN_EXPIRED = "Token expired";
export const TOKEN_EXPIRED_HINT = "This waiver link has expired. Please contact support to have it resent.";
export const WAIVER_SIGNED_THANKS = "Thank you: the waiver is signed.";
export const WAIVER_NOT_SIGNED = "The waiver is not signed yet.";
export const CONSENT_LABEL = "I have read this waiver and I agree to it on behalf of the participant.";
