import type { RecordedEvent } from "../kernel";
import { checkInDecider, type CheckInState } from "./decide";
import type { CheckInEvent } from "./events";
import { ADULT_PICK_UP, type CheckInFacts } from "./rules-context";

/** What the check-in decider specs share: a day, a command's metadata, a child an adult picks up, and `given`. */
export const DAY = { dayStart: "2026-11-21T05:00:00.000Z", dayEnd: "2026-11-22T05:00:00.000Z" };
export const meta = { commandId: "c1", organizationId: "org-a", actorId: "staff" };

/** Maya, 'An adult will pick up', with her parent and one pick-up contact; `over` changes what a test needs. */
export const participant = (over: Partial<NonNullable<CheckInFacts["participant"]>> = {}) => ({
  participantId: "p1",
  organizationId: "org-a",
  memberId: "AB23CD45",
  firstName: "Maya",
  lastName: "Lee",
  status: "Active",
  waiverSigned: true,
  pickUpPermission: ADULT_PICK_UP,
  pickUpPeople: [
    { id: "parent:u-priya", name: "Priya Lee", phoneNumber: "555-0100", relationship: "Parent" },
    { id: "pickup:abc", name: "Sam Ortiz", phoneNumber: "", relationship: "Uncle" },
  ],
  ...over,
});

/** The decider's state after these events. */
export const given = (...events: CheckInEvent[]): CheckInState =>
  events.reduce((s, e) => checkInDecider.evolve(s, e as RecordedEvent<CheckInEvent>), checkInDecider.initialState());
