import { describe, expect, it } from "vitest";
import { participantDecider } from "./decide";
import type { ParticipantEvent, ParticipantProfile } from "./events";
import { ADULT_PICK_UP, INDEPENDENT_TRAVEL } from "./options";
import { changeStatus, given, metadata, now, otherOrg, participantId, profile, register, registered, update } from "./test-fixtures";

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
    given(registered).when(changeStatus("Alumni", metadata, "Aged out")).then([{ type: "ParticipantStatusChanged", data: { participantId, status: "Alumni", reason: "Aged out" } }]);
    given(registered).when(changeStatus("Gone")).thenRefused("VALIDATION", 400, "Status must be Active, Inactive or Alumni");
  });

  it("treats an unknown participant, or another organization's, as not found", () => {
    given().when(update()).thenRefused("PARTICIPANT_NOT_FOUND", 404, "Participant not found");
    given().when(changeStatus("Inactive")).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given(registered).when(update({}, { ...metadata, organizationId: otherOrg })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given(registered).when(changeStatus("Inactive", { ...metadata, organizationId: otherOrg })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
  });

  it("lets a command without an organization (seed, superadmin) act on any participant", () => {
    given(registered).when(changeStatus("Inactive", { ...metadata, organizationId: null }, "Moved")).then([{ type: "ParticipantStatusChanged", data: { participantId, status: "Inactive", reason: "Moved" } }]);
  });

  it("needs a reason for Inactive and Alumni, and appends a changed reason alone (decision 065)", () => {
    given(registered).when(changeStatus("Inactive")).thenRefused("VALIDATION", 400, "Reason is required when the status is Inactive or Alumni");
    given(registered).when(changeStatus("Alumni", metadata, "  ")).thenRefused("VALIDATION", 400, "Reason is required when the status is Inactive or Alumni");
    const inactive = { type: "ParticipantStatusChanged", data: { participantId, status: "Inactive", reason: "Moved" } } as const;
    given(registered, inactive).when(changeStatus("Inactive", metadata, "Moved")).then([]);
    given(registered, inactive).when(changeStatus("Inactive", metadata, "Moved away")).then([{ type: "ParticipantStatusChanged", data: { participantId, status: "Inactive", reason: "Moved away" } }]);
    given(registered, inactive).when(changeStatus("Active", metadata, "ignored")).then([{ type: "ParticipantStatusChanged", data: { participantId, status: "Active" } }]);
  });
});
