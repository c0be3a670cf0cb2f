/** The appointments module's browser-safe face: the event form's schema and limits. Pure: no node or database imports. */
export { EVENT_LIMITS, type EventRules } from "./commands";
export { eventBodyOfForm, eventFormSchema, type EventFormValue } from "./form";
