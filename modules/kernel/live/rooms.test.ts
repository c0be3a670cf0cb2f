import { describe, expect, it } from "vitest";
import { DEFAULT_LIVE_KEY, liveKeyFor } from "./rooms";

describe("liveKeyFor", () => {
  it("names the live channel after the database, so apps sharing a Redis stay apart", () => {
    expect(liveKeyFor("postgres://postgres@127.0.0.1:5432/rollcall_a")).toBe("rollcall-live:rollcall_a");
    expect(liveKeyFor("postgres://postgres@127.0.0.1:5432/rollcall_b")).not.toBe(liveKeyFor("postgres://postgres@127.0.0.1:5432/rollcall_a"));
    expect(liveKeyFor("postgres://postgres@localhost/rollcall?host=/var/run/postgresql")).toBe("rollcall-live:rollcall");
  });

  it("falls back to the default key when the url names no database", () => {
    expect(liveKeyFor("not a url")).toBe(DEFAULT_LIVE_KEY);
    expect(liveKeyFor("postgres://postgres@127.0.0.1:5432")).toBe(DEFAULT_LIVE_KEY);
  });
});
