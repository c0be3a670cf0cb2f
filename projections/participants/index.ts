export { participantsProjection, PARTICIPANT_LIVE_TOPIC, PARTICIPANT_LIVE_EVENT } from "./projection";
export * from "./queries";
export type { ParticipantTables, PickupContactRow } from "./tables";
export * as participantsMigration from "./migration";
