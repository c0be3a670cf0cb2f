import dayjs from "dayjs";
import {
  ADULT_PICK_UP,
  barcodeErrorText,
  CHECK_IN_CODES,
  CHECK_IN_TEXT,
  INDEPENDENT_TRAVEL,
  mayCheckIn,
  mayCheckOut as mayCheckOutRule,
  MEMBER_ID_LENGTH,
  MEMBER_ID_MIN_LENGTH,
  OVERRIDE_REASON_MAX,
  travelsIndependently,
} from "#modules/check-in/client";
import type { BoardRow, ParticipantDetail } from "./api";

/**
 * The check-in screens' helpers. The rules and texts the server also decides by come from
 * modules/check-in/client.ts (docs/decisions/031); this file adapts them to the /api's row shapes.
 */

/** spec-1 section 9: Member ID length, scanner minimum, the two timings, the search debounce. */
export { MEMBER_ID_LENGTH, barcodeErrorText, CHECK_IN_TEXT, OVERRIDE_REASON_MAX };
export const SCANNER_MIN_LENGTH = MEMBER_ID_MIN_LENGTH;
export const CHECK_IN_CONFIRMATION_MS = 4000;
export const CHECKED_OUT_TOAST_MS = 2000;
export const SEARCH_DEBOUNCE_MS = 1000;
export const USER_SEARCH_PAGE_SIZE = 10;

export const KIOSK_STOP_TEXT = CHECK_IN_TEXT.kioskStop;
export const KIOSK_WARNING_TITLE = CHECK_IN_TEXT.kioskWarningTitle;
export const MEMBER_CHECK_IN_OFF_TEXT = CHECK_IN_TEXT.memberCheckInOff;
export const WAITING_TEXT = "Waiting for the connection…";

export { INDEPENDENT_TRAVEL };
/** The pick-up section's line (spec-1 section 2): the adult pick-up permission text. */
export const ADULT_PICK_UP_TEXT = ADULT_PICK_UP;

export const isIndependent = (p: { pick_up_permission: string | null }) => travelsIndependently(p.pick_up_permission);

/** What the page knows about the organization and the viewer (from its loader). */
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

/** spec-1 section 4, isAllowed: waiver signed and not flagged (and today's screening filled when required). */
export function isAllowed(p: Pick<ParticipantDetail, "is_waiver_signed" | "is_flagged" | "hasfilled">, screeningRequired: boolean): boolean {
  return mayCheckIn({ stopFlag: p.is_flagged, screeningRequired, screeningFilled: p.hasfilled, waiverSigned: p.is_waiver_signed });
}

/** Checked in today and not yet out. */
export const isCheckedIn = (p: Pick<ParticipantDetail, "check_in_time" | "check_out_time">) => !!p.check_in_time && !p.check_out_time;

/** spec-1 section 4, check-out eligibility: not flagged (and screening filled when required), and in. */
export function mayCheckOut(p: ParticipantDetail, screeningRequired: boolean): boolean {
  return mayCheckOutRule({ stopFlag: p.is_flagged, screeningRequired, screeningFilled: p.hasfilled, checkedIn: isCheckedIn(p) });
}

export type PickUpChoice = { key: string; name: string; phone: string; relationship: string };

/**
 * The Picked Up By choices, as the server lists them (`pick_up_people`): the parent or else the primary
 * contact, then the contacts who may pick up; each keyed by the id the check-out names them by.
 */
export function pickUpChoices(p: Pick<ParticipantDetail, "pick_up_people">): PickUpChoice[] {
  return (p.pick_up_people ?? []).map((x) => ({ key: x.id, name: x.name, phone: x.phone_number, relationship: x.relationship }));
}

/** The kiosk's answer for a child an adult picks up (docs/decisions/026): nothing is posted. */
export const SEE_STAFF_TEXT = CHECK_IN_TEXT.seeStaff;
/** The refusal code the server gives the kiosk for such a child. */
export const SEE_STAFF_CODE = CHECK_IN_CODES.seeStaff;

export const initials = (p: { first_name: string; last_name: string }) => `${p.first_name.charAt(0)}${p.last_name.charAt(0)}`.toUpperCase();

/** Times on the board: hh:mm a (spec-1 section 9). */
export const clockTime = (iso: string | null) => (iso ? dayjs(iso).format("hh:mm a") : "");

/** Insert or replace a board row; a visit only moves forward (in, then out), so the one with a check-out wins. */
export function mergeRow(rows: BoardRow[], row: BoardRow): BoardRow[] {
  const index = rows.findIndex((r) => r.id === row.id);
  if (index === -1) return [...rows, row].sort((a, b) => b.check_in_time.localeCompare(a.check_in_time));
  const current = rows[index]!;
  if (current.check_out_time && !row.check_out_time) return rows;
  const next = rows.slice();
  next[index] = row;
  return next;
}

/** Does a live row belong on this board (the day shown and the search typed)? */
export function rowMatches(row: BoardRow, day: { start: string; end: string }, search: string): boolean {
  const at = Date.parse(row.check_in_time);
  if (at < Date.parse(day.start) || at >= Date.parse(day.end)) return false;
  const q = search.trim().toLowerCase();
  return !q || row.full_name.toLowerCase().includes(q) || row.member_id.toLowerCase().includes(q);
}
