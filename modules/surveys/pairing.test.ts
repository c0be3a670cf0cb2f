import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import { deciderSpec } from "../../test/support/decider-spec";
import { surveyDecider, type PairFacts, type SurveyCommand } from "./decide";
import type { SurveyEvent } from "./events";
import { isComparable, numericAnswer } from "./numeric";

const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: "org-1", actorId: "admin-1" };
const created: SurveyEvent = {
  type: "SurveyCreated",
  data: { surveyId: "post", organizationId: "org-1", version: 1, createdBy: "admin-1", name: "Post", description: "", audience: { ageMin: null, ageMax: null, genders: [], startDate: null, endDate: null }, pages: [{ title: "", elements: [{ type: "rating", item_code: "R", text: "R", required: false, scale: 5 }] }] },
};
const free: PairFacts = { pre: { found: true, name: "Pre", pairsWith: null, otherPost: null }, preOf: null };
const pair = (pairsWith: string | null, facts: PairFacts = free, org = "org-1"): SurveyCommand => ({ type: "PairSurvey", data: { surveyId: "post", pairsWith, facts }, metadata: { ...metadata, organizationId: org } });
const paired: SurveyEvent = { type: "SurveyPaired", data: { surveyId: "post", pairsWith: "pre", pairedBy: "admin-1" } };
const given = deciderSpec(surveyDecider, new Date("2026-11-27T12:00:00Z"));

describe("surveys: pre/post pairing (decision 105)", () => {
  it("pairs with a pre survey; again changes nothing; null unpairs", () => {
    given(created).when(pair("pre")).then([paired]);
    given(created, paired).when(pair("pre")).then([]);
    given(created, paired).when(pair(null)).then([{ type: "SurveyPaired", data: { surveyId: "post", pairsWith: null, pairedBy: "admin-1" } }]);
    given(created).when(pair(null)).then([]);
  });
  it("refuses itself, an unknown or another organization's survey, chains, and a second post survey", () => {
    given(created).when(pair("post")).thenRefused("VALIDATION", 400, "A survey cannot be paired with itself");
    given(created).when(pair("pre", { pre: { found: false, name: "", pairsWith: null, otherPost: null }, preOf: null })).thenRefused("SURVEY_NOT_FOUND", 404, "Pre survey not found");
    given(created).when(pair("pre", free, "org-2")).thenRefused("SURVEY_NOT_FOUND", 404);
    given(created).when(pair("pre", { ...free, pre: { ...free.pre!, pairsWith: "older" } })).thenRefused("VALIDATION", 400, "'Pre' is itself a post survey; pair with its pre survey instead");
    given(created).when(pair("pre", { ...free, preOf: "Later" })).thenRefused("VALIDATION", 400, "This survey is the pre survey of 'Later'; a survey is a pre or a post survey, not both");
    given(created).when(pair("pre", { ...free, pre: { ...free.pre!, otherPost: "Other" } })).thenRefused("VALIDATION", 400, "'Pre' is the pre survey of 'Other' already; a pre survey has one post survey");
  });
});

describe("surveys: the answers the evaluation compares", () => {
  it("ratings and numbers as given, a single choice valued with a number, nothing else", () => {
    expect(numericAnswer({ type: "rating" }, 4)).toBe(4);
    expect(numericAnswer({ type: "number" }, 2.5)).toBe(2.5);
    expect(numericAnswer({ type: "single_choice" }, "3")).toBe(3);
    expect(numericAnswer({ type: "single_choice" }, "-1")).toBe(-1);
    expect(numericAnswer({ type: "single_choice" }, "yes")).toBeNull();
    expect(numericAnswer({ type: "short_text" }, "5")).toBeNull();
    expect(numericAnswer({ type: "multiple_choice" }, ["1"])).toBeNull();
    expect(isComparable({ type: "single_choice", options: [{ label: "Low", value: "1" }, { label: "High", value: "2" }] })).toBe(true);
    expect(isComparable({ type: "single_choice", options: [{ label: "Yes", value: "y" }, { label: "Two", value: "2" }] })).toBe(false);
    expect(isComparable({ type: "date" })).toBe(false);
  });
});
