export { assetsProjection } from "./projection";
export * from "./queries";
export { PHOTO_ENTITY, PHOTO_PROPERTY, participantPhotoUrl, photoRowOf, photoRegisteredAt, participantPhotoOf } from "./photo";
export type { AssetTables } from "./tables";
export * as assetsMigration from "./migration";
