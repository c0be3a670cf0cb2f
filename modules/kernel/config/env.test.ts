import { describe, expect, it } from "vitest";
import { defaultDatabaseUrl, InvalidEnvironmentError, parseEnv } from "./env";

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
});
