import { DomainError, type Command, type Decider } from "../kernel";
import type { CheckInEvent, CheckInSource, MemberRef, PickedUpBy } from "./events";
import { releaseTo, type PickUpRequest } from "./pick-up-rule";
import type { CheckInFacts } from "./rules-context";

export type OpenVisit = { checkInId: string; checkInTime: string; dayStart: string; dayEnd: string };
/** A member's check-in state: the visit left open by their newest events, if any. */
export type CheckInState = { open: OpenVisit | null };

type Common = { participantId: string; time: string; dayStart: string; dayEnd: string; source: CheckInSource; facts: CheckInFacts; actorOrganizationId: string };

export type CheckInCommand =
  | Command<"CheckIn", Common & { checkInId: string }>
  | Command<"CheckOut", Common & { checkInId?: string } & PickUpRequest>;

const name = (p: NonNullable<CheckInFacts["participant"]>) => `${p.firstName} ${p.lastName}`.trim();

/** The refusals, worded for the barcode screen's families ('did not pass', 'has not completed', 'has not verified'). */
export const refusals = {
  notFound: () => new DomainError("MEMBER_NOT_FOUND", "Member not found", 404),
  inactive: (n: string, status: string) => new DomainError("MEMBER_NOT_ACTIVE", `${n} is ${status.toLowerCase()} and cannot be checked in`, 409),
  flagged: (n: string, verb: "in" | "out") =>
    new DomainError("MEMBER_FLAGGED", `${n} did not pass the check-${verb} requirements: a staff member must follow up first`, 409),
  screening: (n: string) => new DomainError("SCREENING_NOT_FILLED", `${n} has not completed today's health screening`, 409),
  waiver: (n: string) => new DomainError("WAIVER_NOT_SIGNED", `${n} has not verified the waiver: it must be signed before checking in`, 409),
  alreadyIn: (n: string) => new DomainError("ALREADY_CHECKED_IN", `${n} is already checked in`, 409),
  notIn: (n: string) => new DomainError("NOT_CHECKED_IN", `${n} is not checked in`, 409),
  pickUp: (label: string) => new DomainError("PICK_UP_REQUIRED", `${label} is required`, 400),
};

/** Is the open visit one of the request's day? One left open on an earlier day does not block today. */
const openToday = (state: CheckInState, dayStart: string, dayEnd: string) =>
  !!state.open && state.open.checkInTime >= dayStart && state.open.checkInTime < dayEnd;

function gate(facts: CheckInFacts, actorOrganizationId: string, verb: "in" | "out") {
  const p = facts.participant;
  if (!p || p.organizationId !== actorOrganizationId) return { error: refusals.notFound() };
  const n = name(p);
  if (facts.stopFlag) return { error: refusals.flagged(n, verb) };
  if (facts.screeningRequired && !facts.screeningFilled) return { error: refusals.screening(n) };
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
        const { checkInId, checkInTime, dayStart, dayEnd } = event.data;
        return { open: { checkInId, checkInTime, dayStart, dayEnd } };
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
        return [
          {
            type: "MemberCheckedIn",
            data: { ...ref(p), checkInId: command.data.checkInId, checkInTime: command.data.time, dayStart, dayEnd, source: command.data.source },
          },
        ];
      }
      case "CheckOut": {
        const checked = gate(command.data.facts, command.data.actorOrganizationId, "out");
        if ("error" in checked) return checked.error as DomainError;
        const { participant: p, n } = checked;
        const open = state.open;
        if (!open || (command.data.checkInId && command.data.checkInId !== open.checkInId)) return refusals.notIn(n);
        const release = releaseTo(p, n, command.data);
        if (release instanceof DomainError) return release;
        if (command.data.time < open.checkInTime) {
          return new DomainError("CHECK_OUT_BEFORE_CHECK_IN", `${n} cannot be checked out before the check-in time`, 400);
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
