import { describe, expect, it } from "vitest";
import { defaultDatabaseUrl, InvalidEnvironmentError, parseEnv, publicUrlOf } from "./env";

describe("parseEnv", () => {
  it("gives working local defaults", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe(defaultDatabaseUrl());
    expect(env.REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(env.PORT).toBe(3000);
    expect(env.EVENTSTORE_URL).toBeUndefined();
    expect(env.ROLE).toBe("all");
  });

  it("reaches the local PostgreSQL over its Unix socket when there is one, else over 127.0.0.1", () => {
    expect(defaultDatabaseUrl(() => true)).toBe("postgres://postgres@localhost/rollcall?host=/var/run/postgresql");
    expect(defaultDatabaseUrl(() => false)).toBe("postgres://postgres@127.0.0.1:5432/rollcall");
  });

  it("takes a read replica's URL when one is given, and none when it is empty (decision 124)", () => {
    expect(parseEnv({}).READ_DATABASE_URL).toBeUndefined();
    expect(parseEnv({ READ_DATABASE_URL: "" }).READ_DATABASE_URL).toBeUndefined();
    expect(parseEnv({ READ_DATABASE_URL: "postgres://reader@replica:5432/rollcall" }).READ_DATABASE_URL).toBe("postgres://reader@replica:5432/rollcall");
    expect(() => parseEnv({ READ_DATABASE_URL: "mysql://x" })).toThrowError(/READ_DATABASE_URL: must be a URL/);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ PORT: "abc" })).toThrowError(/PORT: .*'abc'/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrowError(/DATABASE_URL: must be a URL/);
    expect(() => parseEnv({ ROLE: "boss" })).toThrowError(/ROLE:/);
  });

  it("lists every bad variable at once", () => {
    try {
      parseEnv({ PORT: "70000", REDIS_URL: "nope" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      const names = (error as InvalidEnvironmentError).problems.map((p) => p.variable).sort();
      expect(names).toEqual(["PORT", "REDIS_URL"]);
    }
  });

  it("treats an empty EVENTSTORE_URL as unset and checks a given one", () => {
    expect(parseEnv({ EVENTSTORE_URL: "" }).EVENTSTORE_URL).toBeUndefined();
    expect(parseEnv({ EVENTSTORE_URL: "esdb://localhost:2113?tls=false" }).EVENTSTORE_URL).toContain("esdb://");
    expect(() => parseEnv({ EVENTSTORE_URL: "http://x" })).toThrowError(/EVENTSTORE_URL/);
  });

  it("reads the mail settings: SMTP_URL optional and checked, MAIL_FROM an address, PUBLIC_URL without a trailing slash (decision 059)", () => {
    const env = parseEnv({ PORT: "4000" });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe("no-reply@rollcall.example");
    expect(publicUrlOf(env)).toBe("http://localhost:4000");
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "smtps://user:pass@mail.example:465" }).SMTP_URL).toBe("smtps://user:pass@mail.example:465");
    expect(publicUrlOf(parseEnv({ PUBLIC_URL: "https://rollcall.example.org/" }))).toBe("https://rollcall.example.org");
    expect(() => parseEnv({ SMTP_URL: "http://mail.example" })).toThrowError(/SMTP_URL: must be a URL/);
    expect(() => parseEnv({ MAIL_FROM: "nobody" })).toThrowError(/MAIL_FROM/);
    expect(() => parseEnv({ PUBLIC_URL: "ftp://x" })).toThrowError(/PUBLIC_URL/);
  });

  it("reads SUPPORT_FORM_URL, an https address, for /help (decision 099)", () => {
    expect(parseEnv({}).SUPPORT_FORM_URL).toBeUndefined();
    expect(parseEnv({ SUPPORT_FORM_URL: "https://support.example.org/form" }).SUPPORT_FORM_URL).toBe("https://support.example.org/form");
    expect(() => parseEnv({ SUPPORT_FORM_URL: "http://support.example.org/form" })).toThrowError(/SUPPORT_FORM_URL/);
  });
});
