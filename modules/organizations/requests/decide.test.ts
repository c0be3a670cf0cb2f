import { describe, expect, it } from "vitest";
import { DomainError } from "../../kernel";
import { decide, evolve, organizationRequestDecider, type OrganizationRequestCommand, type OrganizationRequestEvent, type OrganizationRequestState } from "./decide";
import { postalCodeFits } from "./postal";

const now = new Date("2026-11-27T10:00:00Z");
const meta = { commandId: "c1", organizationId: null, actorId: "granter-1" };
const input = {
  name: "Lakeview Club",
  type: "other",
  street_address: "5 Lake Road",
  city: "Winnipeg",
  state: "Manitoba",
  postal_code: "R3C 0A1",
  contact_first_name: "Lena",
  contact_last_name: "Moss",
  contact_email: "lena@example.org",
  contact_phone: "204 555 0199",
};
const submit = (over: Partial<{ input: unknown; nameTaken: boolean }> = {}): OrganizationRequestCommand => ({
  type: "SubmitOrganizationRequest",
  data: { requestId: "r1", input, nameTaken: false, ...over },
  metadata: meta,
});
const approve = (nameTaken = false): OrganizationRequestCommand => ({
  type: "ApproveOrganizationRequest",
  data: { requestId: "r1", organizationId: "o1", accountUserId: "u1", nameTaken },
  metadata: meta,
});
const stateAfter = (events: OrganizationRequestEvent[]): OrganizationRequestState => events.reduce(evolve, organizationRequestDecider.initialState());
const eventsOf = (result: OrganizationRequestEvent[] | DomainError) => {
  if (result instanceof DomainError) throw result;
  return result;
};
const pending = () => stateAfter(eventsOf(decide({ exists: false }, submit(), now)));

describe("organization request decider (decision 067)", () => {
  it("records a request without its honeypot", () => {
    const [event] = eventsOf(decide({ exists: false }, submit({ input: { ...input, website: "" } }), now));
    expect(event).toMatchObject({ type: "OrganizationRequestSubmitted", data: { requestId: "r1", details: { name: "Lakeview Club", type: "other" } } });
    expect(event!.data).not.toHaveProperty("details.website");
  });

  it("refuses a name taken with a field message, and bad input naming the field", () => {
    const taken = decide({ exists: false }, submit({ nameTaken: true }), now) as DomainError;
    expect(taken).toBeInstanceOf(DomainError);
    expect(taken).toMatchObject({ code: "NAME_TAKEN", status: 409 });
    const postal = decide({ exists: false }, submit({ input: { ...input, postal_code: "M4B 1B3" } }), now) as DomainError;
    expect(postal).toMatchObject({ code: "VALIDATION", status: 400 });
    expect(postal.message).toContain("Postal Code");
    expect((decide({ exists: false }, submit({ input: { ...input, type: "club" } }), now) as DomainError).message).toContain("Type");
  });

  it("approves a pending request once, naming the organization and account; a name taken since is refused", () => {
    const [approved] = eventsOf(decide(pending(), approve(), now));
    expect(approved).toMatchObject({ type: "OrganizationRequestApproved", data: { organizationId: "o1", accountUserId: "u1", approvedBy: "granter-1" } });
    const after = evolve(pending(), approved!);
    expect(after).toMatchObject({ status: "Approved", organizationId: "o1" });
    expect(decide(after, approve(), now)).toMatchObject({ code: "ORGANIZATION_REQUEST_DECIDED", status: 409 });
    expect(decide(pending(), approve(true), now)).toMatchObject({ code: "NAME_TAKEN", status: 409 });
    expect(decide({ exists: false }, approve(), now)).toMatchObject({ status: 404 });
  });

  it("declines with a reason; a declined request is decided", () => {
    const decline = (reason: unknown): OrganizationRequestCommand => ({ type: "DeclineOrganizationRequest", data: { requestId: "r1", reason }, metadata: meta });
    expect(decide(pending(), decline(""), now)).toMatchObject({ code: "VALIDATION", status: 400 });
    const [declined] = eventsOf(decide(pending(), decline("Not in our area"), now));
    expect(declined).toMatchObject({ type: "OrganizationRequestDeclined", data: { reason: "Not in our area" } });
    expect(decide(evolve(pending(), declined!), approve(), now)).toMatchObject({ code: "ORGANIZATION_REQUEST_DECIDED" });
  });

  it("fits postal codes to provinces and states", () => {
    expect(postalCodeFits("Ontario", "M4B 1B3")).toBe(true);
    expect(postalCodeFits("ON", "k1a0b1")).toBe(true);
    expect(postalCodeFits("British Columbia", "M4B 1B3")).toBe(false);
    expect(postalCodeFits("Texas", "73301")).toBe(true);
    expect(postalCodeFits("Texas", "V5K 0A1")).toBe(false);
  });
});
