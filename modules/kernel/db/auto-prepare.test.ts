import { describe, expect, it } from "vitest";
import { MAX_PREPARED, PREPARE_AFTER, StatementNames } from "./auto-prepare";

describe("StatementNames", () => {
  it("names a query once it has been sent PREPARE_AFTER times, and keeps that name", () => {
    const names = new StatementNames();
    const text = "select * from rm_users where id = $1";
    const given = Array.from({ length: PREPARE_AFTER + 2 }, () => names.nameOf(text));
    expect(given.slice(0, PREPARE_AFTER - 1)).toEqual(Array(PREPARE_AFTER - 1).fill(undefined));
    expect(new Set(given.slice(PREPARE_AFTER - 1))).toEqual(new Set(["rollcall_q0"]));
    expect(names.nameOf("update t set a = $1")).toBeUndefined();
  });

  it("never names transaction control or settings", () => {
    const names = new StatementNames();
    for (const text of ["begin", "commit", "set local synchronous_commit = off", "select pg_advisory_unlock_all()"]) {
      for (let i = 0; i < PREPARE_AFTER + 1; i++) names.nameOf(text);
    }
    expect(names.nameOf("begin")).toBeUndefined();
    expect(names.nameOf("commit")).toBeUndefined();
    expect(names.nameOf("set local synchronous_commit = off")).toBeUndefined();
    expect(names.nameOf("select pg_advisory_unlock_all()")).toBe("rollcall_q0");
  });

  it("never names a pattern search: its plan depends on the pattern (decision 084)", () => {
    const names = new StatementNames();
    const search = 'select "u"."id" from "rm_users" as "u" where "u"."search_text" like lower($1) limit $2';
    const insensitive = "select id from rm_programs where name ILIKE $1";
    for (let i = 0; i < PREPARE_AFTER + 2; i++) {
      expect(names.nameOf(search)).toBeUndefined();
      expect(names.nameOf(insensitive)).toBeUndefined();
    }
    // a column merely named like a keyword is no search
    for (let i = 0; i < PREPARE_AFTER; i++) names.nameOf("select likes, unlike_count from t where id = $1");
    expect(names.nameOf("select likes, unlike_count from t where id = $1")).toBe("rollcall_q0");
  });

  it("names at most MAX_PREPARED texts; the rest stay unnamed", () => {
    const names = new StatementNames();
    for (let t = 0; t < MAX_PREPARED + 10; t++) for (let i = 0; i < PREPARE_AFTER; i++) names.nameOf(`select ${t}`);
    expect(names.nameOf("select 0")).toBe("rollcall_q0");
    expect(names.nameOf(`select ${MAX_PREPARED + 5}`)).toBeUndefined();
  });
});
