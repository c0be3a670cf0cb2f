import type { Visible } from "#modules/identity/client";
import type { BoardRow as FullBoardRow } from "#projections/check-in";
import type { MemberLookup, ParticipantDetail } from "#modules/participants";

/** Type-only: the shapes the check-in screens read, as the server answers them. */
/** A board row as the caller's role sees it (decision 027: the kiosk gets no pick-up details). */
export type BoardRow = Visible<FullBoardRow>;
/** A program meeting on the board's day, with its registered members (GET /api/check-in's additional_info). */
export type { ProgramWithParticipants as BoardProgram } from "#projections/programs";
/** A member's active flags, as the board call lists them and `flag:changed` updates them. */
export type { FlagChange as BoardFlag } from "#projections/flags";
export type { ParticipantDetail, MemberLookup };
export type CheckInType = "in" | "out";

export { ApiError, NetworkError, isRetryable, apiGet, apiSend } from "~/components/api-client";
import { apiGet, apiSend } from "~/components/api-client";
import { dayBoundsIn } from "#modules/organizations/client";

/**
 * The organization's day around `now` as ISO instants [start, end), in its time zone (useTimeZone), not
 * the device's: a kiosk or a laptop set to another zone still sends the organization's day (decision 032).
 */
export function localDay(timeZone: string, now = new Date()): { start: string; end: string } {
  return dayBoundsIn(timeZone, now);
}

/** A random v4 id from getRandomValues (randomUUID needs a secure context; a kiosk may be on plain http). */
export function newCommandId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const fetchParticipant = (id: string) => apiGet<ParticipantDetail>(`/api/participant/${id}`);
export const lookupMember = (memberId: string) => apiSend<MemberLookup>("POST", "/api/participant/member", { member_id: memberId });

export type CheckInAnswer = { message: string; data: { id: string | null; participant_id: string; type: CheckInType; replayed: boolean; has_security_code?: boolean } };

export type SingleCheckIn = {
  memberId: string;
  type: CheckInType;
  time?: string;
  start: string;
  end: string;
  /** the adult's claim code, at the kiosk (docs/decisions/036) */
  claim_code?: string;
} & PickUp;

/** POST /api/check-in with the scan's command id as the Idempotency-Key: a resend is applied once. */
export const postCheckIn = (body: SingleCheckIn, commandId: string) =>
  apiSend<CheckInAnswer>("POST", "/api/check-in", { ...body, command_id: commandId }, { "Idempotency-Key": commandId });

/**
 * Who picks the member up (docs/decisions/026): an authorised person by id (`pick_up_people`), or, by
 * staff only, someone else typed in with an override reason. Empty for a member who travels alone.
 */
export type PickUp = {
  pick_up_person_id?: string;
  pick_up_name?: string;
  pick_up_contact_number?: string;
  pick_up_relationship?: string;
  override_reason?: string;
};

/** PUT /api/check-in/{id}: check a visit out (the board's rows know their visit id). */
export const putCheckOut = (visitId: string, pickUp: PickUp) =>
  apiSend<{ message: string }>("PUT", `/api/check-in/${visitId}`, { check_out_time: new Date().toISOString(), ...pickUp, command_id: newCommandId() });

/** Who the holder of a matching claim tag may choose from at the kiosk: names and relationships only (docs/decisions/036). */
export type ClaimChoice = { id: string; name: string; relationship: string };
export type Eligibility = { allowed: true; participant_id: string; type: CheckInType; pick_up_choices?: ClaimChoice[] };

/** POST /api/check-in/participant: may this member be checked in or out now (at the kiosk, with the adult's claim code)? */
export const checkEligibility = (body: { memberId: string; type: CheckInType; start: string; end: string; claim_code?: string }) =>
  apiSend<Eligibility>("POST", "/api/check-in/participant", body);
