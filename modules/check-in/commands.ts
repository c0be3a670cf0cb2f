import { z } from "zod";
import { MAX_DAY_HOURS, MAX_DAY_MS, OVERRIDE_REASON_MAX } from "./client";


/** The check-in calls' inputs (zod): the /api rows validate bodies and queries with them before a handler runs. */

const iso = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${label} must be a date and time`);
const optionalText = z.string().trim().max(200, "Pick-up details must be at most 200 characters").optional();
/** An authorised pick-up person's id, as GET /api/participant/{id} lists them in `pick_up_people`. */
const personId = z.string({ error: "Pick Up Person must be an id" }).trim().max(200, "Pick Up Person must be an id").optional();
/** A staff override's reason (docs/decisions/026): required with a typed person, trimmed, bounded. */
const overrideReason = z
  .string({ error: "Override Reason must be text" })
  .trim()
  .max(OVERRIDE_REASON_MAX, `Override Reason must be at most ${OVERRIDE_REASON_MAX} characters`)
  .optional();

/** The code an adult types at the kiosk from their claim tag (docs/decisions/036); compared after normalizing. */
const claimCode = z.string({ error: "Claim Code must be text" }).trim().max(20, "Claim Code must be at most 20 characters").optional();

const dayBounds = z
  .object({ start: iso("Start"), end: iso("End") })
  .refine((d) => Date.parse(d.end) > Date.parse(d.start), { message: "End must be after Start" })
  .refine((d) => Date.parse(d.end) - Date.parse(d.start) <= MAX_DAY_MS, { message: `A day spans at most ${MAX_DAY_HOURS} hours` });

/** Who collects the child at a check-out (docs/decisions/026, 036), in a single check-in or out and a check-out. */
const pickUpFields = {
  pick_up_name: optionalText,
  pick_up_contact_number: optionalText,
  pick_up_relationship: optionalText,
  pick_up_person_id: personId,
  override_reason: overrideReason,
  claim_code: claimCode,
};

export const checkInBody = z
  .object({
    memberId: z.string({ error: "Member ID is required" }).trim().min(1, "Member ID is required"),
    type: z.enum(["in", "out"], { error: "Type must be in or out" }),
    time: iso("Time").optional(),
    start: iso("Start"),
    end: iso("End"),
    ...pickUpFields,
    command_id: z.string().trim().min(8).max(100).optional(),
  })
  .and(dayBounds);

export const bulkCheckInBody = z.object({
  type: z.enum(["in", "out"], { error: "Type must be in or out" }),
  data: z
    .array(
      z.object({ participant_id: z.string().uuid("Participant ID must be an id"), check_in_time: iso("Check In Time").optional(), start: iso("Start"), end: iso("End") }).and(dayBounds),
      { error: "Data is required" },
    )
    .min(1, "Data is required")
    .max(200, "At most 200 members at once"),
  command_id: z.string().trim().min(8).max(100).optional(),
});

export const checkOutBody = z.object({
  check_out_time: iso("Check Out Time").optional(),
  ...pickUpFields,
  start: iso("Start").optional(),
  end: iso("End").optional(),
  command_id: z.string().trim().min(8).max(100).optional(),
});

/** POST /api/check-in/participant: may this member be checked in (or out) now? */
export const eligibilityBody = z
  .object({
    memberId: z.string({ error: "Member ID is required" }).trim().min(1, "Member ID is required"),
    type: z.enum(["in", "out"], { error: "Type must be in or out" }),
    start: z.string({ error: "Start is required" }).refine((v) => !Number.isNaN(Date.parse(v)), "Start must be a date and time"),
    end: z.string({ error: "End is required" }).refine((v) => !Number.isNaN(Date.parse(v)), "End must be a date and time"),
    claim_code: claimCode,
  })
  .refine((d) => Date.parse(d.end) > Date.parse(d.start), { message: "End must be after Start" });

/** GET /api/check-in: the day's board, or the paged JSON export. */
export const boardQuery = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("notYetCheckout"),
      start: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "Start must be a date and time"),
      end: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "End must be a date and time"),
      search: z.string().max(100, "Search must be at most 100 characters").optional(),
      statuses: z.string().optional(),
      all: z.enum(["true", "false"]).optional(),
    }),
    z.object({
      type: z.literal("export"),
      page: z.coerce.number({ error: "Page must be a number" }).int().min(0, "Page must be 0 or more").default(0),
      size: z.coerce.number({ error: "Size must be a number" }).int().min(1, "Size must be at least 1").max(1000, "Size must be at most 1000").default(1000),
    }),
  ],
  { error: "Type must be notYetCheckout or export" },
);

export type CheckInBody = z.infer<typeof checkInBody>;
export type CheckOutBody = z.infer<typeof checkOutBody>;
export type BulkCheckInBody = z.infer<typeof bulkCheckInBody>;
export type EligibilityBody = z.infer<typeof eligibilityBody>;
export type BoardQuery = z.infer<typeof boardQuery>;
