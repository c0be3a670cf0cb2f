import { z } from "zod";

/**
 * Building blocks of the rows' answer schemas (decision 081). Answers are loose objects: a field added
 * later breaks no client, and a client reads only what it knows. What the caller's field policy may
 * hide is optional.
 */
export const isoTime = z.string().describe("ISO 8601 date and time");
export const day = z.string().describe("YYYY-MM-DD");
export const count = z.number().int().min(0);

/** `additional_info` of a paged list: its page (from 0), size and number of pages. */
export const pageInfo = z.looseObject({ page: count, size: count, total_pages: count });

/** The house's list answer: `{ data: [item], count, additional_info? }`. */
export const listAnswer = <T extends z.ZodType>(item: T, additionalInfo: z.ZodType = z.looseObject({})) =>
  z.looseObject({ data: z.array(item), count, additional_info: additionalInfo.optional() });

/** A person as a list shows them: an id and names; the rest as the caller's field policy allows. */
export const personNames = { id: z.string(), first_name: z.string(), last_name: z.string() };
