import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import { deciderSpec } from "../../test/support/decider-spec";
import { requestDecider, type RequestCommand } from "./decide";
import type { RequestEvent, RequestSubmittedData } from "./events";
import { memberRequestSchema, teacherRequestSchema } from "./schema";

const orgId = "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const now = new Date("2026-11-23T14:00:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "admin-1" };

const data: RequestSubmittedData = {
  requestId: "req-1",
  organizationId: orgId,
  kind: "member",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.org",
  phone: "",
  message: "",
  birthDate: "2010-01-02",
  gender: "Female",
  child: null,
  schoolRole: null,
};
const submitted: RequestEvent = { type: "RequestSubmitted", data };
const approvedEvent: RequestEvent = { type: "RequestApproved", data: { requestId: "req-1", userId: "u-1", participantId: "p-1", approvedBy: "admin-1" } };
const declinedEvent: RequestEvent = { type: "RequestDeclined", data: { requestId: "req-1", reason: "We are full this term", declinedBy: "admin-1" } };

const submit: RequestCommand = { type: "SubmitRequest", data, metadata: { ...metadata, actorId: null } };
const approve = (organizationId: string = orgId): RequestCommand => ({ type: "ApproveRequest", data: { requestId: "req-1", userId: "u-1", participantId: "p-1" }, metadata: { ...metadata, organizationId } });
const decline = (reason: string): RequestCommand => ({ type: "DeclineRequest", data: { requestId: "req-1", reason }, metadata });

const given = deciderSpec(requestDecider, now);

describe("membership requests: decide", () => {
  it("records a submitted request once", () => {
    given().when(submit).then([submitted]);
    given(submitted).when(submit).then([]);
  });

  it("approves a pending request, with who approved it", () => {
    given(submitted).when(approve()).then([approvedEvent]);
  });

  it("does not approve twice, nor a declined request", () => {
    given(submitted, approvedEvent).when(approve()).thenRefused("REQUEST_ALREADY_DECIDED", 409, "This request is approved already");
    given(submitted, declinedEvent).when(approve()).thenRefused("REQUEST_ALREADY_DECIDED", 409, "This request is declined already");
  });

  it("does not decline an approved request", () => {
    given(submitted, approvedEvent).when(decline("Too late")).thenRefused("REQUEST_ALREADY_DECIDED", 409);
  });

  it("declines with a trimmed reason, required and at most 500 characters", () => {
    given(submitted).when(decline("  We are full this term ")).then([declinedEvent]);
    given(submitted).when(decline("   ")).thenRefused("VALIDATION", 400, "Reason is required");
    given(submitted).when(decline("x".repeat(501))).thenRefused("VALIDATION", 400, "Reason must be at most 500 characters");
  });

  it("another organization's request, or none, is not found", () => {
    given(submitted).when(approve("another-org")).thenRefused("REQUEST_NOT_FOUND", 404);
    given().when(approve()).thenRefused("REQUEST_NOT_FOUND", 404);
  });
});

describe("membership requests: the public forms' schemas", () => {
  const schema = memberRequestSchema("2026-11-23");
  const errorsOf = (input: Record<string, unknown>) => {
    const parsed = schema.safeParse(input);
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("a member gives a birth date not in the future and a gender", () => {
    expect(errorsOf({ kind: "member", first_name: "Ada", last_name: "L", email: "ada@example.org", birth_date: "2010-01-02", gender: "Female" })).toEqual({});
    expect(errorsOf({ kind: "member", first_name: "Ada", last_name: "L", email: "ada@example.org", birth_date: "2026-11-24", gender: "Female" })).toEqual({ birth_date: "Date of birth cannot be in the future" });
    expect(errorsOf({ kind: "member", first_name: "", last_name: "L", email: "nope" })).toMatchObject({ first_name: "First name is required", email: expect.stringContaining("E-mail must be") });
  });

  it("a parent names the child", () => {
    expect(errorsOf({ kind: "parent", first_name: "Pat", last_name: "L", email: "pat@example.org" })).toMatchObject({
      child_first_name: "Child's first name is required",
      child_birth_date: "Child's date of birth is required",
    });
    expect(errorsOf({ kind: "parent", first_name: "Pat", last_name: "L", email: "pat@example.org", child_first_name: "Kim", child_last_name: "L", child_birth_date: "2016-02-30", child_gender: "Male" })).toEqual({
      child_birth_date: "Child's date of birth must be a date like 2014-05-30",
    });
  });

  it("a teacher gives a school role, and the message has a maximum", () => {
    expect(teacherRequestSchema.safeParse({ first_name: "T", last_name: "C", email: "t@example.org", school_role: "Science" }).success).toBe(true);
    expect(teacherRequestSchema.safeParse({ first_name: "T", last_name: "C", email: "t@example.org", school_role: "" }).success).toBe(false);
    expect(teacherRequestSchema.safeParse({ first_name: "T", last_name: "C", email: "t@example.org", school_role: "Art", message: "x".repeat(1001) }).success).toBe(false);
  });
});
