export { participantsProjection, PARTICIPANT_LIVE_TOPIC, PARTICIPANT_LIVE_EVENT } from "./projection";
export * from "./queries";
export { participantContactLookup, participantExportRows } from "./export-rows";
export type { ParticipantTables, PickupContactRow } from "./tables";
export * as participantsMigration from "./migration";
export * as participantsProfileMigration from "./migration-profile";
export { namedPeopleByIds, type NamedPerson } from "./people-by-ids";
export { addWaiverVersionColumn, dropWaiverVersionColumn } from "./waiver-version-column";
