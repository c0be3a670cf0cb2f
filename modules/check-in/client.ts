import { KIOSK_WARN_TITLE } from "../flags/client";
import { ADULT_PICK_UP, INDEPENDENT_TRAVEL, MEMBER_ID_LENGTH, MEMBER_ID_MIN_LENGTH } from "../participants/client";

/**
 * The check-in context's browser-safe face (docs/decisions/031): the rules and texts the browser shows
 * and the server decides by, in one place. Pure: no node, database or kernel imports; the decider
 * (decide.ts, pick-up-rule.ts), the /api handlers and app/components all import these.
 */

export { ADULT_PICK_UP, INDEPENDENT_TRAVEL, MEMBER_ID_LENGTH, MEMBER_ID_MIN_LENGTH };

/** The longest a check-in's day (its start and end bounds) may span: a local day is 23-25 hours. */
export const MAX_DAY_HOURS = 48;
export const MAX_DAY_MS = MAX_DAY_HOURS * 3600 * 1000;

/** A staff override's reason is at most this long (docs/decisions/026). */
export const OVERRIDE_REASON_MAX = 500;

/** The codes of the check-in refusals: the browser matches these, never the message text. */
export const CHECK_IN_CODES = {
  memberNotFound: "MEMBER_NOT_FOUND",
  memberNotActive: "MEMBER_NOT_ACTIVE",
  flagged: "MEMBER_FLAGGED",
  screening: "SCREENING_NOT_FILLED",
  waiver: "WAIVER_NOT_SIGNED",
  alreadyIn: "ALREADY_CHECKED_IN",
  notIn: "NOT_CHECKED_IN",
  seeStaff: "SEE_STAFF",
  pickUpRequired: "PICK_UP_REQUIRED",
  pickUpNotAuthorised: "PICK_UP_NOT_AUTHORISED",
  checkOutBeforeCheckIn: "CHECK_OUT_BEFORE_CHECK_IN",
  /** the organization's is_member_check_in_or_out is off (docs/decisions/031) */
  memberCheckInOff: "MEMBER_CHECK_IN_OFF",
  /** a claim code typed at the kiosk that is not the visit's security code (docs/decisions/036) */
  claimCodeMismatch: "CLAIM_CODE_MISMATCH",
  /** too many wrong claim codes for a child today: the kiosk refers the adult to staff (docs/decisions/036) */
  claimCodeLocked: "CLAIM_CODE_LOCKED",
  /** no free security code was found for the day after every attempt (the store is full or failing) */
  securityCodeUnavailable: "SECURITY_CODE_UNAVAILABLE",
} as const;
export type CheckInCode = (typeof CHECK_IN_CODES)[keyof typeof CHECK_IN_CODES];

/** The texts both sides show (spec-1 sections 4, 6 and 8; docs/decisions/026 and 031). */
export const CHECK_IN_TEXT = {
  /** the kiosk's answer for a child an adult picks up, and the server's refusal message */
  seeStaff: "Please see a staff member to check out",
  /** the kiosk's stop text (also for an unsigned waiver) */
  kioskStop: "Unable to Check In. Please speak with a staff member.",
  kioskWarningTitle: KIOSK_WARN_TITLE,
  /** the kiosk page, and the /api refusal, when the organization turned member check-in off */
  memberCheckInOff: "Checking members in and out is turned off for this organization.",
  /** appended to a refusal on the barcode screen (spec-1 section 8) */
  rescan: "Please try to rescan the barcode",
  /** the claim-code dialog of the kiosk (docs/decisions/036) */
  claimCodeTitle: "Claim Code",
  claimCodeHint: "Enter the 4-character code on the adult's claim tag, then choose who is picking up.",
  /** the button under 'see staff' at the kiosk when the organization gives codes */
  enterClaimCode: "Enter Claim Code",
  /** the answer to a check-in or check-out, by first name (or full name on the board's toast) */
  done: (name: string, type: "in" | "out") => `${name} successfully checked ${type}`,
} as const;

/** The refusal messages, worded for the barcode screen's families ('did not pass', 'has not completed', 'has not verified'). */
export const REFUSAL_TEXT = {
  notFound: () => "Member not found",
  inactive: (n: string, status: string) => `${n} is ${status.toLowerCase()} and cannot be checked in`,
  flagged: (n: string, verb: "in" | "out") => `${n} did not pass the check-${verb} requirements: a staff member must follow up first`,
  screening: (n: string) => `${n} has not completed today's health screening`,
  waiver: (n: string) => `${n} has not verified the waiver: it must be signed before checking in`,
  alreadyIn: (n: string) => `${n} is already checked in`,
  notIn: (n: string) => `${n} is not checked in`,
  required: (label: string) => `${label} is required`,
  checkOutBeforeCheckIn: (n: string) => `${n} cannot be checked out before the check-in time`,
  claimCodeMismatch: (n: string) => `That claim code does not match ${n}'s tag. Check the claim tag, or see a staff member`,
  claimCodeLocked: "Too many wrong claim codes. Please see a staff member to check out",
  securityCodeUnavailable: () => "No security code could be given: please try again",
} as const;

/**
 * Security codes (docs/decisions/036): 4 characters from an alphabet without look-alikes (no 0/O, 1/I/L,
 * 5/S, 2/Z, 8/B), so a code read off a tag by a tired adult is typed right: 25 characters, 390,625 codes
 * per organization per day.
 */
export const SECURITY_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const SECURITY_CODE_LENGTH = 4;
const CODE_PATTERN = new RegExp(`^[${SECURITY_CODE_ALPHABET}]{${SECURITY_CODE_LENGTH}}$`);

/** A code as typed: upper-cased, without spaces or dashes (a tag prints it as one word). */
export const normalizeClaimCode = (typed: string | null | undefined) => (typed ?? "").toUpperCase().replace(/[\s-]+/g, "");
export const isSecurityCode = (code: string | null | undefined): code is string => typeof code === "string" && CODE_PATTERN.test(code);

/** The organization gives security codes and tags (is_security_codes, on unless set false). */
export const securityCodesOn = (settings: { is_security_codes?: boolean | null }) => settings.is_security_codes !== false;

/** The label stock a tag page is printed on (?stock=...): 2.25in x 1.25in is the default. */
export const TAG_STOCKS = {
  small: { label: "2.25 × 1.25 in", width: "2.25in", height: "1.25in" },
  large: { label: "4 × 2 in", width: "4in", height: "2in" },
} as const;
export type TagStock = keyof typeof TAG_STOCKS;
export const tagStockOf = (value: string | null | undefined): TagStock => (value === "large" ? "large" : "small");

/**
 * The kiosk's messages (issue 15, docs/decisions/037): each says what to do next and is safe to show in
 * public (no reason, no surname, no note); a success names the first name only.
 */
export const KIOSK_TEXT = {
  alreadyIn: "You are already checked in. Have a great day!",
  waiver: "Please see a staff member to finish your sign-up.",
  /** the spec's stop text (spec-1 section 6), for a stop flag and for today's screening not filled */
  stop: CHECK_IN_TEXT.kioskStop,
  stopOut: "Unable to Check Out. Please speak with a staff member.",
  notFound: "We could not find that Member ID. Please check it and try again, or see a staff member.",
  tooShort: (min: number) => `A Member ID has ${MEMBER_ID_LENGTH} characters. Please enter at least ${min}.`,
  notIn: "You are not checked in today. Please see a staff member.",
  seeStaff: CHECK_IN_TEXT.seeStaff,
  seeStaffGeneral: "Please see a staff member.",
  memberCheckInOff: CHECK_IN_TEXT.memberCheckInOff,
  tryAgain: "Something went wrong. Please try again, or see a staff member.",
  /** a character a Member ID never has: shown, never dropped silently */
  invalid: (chars: readonly string[]) =>
    `A Member ID has only letters and numbers. ${chars.map((c) => (c === " " ? "A space" : `'${c}'`)).join(", ")} ${chars.length === 1 ? "is" : "are"} not part of it.`,
} as const;

/** How long the kiosk shows a success (spec-1 section 4: 4 seconds) and any other message (decision 037). */
export const KIOSK_SUCCESS_MS = 4000;
export const KIOSK_MESSAGE_MS = 10000;

export type KioskTone = "success" | "stop" | "info" | "error";
export type KioskMessage = { tone: KioskTone; text: string };

/** The kiosk's message for a refusal, by its code (never its text); a code it does not know gets 'try again'. */
export function kioskMessage(code: string, type: "in" | "out"): KioskMessage {
  switch (code) {
    case CHECK_IN_CODES.alreadyIn:
      return { tone: "info", text: KIOSK_TEXT.alreadyIn };
    case CHECK_IN_CODES.waiver:
      return { tone: "stop", text: KIOSK_TEXT.waiver };
    case CHECK_IN_CODES.flagged:
    case CHECK_IN_CODES.screening:
      return { tone: "stop", text: type === "in" ? KIOSK_TEXT.stop : KIOSK_TEXT.stopOut };
    case CHECK_IN_CODES.memberNotFound:
      return { tone: "error", text: KIOSK_TEXT.notFound };
    case CHECK_IN_CODES.notIn:
      return { tone: "info", text: KIOSK_TEXT.notIn };
    case CHECK_IN_CODES.seeStaff:
    case CHECK_IN_CODES.claimCodeLocked:
    case CHECK_IN_CODES.pickUpRequired:
    case CHECK_IN_CODES.pickUpNotAuthorised:
      return { tone: "info", text: KIOSK_TEXT.seeStaff };
    case CHECK_IN_CODES.memberNotActive:
    case CHECK_IN_CODES.checkOutBeforeCheckIn:
      return { tone: "stop", text: KIOSK_TEXT.seeStaffGeneral };
    case CHECK_IN_CODES.memberCheckInOff:
      return { tone: "error", text: KIOSK_TEXT.memberCheckInOff };
    default:
      return { tone: "error", text: KIOSK_TEXT.tryAgain };
  }
}

/**
 * What was typed or scanned into the Member ID: its letters and digits in upper case, cut to 8
 * (spec-1 section 5), and the characters that cannot be part of it, each once, for the message.
 */
export function memberIdInput(raw: string): { value: string; invalid: string[] } {
  const invalid = [...new Set([...raw].filter((c) => !/^[a-z0-9]$/i.test(c)))];
  return { value: raw.replace(/[^a-z0-9]/gi, "").toUpperCase().slice(0, MEMBER_ID_LENGTH), invalid };
}

/** What a check-in and a check-out must pass first: no active stop flag, and today's screening when required. */
export type CheckInGate = { stopFlag: boolean; screeningRequired: boolean; screeningFilled: boolean };

/** The first gate a member fails, by code, or null (the server refuses with it; the browser shows the blockers). */
export function gateRefusal(gate: CheckInGate): typeof CHECK_IN_CODES.flagged | typeof CHECK_IN_CODES.screening | null {
  if (gate.stopFlag) return CHECK_IN_CODES.flagged;
  if (gate.screeningRequired && !gate.screeningFilled) return CHECK_IN_CODES.screening;
  return null;
}

/** spec-1 section 4, isAllowed: the gate passed and the waiver signed (the server also wants the member active and not in yet). */
export const mayCheckIn = (member: CheckInGate & { waiverSigned: boolean }) => gateRefusal(member) === null && member.waiverSigned;

/** spec-1 section 4, check-out eligibility: the gate passed and checked in; the waiver does not matter. */
export const mayCheckOut = (member: CheckInGate & { checkedIn: boolean }) => gateRefusal(member) === null && member.checkedIn;

/** A child who may leave alone: the check-out needs no pick-up person (spec-1 section 3). */
export const travelsIndependently = (pickUpPermission: string | null | undefined) => pickUpPermission === INDEPENDENT_TRAVEL;

/**
 * Member check-in and check-out are on for the organization (the is_member_check_in_or_out switch, on
 * unless set false; docs/decisions/031). It governs every way in and out: the board, the sidebar's
 * button, the kiosk, bulk and the /api calls.
 */
export const memberCheckInOn = (settings: { is_member_check_in_or_out?: boolean | null }) => settings.is_member_check_in_or_out !== false;

/** The viewer may check members in and out: the permission (CAN_CHECK_IN_OUT_MEMBERS) and the switch on. */
export const mayCheckMembersInOut = (input: { hasPermission: boolean; settings: { is_member_check_in_or_out?: boolean | null } }) =>
  input.hasPermission && memberCheckInOn(input.settings);

/**
 * What the barcode screen shows for a refusal (spec-1 section 8), by the answer's code: the server
 * message followed by '. Please try to rescan the barcode'; null for a member who did not pass the
 * requirements (MEMBER_FLAGGED: the participant dialog shows the blockers).
 */
export function barcodeErrorText(error: { code: string; message: string }): string | null {
  if (error.code === CHECK_IN_CODES.flagged) return null;
  return `${error.message.replace(/\.+$/, "")}. ${CHECK_IN_TEXT.rescan}`;
}

/** What /check-in knows about the organization and the viewer (modules/check-in/service.ts, checkInViewerOf). */
export type CheckInViewer = {
  organizationId: string;
  organizationName: string;
  isKiosk: boolean;
  screeningRequired: boolean;
  canCheckInOut: boolean;
  canSignWaiver: boolean;
  canFillScreening: boolean;
  /** the organization gives security codes (docs/decisions/036): the kiosk offers the claim-code check-out; absent reads as off */
  securityCodes?: boolean;
};

export { pickedUpByText } from "./picked-up-by";
