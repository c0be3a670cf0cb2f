/**
 * The participants module's browser-safe face: the option lists and the Member ID's format. Pure: no
 * node, database or kernel-db imports, so app/components may import it.
 */
export * from "./options";
export { MEMBER_ID_LENGTH, MEMBER_ID_MIN_LENGTH } from "./member-id-format";
export * from "./list-options";
export * from "./profile-tabs";
export * from "./profile-options";
export * from "./participant-form";
export * from "./waiver-version-schema";
