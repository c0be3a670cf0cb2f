import { z } from "zod";
import { requiredMessage } from "../organizations/client";

/** The self-registration calls' bodies (decision 052); the pages' forms post the same fields. */
const requiredId = (field: string, label: string) => z.string({ error: requiredMessage(field, label) }).trim().min(1, { error: requiredMessage(field, label) });

export const selfProgramRegistrationBody = z.object({ command_id: z.unknown().optional(), program_id: requiredId("program_id", "Program") });
export const selfEventRegistrationBody = z.object({ command_id: z.unknown().optional(), event_id: requiredId("event_id", "Event") });

export type SelfProgramRegistrationBody = z.infer<typeof selfProgramRegistrationBody>;
export type SelfEventRegistrationBody = z.infer<typeof selfEventRegistrationBody>;
