import { z } from "zod";
import { instantOfWallTime, labelOf, requiredMessage } from "../organizations/client";
import { EVENT_LIMITS, eventIssues, type EventRules } from "./commands";

/**
 * The event form (decision 056): the same fields and checks as the /api body (`eventBodySchema`), with the
 * start and end as the organization's wall-clock times ('YYYY-MM-DDTHH:mm', a datetime-local input) that
 * become instants in its time zone. One schema in the browser and on the server.
 */
const wall = (field: "start" | "end", timeZone: string) =>
  z
    .string({ error: requiredMessage(field, `${labelOf(field)} Date`) })
    .trim()
    .min(1, { error: requiredMessage(field, `${labelOf(field)} Date`) })
    .refine((v) => instantOfWallTime(timeZone, v) !== null, { error: `${labelOf(field)} Date must be a date and time` })
    .transform((v) => instantOfWallTime(timeZone, v)!.toISOString());

const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${labelOf(field)} must be at most ${max} characters` })
    .optional()
    .transform((v) => v ?? "");

const CAPACITY = "Capacity must be a whole number of at least 1, or empty for no limit";
const POINTS = `Points must be a whole number from 0 to ${EVENT_LIMITS.points}`;

export const eventFormSchema = (timeZone: string, rules: EventRules = {}) =>
  z
    .object({
      name: z
        .string({ error: requiredMessage("name") })
        .trim()
        .min(1, { error: requiredMessage("name") })
        .max(EVENT_LIMITS.name, { error: `Name must be at most ${EVENT_LIMITS.name} characters` }),
      description: text("description", EVENT_LIMITS.description),
      start: wall("start", timeZone),
      end: wall("end", timeZone),
      capacity: z
        .number({ error: CAPACITY })
        .int({ error: CAPACITY })
        .min(1, { error: CAPACITY })
        .max(EVENT_LIMITS.capacity, { error: `Capacity must be at most ${EVENT_LIMITS.capacity}` })
        .optional()
        .transform((v) => v ?? null),
      location: text("location", EVENT_LIMITS.location),
      coach_ids: z
        .array(z.string().trim().min(1))
        .max(EVENT_LIMITS.coaches, { error: `An event has at most ${EVENT_LIMITS.coaches} coaches` })
        .optional()
        .transform((ids) => [...new Set(ids ?? [])]),
      points: z.number({ error: POINTS }).int({ error: POINTS }).min(0, { error: POINTS }).max(EVENT_LIMITS.points, { error: POINTS }).optional().transform((v) => v ?? 0),
    })
    // no transform of the whole object: conform reads the form's constraints from the object itself
    .superRefine(({ start, end, ...rest }, ctx) => {
      for (const issue of eventIssues({ ...rest, start_date: start, end_date: end }, rules)) {
        const field = issue.path[0] === "start_date" ? "start" : issue.path[0] === "end_date" ? "end" : issue.path[0];
        ctx.addIssue({ code: "custom", message: issue.message, path: [field ?? ""] });
      }
    });

/** The form's value as the /api body of an event (start and end are instants already). */
export const eventBodyOfForm = ({ start, end, ...rest }: EventFormValue) => ({ ...rest, start_date: start, end_date: end });

export type EventFormValue = z.output<ReturnType<typeof eventFormSchema>>;
