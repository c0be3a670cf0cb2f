import type { SubmissionResult } from "@conform-to/react";
import type { EditedEvent } from "#modules/appointments";

/** An event as its form edits it (times as the organization's wall clock: decision 056). */
export type EventFormEvent = EditedEvent;
export type EventFormStaff = { id: string; name: string; role: string };

/** What the event form's action answers: a failed form (conform's reply), or a refusal of a list action. */
export type EventFormActionData = { result: SubmissionResult<string[]> } | { error: string };

/** The intent of the event list's own refusals (a delete), so /events shows them above the list. */
export const EVENT_LIST_INTENT = "delete-event";
