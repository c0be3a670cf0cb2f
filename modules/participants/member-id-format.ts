/** A Member ID is exactly 8 characters (spec-1 sections 5 and 9). */
export const MEMBER_ID_LENGTH = 8;
/** The barcode scanner ignores input shorter than this, and the server refuses it (spec-1 section 5). */
export const MEMBER_ID_MIN_LENGTH = 5;
