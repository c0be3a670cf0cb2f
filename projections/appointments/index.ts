export { appointmentsProjection } from "./projection";
export * from "./queries";
export type { AppointmentTables } from "./tables";
export * as appointmentsMigration from "./migration";
