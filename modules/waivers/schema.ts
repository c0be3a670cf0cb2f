import { z } from "zod";

export { waiverVersionInputSchema, WAIVER_TITLE_MAX, WAIVER_BODY_MAX, type WaiverVersionInput } from "../participants/client";

/** Where a member stands with the organization's current waiver text (decision 100). */
export const WAIVER_STATUSES = ["signed", "unsigned", "resign"] as const;
export type WaiverStatus = (typeof WAIVER_STATUSES)[number];
export const WAIVER_STATUS_LABELS: Record<WaiverStatus, string> = { signed: "Signed", unsigned: "Not signed", resign: "Needs new signature" };

const intIn = (name: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === "" ? fallback : Number(v)),
    z.number({ error: `${name} must be a number` }).int({ error: `${name} must be a whole number` }).min(min, { error: `${name} must be at least ${min}` }).max(max, { error: `${name} must be at most ${max}` }),
  );

/** GET /api/waiver: status (all, signed, unsigned, resign), search (name or Member ID), page, size; member status Active by default. */
export const waiverListQuery = z.object({
  status: z.preprocess((v) => (v === undefined || v === "" ? "all" : v), z.enum(["all", ...WAIVER_STATUSES], { error: "Status must be one of all, signed, unsigned, resign" })),
  search: z.preprocess((v) => (typeof v === "string" ? v : ""), z.string().trim().max(100, { error: "Search must be at most 100 characters" })),
  page: intIn("Page", 1, 100_000, 1),
  size: intIn("Size", 1, 100, 20),
});
export type WaiverListQuery = z.output<typeof waiverListQuery>;

/** The body of a send: an optional command id (a double click sends once). */
export const sendWaiverLinkSchema = z.object({ command_id: z.string().trim().min(1).max(128).optional() });

/** The page's toasts and messages. */
export const WAIVER_TEXTS_UI = {
  linkSent: (to: string) => `Waiver link sent to ${to}`,
  versionPublished: "Waiver version successfully created",
  noEmail: "No e-mail address is known for this member or their parent or guardian: add one to the profile first.",
  signedAlready: "This member has signed the current waiver already.",
} as const;
