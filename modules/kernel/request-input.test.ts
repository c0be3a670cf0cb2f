import { describe, expect, it } from "vitest";
import { checkJsonInput, hasControlCharacter, idempotencyKeyFrom, isFormContentType, parseFormBody, REQUEST_LIMITS } from "./request-input";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message, status: (error as { status: number }).status };
  }
  return null;
};

describe("control characters", () => {
  it("finds C0 and C1 controls and DEL, but not tab, line feed or carriage return", () => {
    for (const c of ["\u0000", "\u0001", "\u0008", "\u000B", "\u000C", "\u001B", "\u001F", "\u007F", "\u0085", "\u009F"]) expect(hasControlCharacter(`a${c}b`), JSON.stringify(c)).toBe(true);
    for (const text of ["a\tb", "line\r\nline", "émoji 🎉", "‮rtl"]) expect(hasControlCharacter(text)).toBe(false);
  });

  it("names the field of a JSON body that holds one, however deep", () => {
    expect(refusal(() => checkJsonInput({ message: "ok", answers: [{ value: "x" }, { value: "y\u0000" }] }))).toEqual({
      code: "CONTROL_CHARACTER",
      message: "answers[1].value must not contain control characters.",
      status: 400,
    });
    expect(refusal(() => checkJsonInput("\u0000"))?.message).toBe("The request body must not contain control characters.");
    expect(refusal(() => checkJsonInput({ "na\u0000me": 1 }))?.message).toBe("name must not contain control characters.");
    expect(refusal(() => checkJsonInput({ message: "tab\there\r\n", n: 1, b: true, z: null }))).toBeNull();
  });

  it("refuses nesting past the limit without recursing (a body 100 000 deep)", () => {
    const deep = JSON.parse("[".repeat(100_000) + "]".repeat(100_000)) as unknown;
    expect(refusal(() => checkJsonInput(deep))).toMatchObject({ code: "BAD_JSON", status: 400 });
    let ok: unknown = "leaf";
    for (let i = 0; i < REQUEST_LIMITS.jsonDepth; i++) ok = [ok];
    expect(refusal(() => checkJsonInput(ok))).toBeNull();
  });
});

describe("idempotency keys", () => {
  it("takes the header, else the body's command_id, trimmed; none is null", () => {
    expect(idempotencyKeyFrom("  key-1 ", "body")).toBe("key-1");
    expect(idempotencyKeyFrom(null, "body-key")).toBe("body-key");
    expect(idempotencyKeyFrom(null, 12)).toBeNull();
    expect(idempotencyKeyFrom(null, undefined)).toBeNull();
  });

  it("refuses more than 128 characters and control characters with 400", () => {
    expect(idempotencyKeyFrom("k".repeat(128))).toHaveLength(128);
    expect(refusal(() => idempotencyKeyFrom("k".repeat(129)))).toEqual({ code: "IDEMPOTENCY_KEY_TOO_LONG", message: "Idempotency-Key must be at most 128 characters.", status: 400 });
    expect(refusal(() => idempotencyKeyFrom(null, "c".repeat(200)))?.message).toBe("command_id must be at most 128 characters.");
    expect(refusal(() => idempotencyKeyFrom("a\u0000b"))?.code).toBe("CONTROL_CHARACTER");
  });
});

describe("form bodies (a row that takes form fields)", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it("reads urlencoded and multipart text fields and leaves file parts out", async () => {
    expect(await parseFormBody("application/x-www-form-urlencoded", bytes("entity=user&value=a%2Fb.png"))).toEqual({ entity: "user", value: "a/b.png" });
    const multipart = '--x\r\nContent-Disposition: form-data; name="entity"\r\n\r\nuser\r\n--x\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\n\r\nfile\r\n--x--\r\n';
    expect(await parseFormBody("multipart/form-data; boundary=x", bytes(multipart))).toEqual({ entity: "user" });
    expect(isFormContentType("multipart/form-data; boundary=x")).toBe(true);
    expect(isFormContentType("application/json")).toBe(false);
  });

  it("answers a broken form and a control character with 400", async () => {
    await expect(parseFormBody("multipart/form-data; boundary=x", bytes('--x\r\nContent-Disposition: form-data; name="entity"\r\n\r\nuser'))).rejects.toMatchObject({ code: "BAD_FORM", status: 400 });
    await expect(parseFormBody("application/x-www-form-urlencoded", bytes("value=a%00b"))).rejects.toMatchObject({ code: "CONTROL_CHARACTER", message: "value must not contain control characters." });
  });
});
