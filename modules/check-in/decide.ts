import { DomainError, type Command, type Decider } from "../kernel";
import { CHECK_IN_CODES, CHECK_IN_TEXT, gateRefusal, isSecurityCode, REFUSAL_TEXT } from "./client";
import type { CheckInEvent, CheckInSource, MemberRef, PickedUpBy } from "./events";
import { releaseTo, type PickUpRequest } from "./pick-up-rule";
import type { CheckInFacts } from "./rules-context";

export type OpenVisit = { checkInId: string; checkInTime: string; dayStart: string; dayEnd: string; securityCode?: string };
/** A member's check-in state: the visit left open by their newest events, if any. */
export type CheckInState = { open: OpenVisit | null };

type Common = {
  participantId: string;
  time: string;
  dayStart: string;
  dayEnd: string;
  source: CheckInSource;
  facts: CheckInFacts;
  actorOrganizationId: string;
  /** the organization gives security codes (is_security_codes; docs/decisions/036); off when absent */
  securityCodesOn?: boolean;
};

export type CheckInCommand =
  /** `securityCode`: the code the handler claimed for this visit (required when codes are on) */
  | Command<"CheckIn", Common & { checkInId: string; securityCode?: string }>
  /** `claimCode`: the code the adult typed at the kiosk from their claim tag */
  | Command<"CheckOut", Common & { checkInId?: string; claimCode?: string } & PickUpRequest>;

const name = (p: NonNullable<CheckInFacts["participant"]>) => `${p.firstName} ${p.lastName}`.trim();

/** The refusals: codes and texts from client.ts, the one place the browser reads them too. */
const C = CHECK_IN_CODES;
export const refusals = {
  notFound: () => new DomainError(C.memberNotFound, REFUSAL_TEXT.notFound(), 404),
  inactive: (n: string, status: string) => new DomainError(C.memberNotActive, REFUSAL_TEXT.inactive(n, status), 409),
  flagged: (n: string, verb: "in" | "out") => new DomainError(C.flagged, REFUSAL_TEXT.flagged(n, verb), 409),
  screening: (n: string) => new DomainError(C.screening, REFUSAL_TEXT.screening(n), 409),
  waiver: (n: string) => new DomainError(C.waiver, REFUSAL_TEXT.waiver(n), 409),
  alreadyIn: (n: string) => new DomainError(C.alreadyIn, REFUSAL_TEXT.alreadyIn(n), 409),
  notIn: (n: string) => new DomainError(C.notIn, REFUSAL_TEXT.notIn(n), 409),
  pickUp: (label: string) => new DomainError(C.pickUpRequired, REFUSAL_TEXT.required(label), 400),
  /** the organization's is_member_check_in_or_out is off (docs/decisions/031) */
  memberCheckInOff: () => new DomainError(C.memberCheckInOff, CHECK_IN_TEXT.memberCheckInOff, 403),
  /** codes are on and no valid code came with the check-in: the handler claims one and asks again */
  codeUnavailable: () => new DomainError(C.securityCodeUnavailable, REFUSAL_TEXT.securityCodeUnavailable(), 503),
};

/** Is the open visit one of the request's day? One left open on an earlier day does not block today. */
const openToday = (state: CheckInState, dayStart: string, dayEnd: string) =>
  !!state.open && state.open.checkInTime >= dayStart && state.open.checkInTime < dayEnd;

function gate(facts: CheckInFacts, actorOrganizationId: string, verb: "in" | "out") {
  const p = facts.participant;
  if (!p || p.organizationId !== actorOrganizationId) return { error: refusals.notFound() };
  const n = name(p);
  const refused = gateRefusal(facts);
  if (refused === C.flagged) return { error: refusals.flagged(n, verb) };
  if (refused === C.screening) return { error: refusals.screening(n) };
  return { participant: p, n };
}

const ref = (p: NonNullable<CheckInFacts["participant"]>): MemberRef => ({
  participantId: p.participantId,
  organizationId: p.organizationId,
  memberId: p.memberId,
  firstName: p.firstName,
  lastName: p.lastName,
});

export const checkInDecider: Decider<CheckInState, CheckInCommand, CheckInEvent> = {
  initialState: () => ({ open: null }),
  evolve(state, event) {
    switch (event.type) {
      case "MemberCheckedIn": {
        const { checkInId, checkInTime, dayStart, dayEnd, securityCode } = event.data;
        return { open: { checkInId, checkInTime, dayStart, dayEnd, ...(securityCode ? { securityCode } : {}) } };
      }
      case "MemberCheckedOut":
        return { open: null };
      case "PickUpOverridden":
        return state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
  decide(state, command) {
    switch (command.type) {
      case "CheckIn": {
        const { facts, dayStart, dayEnd } = command.data;
        const checked = gate(facts, command.data.actorOrganizationId, "in");
        if ("error" in checked) return checked.error as DomainError;
        const { participant: p, n } = checked;
        if (p.status !== "Active") return refusals.inactive(n, p.status);
        if (!p.waiverSigned) return refusals.waiver(n);
        if (openToday(state, dayStart, dayEnd)) return refusals.alreadyIn(n);
        // last: a check-in refused above never needs (nor wastes) a code
        const code = command.data.securityCode;
        if (command.data.securityCodesOn && !isSecurityCode(code)) return refusals.codeUnavailable();
        return [
          {
            type: "MemberCheckedIn",
            data: {
              ...ref(p),
              checkInId: command.data.checkInId,
              checkInTime: command.data.time,
              dayStart,
              dayEnd,
              source: command.data.source,
              ...(command.data.securityCodesOn && code ? { securityCode: code } : {}),
            },
          },
        ];
      }
      case "CheckOut": {
        const checked = gate(command.data.facts, command.data.actorOrganizationId, "out");
        if ("error" in checked) return checked.error as DomainError;
        const { participant: p, n } = checked;
        const open = state.open;
        if (!open || (command.data.checkInId && command.data.checkInId !== open.checkInId)) return refusals.notIn(n);
        const release = releaseTo(p, n, { ...command.data, visitCode: open.securityCode });
        if (release instanceof DomainError) return release;
        if (command.data.time < open.checkInTime) {
          return new DomainError(C.checkOutBeforeCheckIn, REFUSAL_TEXT.checkOutBeforeCheckIn(n), 400);
        }
        const visit = { ...ref(p), checkInId: open.checkInId, checkOutTime: command.data.time };
        const pickedUp: PickedUpBy = { pickUpName: release.name, pickUpContactNumber: release.phoneNumber, pickUpRelationship: release.relationship };
        const out = { ...visit, ...pickedUp, source: command.data.source };
        if (release.kind === "na") return [{ type: "MemberCheckedOut", data: out }];
        if (release.kind === "person") return [{ type: "MemberCheckedOut", data: { ...out, pickUpPersonId: release.personId } }];
        // someone not on the list: the override is its own event, then the check-out (one append)
        return [
          { type: "PickUpOverridden", data: { ...visit, ...pickedUp, reason: release.reason, overriddenBy: command.metadata.actorId } },
          { type: "MemberCheckedOut", data: { ...out, pickUpPersonId: "override" } },
        ];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
