import type { SubmissionResult } from "@conform-to/react";
import type { ProgramRow, ProgramSessionRow } from "#projections/programs";

/** A program as the builder edits it: the read model's row with its current weekly sessions. */
export type EditedProgram = ProgramRow & { sessions: ProgramSessionRow[] };

export type StaffOption = { id: string; name: string; role: string };

/** What the builder's action answers: a failed form (conform's reply, 400), or a refusal of a list action. */
export type BuilderActionData = { result: SubmissionResult<string[]> } | { error: string };
