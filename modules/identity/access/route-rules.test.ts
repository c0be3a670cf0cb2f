import { describe, expect, it } from "vitest";
import { decideAccess } from "./engine";
import { matchPage } from "./route-registry";
import { SUBJECTS, inSchool } from "./test-fixtures";
import type { AccessDecision, AccessSubject } from "./types";

/**
 * The route rules, written out by hand (not computed from the registry). Columns: anonymous visitor
 * (of an 'other' organization), participant, parent, coach, admin, organization, granter, superadmin,
 * kiosk; fixtures in test-fixtures.ts (admin and above hold every permission). Cells: ok; login
 * (unauthenticated); home (signed in on a public page); no (forbidden).
 */
const OTHER_ORG: readonly (readonly [string, string])[] = [
  //                                anon    part  parent coach admin org  grant super kiosk
  ["/login", /*                 */ "ok    home  home   home  home  home home  home  home"],
  ["/invitation/request", /*    */ "ok    home  home   home  home  home home  home  home"],
  ["/invitation/teacher/request", "ok    home  home   home  home  home home  home  home"],
  ["/reset-password", /*        */ "ok    ok    ok     ok    ok    ok   ok    ok    no"],
  ["/sign-waiver/p1", /*        */ "ok    ok    ok     ok    ok    ok   ok    ok    no"],
  ["/404-page-not-found", /*    */ "ok    ok    ok     ok    ok    ok   ok    ok    ok"],
  ["/", /*                      */ "login ok    ok     ok    ok    ok   ok    ok    ok"],
  ["/my-profile", /*            */ "login ok    ok     ok    ok    ok   ok    ok    no"],
  ["/inbox", /*                 */ "login ok    ok     ok    ok    ok   ok    ok    no"],
  ["/participants", /*          */ "login no    no     ok    ok    ok   ok    ok    ok"],
  ["/students", /*              */ "login no    no     no    no    no   no    no    no"],
  ["/check-in", /*              */ "login no    no     ok    ok    ok   ok    ok    ok"],
  ["/programs-events", /*       */ "login ok    ok     ok    ok    ok   ok    ok    ok"],
  ["/program-registration", /*  */ "login ok    ok     no    no    no   no    no    no"],
  ["/user/parent", /*           */ "login no    no     no    ok    ok   ok    ok    no"],
  ["/user/flagged", /*          */ "login no    no     ok    ok    ok   ok    ok    no"],
  ["/user/g1", /*               */ "login no    no     ok    ok    ok   ok    ok    no"],
  ["/role", /*                  */ "login no    no     no    ok    ok   ok    ok    no"],
  ["/customize", /*             */ "login no    no     no    ok    ok   ok    ok    no"],
  ["/integrations", /*          */ "login no    no     no    ok    ok   ok    ok    no"],
  ["/requests", /*              */ "login no    no     no    ok    ok   ok    ok    no"],
  ["/granters", /*              */ "login no    no     no    no    no   ok    ok    no"],
  ["/organization", /*          */ "login no    no     no    no    no   ok    ok    no"],
  ["/reports", /*               */ "login no    no     no    ok    ok   ok    ok    no"],
  ["/communications", /*        */ "login no    no     no    no    no   no    no    no"],
];

/** The same subjects in a school organization. */
const SCHOOL_ORG: readonly (readonly [string, string])[] = [
  ["/invitation/teacher/request", "ok    home  home   home  home  home home  home  home"],
  ["/students", /*              */ "login no    no     ok    ok    ok   ok    ok    ok"],
  ["/participants", /*          */ "login no    no     ok    ok    ok   ok    ok    ok"],
  ["/communications", /*        */ "login no    no     no    ok    ok   ok    ok    no"],
];

const COLUMNS = ["participant", "parent", "coach", "admin", "organization", "granter", "superadmin", "kiosk"] as const;

function cell(decision: AccessDecision): string {
  if (decision.allowed) return "ok";
  return { unauthenticated: "login", "authenticated-on-public-page": "home", forbidden: "no" }[decision.reason];
}

function row(pathname: string, school: boolean): string {
  const route = matchPage(pathname)?.route;
  if (!route) throw new Error(`no route for ${pathname}`);
  const anonymous: AccessSubject = { authenticated: false, organizationType: school ? "school" : "other" };
  const subjects = COLUMNS.map((c) => (school ? inSchool(SUBJECTS[c]) : SUBJECTS[c]));
  return [anonymous, ...subjects].map((s) => cell(decideAccess(route.rule, s))).join(" ");
}

describe("route rules by level", () => {
  it.each(OTHER_ORG)("'other' organization: %s", (pathname, expected) => {
    expect(row(pathname, false)).toBe(expected.split(/\s+/).join(" "));
  });

  it.each(SCHOOL_ORG)("school organization: %s", (pathname, expected) => {
    expect(row(pathname, true)).toBe(expected.split(/\s+/).join(" "));
  });
});
