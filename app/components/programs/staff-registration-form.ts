import { z } from "zod";

/**
 * The register and remove forms of /programs and /events (decision 053), one schema for the browser (before
 * posting) and the page's action: what to do, to which program or event, for which participant.
 */
export const staffRegistrationForm = z.object({
  intent: z.enum(["register", "remove"], { error: "Choose Register or Remove" }),
  target: z.string({ error: "Program or event is required" }).trim().min(1, { error: "Program or event is required" }),
  participant_id: z.string({ error: "Participant: choose a member from the search first" }).trim().min(1, { error: "Participant: choose a member from the search first" }),
  command_id: z.string().trim().max(100).optional(),
});
export type StaffRegistrationForm = z.output<typeof staffRegistrationForm>;

/** What the page's action answers when it does not redirect: the refusal's message, for the panel's callout. */
export type StaffRegistrationRefusal = { error: string; intent: string; participant_id: string };
