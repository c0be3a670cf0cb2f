import { z } from "zod";

/** Limits of a waiver text (decision 100). */
export const WAIVER_TITLE_MAX = 200;
export const WAIVER_BODY_MAX = 20_000;

/** The text of a new version: title and body (paragraphs split by blank lines); effective from now. */
export const waiverVersionInputSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, { error: "Title is required" })
    .max(WAIVER_TITLE_MAX, { error: `Title must be at most ${WAIVER_TITLE_MAX} characters` }),
  body: z
    .string({ error: "Waiver text is required" })
    .trim()
    .min(20, { error: "Waiver text must be at least 20 characters" })
    .max(WAIVER_BODY_MAX, { error: `Waiver text must be at most ${WAIVER_BODY_MAX.toLocaleString("en-US")} characters` }),
});
export type WaiverVersionInput = z.output<typeof waiverVersionInputSchema>;

