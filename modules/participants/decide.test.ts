import { describe, expect, it } from "vitest";
import { DomainError, type CommandMetadata } from "../kernel";
import type { ParticipantCommand } from "./commands";
import { participantDecider, type ParticipantState } from "./decide";
import type { ParticipantEvent, ParticipantProfile } from "./events";
import { ADULT_PICK_UP, INDEPENDENT_TRAVEL } from "./options";

const orgId = "7a0c1e52-1d0e-5c1a-9d1e-1a2b3c4d5e6f";
const otherOrg = "8b0c1e52-1d0e-5c1a-9d1e-1a2b3c4d5e6f";
const participantId = "3c1d2e52-1d0e-5c1a-9d1e-1a2b3c4d5e6f";
const now = new Date("2026-11-21T08:30:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "admin-1" };

const profile: ParticipantProfile = {
  firstName: "Amara",
  lastName: "Okafor",
  dob: "2014-05-30",
  gender: "Female",
  medicalConditions: ["Asthma"],
  hasEpiPen: "No",
  hasMedications: "Yes",
  schoolNotApplicable: false,
  schoolName: "Maple Street School",
  contactName: "Ngozi Okafor",
  phoneNumber: "416-555-0101",
  email: "ngozi@example.com",
  preferredContact: "Phone",
  address: "12 Maple Street",
  parentId: null,
  pickupContacts: [{ firstName: "Chidi", lastName: "Okafor", phoneNumber: "416-555-0102", relationship: "Uncle", canPickup: true }],
  pickUpPermission: ADULT_PICK_UP,
  userId: null,
};
const registered: ParticipantEvent = {
  type: "ParticipantRegistered",
  data: { participantId, organizationId: orgId, memberId: "K7M2P9QX", status: "Active", ...profile },
};
const waiverSigned: ParticipantEvent = {
  type: "WaiverSigned",
  data: { participantId, signedByName: "Ngozi Okafor", consent: true, signedAt: now.toISOString(), ip: "10.0.0.7", tokenHash: "hash-1" },
};

const register = (data: Record<string, unknown> = {}, meta = metadata): ParticipantCommand => ({
  type: "RegisterParticipant",
  data: { participantId, organizationId: orgId, memberId: "K7M2P9QX", ...profile, ...data } as never,
  metadata: meta,
});
const update = (data: Record<string, unknown> = {}, meta = metadata): ParticipantCommand => ({
  type: "UpdateParticipant",
  data: { participantId, ...profile, ...data } as never,
  metadata: meta,
});
const changeStatus = (status: string, meta = metadata): ParticipantCommand => ({
  type: "ChangeParticipantStatus",
  data: { participantId, status: status as "Active" },
  metadata: meta,
});
const sign = (data: Record<string, unknown> = {}, meta = metadata): ParticipantCommand => ({
  type: "SignWaiver",
  data: { participantId, signedByName: "Ngozi Okafor", consent: true, ip: "10.0.0.7", tokenHash: "hash-1", ...data } as never,
  metadata: meta,
});

/** given the events so far / when the command / then the events or the refusal */
function given(...events: ParticipantEvent[]) {
  const state = events.reduce<ParticipantState>(participantDecider.evolve, participantDecider.initialState());
  return {
    state,
    when: (command: ParticipantCommand) => {
      const outcome = participantDecider.decide(state, command, now);
      return {
        then: (expected: ParticipantEvent[]) => expect(outcome).toEqual(expected),
        thenRefused: (code: string, status: number, message?: string) => {
          expect(outcome).toBeInstanceOf(DomainError);
          const error = outcome as DomainError;
          expect({ code: error.code, status: error.status }).toEqual({ code, status });
          if (message !== undefined) expect(error.message).toBe(message);
          return error;
        },
      };
    },
  };
}

describe("participants: register", () => {
  it("registers a participant, Active by default", () => {
    given().when(register()).then([registered]);
  });

  it("trims, fills the optional fields and stores spec-2's wording of the adult pick-up as spec-1's", () => {
    const sparse = {
      firstName: "  Leo ",
      medicalConditions: undefined,
      hasEpiPen: undefined,
      hasMedications: null,
      pickupContacts: undefined,
      schoolNotApplicable: true,
      schoolName: "",
      email: undefined,
      pickUpPermission: "An adult will pick up the child from program each day",
    };
    const outcome = participantDecider.decide(null, register(sparse), now) as ParticipantEvent[];
    expect(outcome[0]!.data).toMatchObject({
      firstName: "Leo",
      medicalConditions: [],
      hasEpiPen: "No",
      hasMedications: "No",
      pickupContacts: [],
      email: "",
      pickUpPermission: ADULT_PICK_UP,
    });
  });

  it("refuses missing fields with '{Label} is required', every field in the details", () => {
    const error = given()
      .when(register({ firstName: " ", lastName: undefined, dob: "", pickUpPermission: "" }))
      .thenRefused("VALIDATION", 400, "First Name is required");
    expect(error.details).toEqual({
      fieldErrors: {
        firstName: ["First Name is required"],
        lastName: ["Last Name is required"],
        dob: ["Date of Birth is required"],
        pickUpPermission: ["Pick Up Permission is required"],
      },
    });
  });

  it("asks for the school unless it does not apply, and for each pick-up contact's fields", () => {
    given().when(register({ schoolName: "" })).thenRefused("VALIDATION", 400, "School Name is required");
    const contact = { firstName: "Chidi", lastName: "", phoneNumber: "1", relationship: "Uncle" };
    given().when(register({ pickupContacts: [contact] })).thenRefused("VALIDATION", 400, "Last Name is required");
  });

  it("refuses a bad date of birth, gender, pick-up text, yes/no, e-mail and Member ID", () => {
    given().when(register({ dob: "2014-02-30" })).thenRefused("VALIDATION", 400, "Date of Birth must be a date like 2014-05-30");
    given().when(register({ dob: "2027-01-01" })).thenRefused("VALIDATION", 400, "Date of Birth must not be in the future");
    given().when(register({ gender: "Robot" })).thenRefused("VALIDATION", 400, "Gender must be Male, Female, Transgender, Other, Unspecified, Non-binary or Two Spirit");
    given().when(register({ pickUpPermission: "Whenever" })).thenRefused("VALIDATION", 400, `Pick Up Permission must be ${ADULT_PICK_UP} or ${INDEPENDENT_TRAVEL}`);
    given().when(register({ hasEpiPen: "Maybe" })).thenRefused("VALIDATION", 400, "Has Epi Pen must be Yes or No");
    given().when(register({ email: "nope" })).thenRefused("VALIDATION", 400, "Email must be a valid e-mail");
    given().when(register({ memberId: "K7M2P9Q0" })).thenRefused("VALIDATION", 400);
    given().when(register({ status: "Gone" })).thenRefused("VALIDATION", 400, "Status must be Active, Inactive or Alumni");
  });

  it("refuses a second registration and another organization's", () => {
    given(registered).when(register()).thenRefused("PARTICIPANT_EXISTS", 409, "This participant exists already");
    given().when(register({}, { ...metadata, organizationId: otherOrg })).thenRefused("ORGANIZATION_SCOPE", 403);
  });
});

describe("participants: update and status", () => {
  it("updates the profile with the full validated fields", () => {
    const changed: ParticipantProfile = { ...profile, phoneNumber: "416-555-0199", pickUpPermission: INDEPENDENT_TRAVEL };
    given(registered).when(update(changed)).then([{ type: "ParticipantUpdated", data: { participantId, ...changed } }]);
  });

  it("appends nothing when nothing changes", () => {
    given(registered).when(update()).then([]);
    given(registered).when(changeStatus("Active")).then([]);
  });

  it("changes the status, and refuses an unknown one", () => {
    given(registered).when(changeStatus("Alumni")).then([{ type: "ParticipantStatusChanged", data: { participantId, status: "Alumni" } }]);
    given(registered).when(changeStatus("Gone")).thenRefused("VALIDATION", 400, "Status must be Active, Inactive or Alumni");
  });

  it("treats an unknown participant, or another organization's, as not found", () => {
    given().when(update()).thenRefused("PARTICIPANT_NOT_FOUND", 404, "Participant not found");
    given().when(changeStatus("Inactive")).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given(registered).when(update({}, { ...metadata, organizationId: otherOrg })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given(registered).when(changeStatus("Inactive", { ...metadata, organizationId: otherOrg })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
  });

  it("lets a command without an organization (seed, superadmin) act on any participant", () => {
    given(registered).when(changeStatus("Inactive", { ...metadata, organizationId: null })).then([{ type: "ParticipantStatusChanged", data: { participantId, status: "Inactive" } }]);
  });
});

describe("participants: waiver", () => {
  it("signs the waiver with the name typed, consent, the time (now), the address and the token's hash", () => {
    given(registered).when(sign()).then([waiverSigned]);
    const state = given(registered, waiverSigned).state;
    expect(state).toMatchObject({ waiverSigned: true, waiverSignedAt: now.toISOString(), waiverSignedBy: "Ngozi Okafor" });
  });

  it("refuses without a name or without consent", () => {
    given(registered).when(sign({ signedByName: "  " })).thenRefused("VALIDATION", 400, "Full Name is required");
    given(registered).when(sign({ consent: false })).thenRefused("VALIDATION", 400, "Consent is required");
  });

  it("refuses a second signature and an unknown participant", () => {
    given(registered, waiverSigned).when(sign()).thenRefused("WAIVER_ALREADY_SIGNED", 409, "The waiver of Amara Okafor is signed already");
    given().when(sign()).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given(registered).when(sign({}, { ...metadata, organizationId: otherOrg })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
  });
});

describe("participants: evolve", () => {
  it("folds every event into the state other modules read", () => {
    const state = given(
      registered,
      { type: "ParticipantUpdated", data: { participantId, ...profile, lastName: "Okafor-Bello" } },
      { type: "ParticipantStatusChanged", data: { participantId, status: "Inactive" } },
      waiverSigned,
    ).state;
    expect(state).toEqual({
      ...registered.data,
      lastName: "Okafor-Bello",
      status: "Inactive",
      waiverSigned: true,
      waiverSignedAt: now.toISOString(),
      waiverSignedBy: "Ngozi Okafor",
    });
  });
});
