import { describe, expect, it } from "vitest";
import { labelOf, requiredMessage } from "./validation";

describe("requiredMessage: '{Label} is required' (spec-1 section 5)", () => {
  it.each([
    ["name", "Name is required"],
    ["street_address", "Street Address is required"],
    ["address.street_address", "Street Address is required"],
    ["address.postal_code", "Postal Code is required"],
    ["client_id", "Client is required"],
    ["features.report.secret_id", "Secret is required"],
    ["features.report.user_email", "User Email is required"],
    ["features.program.program_cycle_start", "Program Cycle Start is required"],
    ["school_option", "School Option is required"],
    ["memberId", "Member is required"],
    ["id", "ID is required"],
  ])("%s -> %s", (path, message) => {
    expect(requiredMessage(path)).toBe(message);
  });

  it("takes a path as an array, skipping array indexes", () => {
    expect(requiredMessage(["features", "report", "nav", 2, "tableau_link"])).toBe("Tableau Link is required");
    expect(labelOf(["features", "report", "nav", 0])).toBe("Nav");
  });

  it("prefers the field label when one is given", () => {
    expect(requiredMessage("organization_id", "Organization")).toBe("Organization is required");
    expect(requiredMessage("support_email", "Support E-mail")).toBe("Support E-mail is required");
  });

  it("removes only whole 'id' words", () => {
    expect(labelOf("idle_time")).toBe("Idle Time");
    expect(labelOf("user_ID")).toBe("User");
  });
});
