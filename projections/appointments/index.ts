export { appointmentsProjection } from "./projection";
export * from "./queries";
export type { AppointmentTables } from "./tables";
export * as appointmentsMigration from "./migration";
export { eventOptions, eventPlacesOfParticipant, type EventOption, type EventPlace } from "./registration-options";
