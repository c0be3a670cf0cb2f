import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DomainError } from "./errors";
import { fieldErrorsOf, validationError } from "./validation-error";

describe("validationError (kernel)", () => {
  it("is a 400 VALIDATION with the first message and every field's messages", () => {
    const result = z.object({ name: z.string().min(1, "Name is required"), age: z.number({ error: "Age must be a number" }) }).safeParse({ name: "" });
    if (result.success) throw new Error("expected a refusal");
    const error = validationError(result.error);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "VALIDATION", status: 400, message: "Name is required" });
    expect(error.details).toEqual({ fieldErrors: { name: ["Name is required"], age: ["Age must be a number"] } });
    expect(fieldErrorsOf(result.error)).toEqual(error.details?.fieldErrors);
  });
});
