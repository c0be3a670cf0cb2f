import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import { deciderSpec } from "../../test/support/decider-spec";
import { responseDecider, surveyDecider, type ResponseCommand, type SurveyCommand, type SurveyFacts } from "./decide";
import { questionsOf, type SurveyDefinition, type SurveyPage, type SurveyResponseEvent } from "./events";
import { isComparable, numericAnswer } from "./numeric";
import { inAudience, nextShownPage, shownPages } from "./rules";
import { surveyAwardCommand } from "./award";

const orgId = "org-1";
const now = new Date("2026-11-23T14:00:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "admin-1" };
const scale = [
  { label: "Disagree", value: "1" },
  { label: "Not sure", value: "2" },
  { label: "Agree", value: "3" },
];
const pages: SurveyPage[] = [
  {
    title: "You",
    elements: [
      { type: "likert", text: "How far do you agree?", required: true, options: scale, rows: [{ item_code: "L_SAFE", text: "I feel safe" }, { item_code: "L_HEARD", text: "I am listened to" }] },
      { type: "single_choice", item_code: "SPORT", text: "Do you play sport?", required: true, options: [{ label: "Yes", value: "yes" }, { label: "No", value: "no" }] },
      { type: "multiple_choice", item_code: "DAYS", text: "Which days?", required: false, options: [{ label: "Mon", value: "mon" }, { label: "Sat", value: "sat" }] },
    ],
  },
  { title: "Sport", condition: { item_code: "SPORT", equals: "yes" }, elements: [{ type: "short_text", item_code: "WHICH", text: "Which sport?", required: true }] },
  { title: "Weekend", condition: { item_code: "DAYS", equals: "sat" }, elements: [{ type: "rating", item_code: "SAT", text: "Saturdays?", required: true, scale: 5 }] },
  { title: "End", elements: [{ type: "long_text", item_code: "NOTE", text: "Anything else?", required: false }] },
];
const audience = { ageMin: null, ageMax: null, genders: [], startDate: null, endDate: null };
const definition: SurveyDefinition = { name: "Builder", description: "", audience, pages, points: 25, image: null };
const create = (d: SurveyDefinition): SurveyCommand => ({ type: "CreateSurvey", data: { surveyId: "s-1", definition: d }, metadata });
const withPages = (p: SurveyPage[]): SurveyDefinition => ({ ...definition, pages: p });
const givenSurvey = deciderSpec(surveyDecider, now);

describe("surveys builder: the Likert matrix (decision 110)", () => {
  it("gives one question per statement, each with its item code and the shared scale", () => {
    const qs = questionsOf(pages).filter((q) => q.type === "likert");
    expect(qs.map((q) => [q.item_code, q.text, q.options?.length, q.matrix])).toEqual([
      ["L_SAFE", "I feel safe", 3, "How far do you agree?"],
      ["L_HEARD", "I am listened to", 3, "How far do you agree?"],
    ]);
    expect(isComparable(qs[0]!)).toBe(true);
    expect(numericAnswer(qs[0]!, "3")).toBe(3);
  });

  it("refuses a statement's item code used twice, a matrix with no statement, a scale with two equal values", () => {
    const twice = withPages([{ title: "", elements: [{ type: "likert", text: "Agree?", required: false, options: scale, rows: [{ item_code: "SPORT", text: "x" }] }, pages[0]!.elements[1]!] }]);
    givenSurvey().when(create(twice)).thenRefused("VALIDATION", 400, "Item code 'SPORT' is used twice; item codes must be unique in a survey");
    const none = withPages([{ title: "", elements: [{ type: "likert", text: "Agree?", required: false, options: scale, rows: [] }, { type: "number", item_code: "N", text: "n", required: false }] }]);
    givenSurvey().when(create(none)).thenRefused("VALIDATION", 400, "The Likert matrix 'Agree?' on page 1 needs at least one statement");
    const same = withPages([{ title: "", elements: [{ type: "likert", text: "Agree?", required: false, options: [scale[0]!, scale[0]!], rows: [{ item_code: "A", text: "a" }] }] }]);
    givenSurvey().when(create(same)).thenRefused("VALIDATION", 400, "Question 'A' has two options with the same value");
  });
});

describe("surveys builder: conditions (decision 110)", () => {
  it("accepts a condition on an earlier choice question and one of its options", () => {
    givenSurvey().when(create(definition)).then([{ type: "SurveyCreated", data: { ...definition, surveyId: "s-1", organizationId: orgId, version: 1, createdBy: "admin-1" } }]);
  });

  it("refuses a condition on the first page, on a later or unknown question, on a text question, or on an option it does not have", () => {
    const cond = (i: number, condition: SurveyPage["condition"]) => withPages(pages.map((p, j) => (j === i ? { ...p, condition } : p)));
    givenSurvey().when(create(cond(0, { item_code: "SPORT", equals: "yes" }))).thenRefused("VALIDATION", 400, "The first page is always shown: it cannot have a condition");
    givenSurvey().when(create(cond(1, { item_code: "SAT", equals: "3" }))).thenRefused("VALIDATION", 400, "Page 2's condition must name a question on an earlier page, not 'SAT'");
    givenSurvey().when(create(cond(1, { item_code: "NOPE", equals: "yes" }))).thenRefused("VALIDATION", 400, "Page 2's condition names 'NOPE', which is not a question of this survey");
    givenSurvey().when(create(cond(3, { item_code: "WHICH", equals: "x" }))).thenRefused("VALIDATION", 400, "Page 4's condition must name a single or multiple choice question; 'WHICH' is not one");
    givenSurvey().when(create(cond(1, { item_code: "SPORT", equals: "maybe" }))).thenRefused("VALIDATION", 400, "Page 2's condition: 'maybe' is not an option of 'SPORT'");
  });

  it("shows a page when the answer equals the option (a multiple choice: includes it); progress counts the shown pages", () => {
    expect(shownPages(pages, {})).toEqual([1, 4]);
    expect(shownPages(pages, { SPORT: "yes" })).toEqual([1, 2, 4]);
    expect(shownPages(pages, { SPORT: "no", DAYS: ["mon", "sat"] })).toEqual([1, 3, 4]);
    expect(nextShownPage(pages, { SPORT: "no" }, 1)).toBe(4);
    expect(nextShownPage(pages, { SPORT: "no" }, 4, -1)).toBe(1);
    expect(nextShownPage(pages, {}, 4)).toBeNull();
  });

  it("a published survey with answers: a changed condition is a new version", () => {
    const published = [
      { type: "SurveyCreated" as const, data: { ...definition, surveyId: "s-1", organizationId: orgId, version: 1, createdBy: "admin-1" } },
      { type: "SurveyPublished" as const, data: { surveyId: "s-1", version: 1, publishedBy: "admin-1" } },
    ];
    const changed = withPages(pages.map((p, j) => (j === 1 ? { ...p, condition: { item_code: "SPORT", equals: "no" } } : p)));
    givenSurvey(...published).when({ type: "UpdateSurvey", data: { surveyId: "s-1", definition: changed, hasAnswers: true }, metadata }).then([{ type: "SurveyUpdated", data: { ...changed, surveyId: "s-1", version: 2, updatedBy: "admin-1" } }]);
  });
});

describe("surveys builder: answering with conditions and a Likert matrix", () => {
  const survey: SurveyFacts = { organizationId: orgId, status: "Published", version: 1, audience, versions: { 1: pages } };
  const member = { dob: "2014-03-01", gender: "Female" };
  const save = (page: number, answers: Record<string, unknown>, extra: Partial<ResponseCommand["data"]> = {}): ResponseCommand => ({
    type: "SaveSurveyAnswers",
    data: { surveyId: "s-1", participantId: "p-1", page, answers: answers as ResponseCommand["data"]["answers"], submit: false, survey, member, today: "2026-11-23", ...extra },
    metadata: { ...metadata, actorId: "u-1" },
  });
  const saved = (page: number, answers: Record<string, unknown>): SurveyResponseEvent => ({ type: "SurveyAnswersSaved", data: { surveyId: "s-1", organizationId: orgId, participantId: "p-1", version: 1, page, answers: answers as never, savedBy: "u-1" } });
  const submitted: SurveyResponseEvent = { type: "SurveyResponseSubmitted", data: { surveyId: "s-1", organizationId: orgId, participantId: "p-1", version: 1, submittedBy: "u-1" } };
  const givenResponse = deciderSpec(responseDecider, now);

  it("checks each statement's answer against the scale", () => {
    givenResponse().when(save(1, { L_SAFE: "3", L_HEARD: "1", SPORT: "no" })).then([saved(1, { L_SAFE: "3", L_HEARD: "1", SPORT: "no" })]);
    givenResponse().when(save(1, { L_SAFE: "4" })).thenRefused("VALIDATION", 400, "Answer to 'L_SAFE' is not one of its options");
    givenResponse().when(save(1, { L_SAFE: 3 })).thenRefused("VALIDATION", 400, "Answer to 'L_SAFE' must be one of its options");
  });

  it("a required statement unanswered blocks the submission, naming it", () => {
    givenResponse(saved(1, { L_SAFE: "3", SPORT: "no" })).when(save(4, {}, { submit: true })).thenRefused("VALIDATION", 400, "Question 'L_HEARD' needs an answer before the survey is submitted");
  });

  it("a hidden page takes no answers; its required questions are not required; answers left on it are cleared at submission", () => {
    givenResponse(saved(1, { L_SAFE: "3", L_HEARD: "2", SPORT: "no" })).when(save(2, { WHICH: "Judo" })).thenRefused("VALIDATION", 400, "Page 2 is not shown for the answers given: its condition is not met");
    givenResponse(saved(1, { L_SAFE: "3", L_HEARD: "2", SPORT: "no" })).when(save(4, { NOTE: "ok" }, { submit: true })).then([saved(4, { NOTE: "ok" }), submitted]);
    // answered page 2 with sport, then went back and said no: WHICH is cleared when submitting
    givenResponse(saved(1, { L_SAFE: "3", L_HEARD: "2", SPORT: "yes" }), saved(2, { WHICH: "Judo" }), saved(1, { L_SAFE: "3", L_HEARD: "2", SPORT: "no" }))
      .when(save(4, {}, { submit: true }))
      .then([saved(4, {}), saved(2, { WHICH: null }), submitted]);
    // shown: its required question is required
    givenResponse(saved(1, { L_SAFE: "3", L_HEARD: "2", SPORT: "yes" })).when(save(4, {}, { submit: true })).thenRefused("VALIDATION", 400, "Question 'WHICH' needs an answer before the survey is submitted");
  });
});

describe("surveys builder: audience by user groups and programs (decision 111)", () => {
  const base = { ageMin: null, ageMax: null, genders: [], startDate: null, endDate: null };
  it("a member in any of the groups and registered in any of the programs; none listed: everyone", () => {
    expect(inAudience({ ...base, groupIds: ["g1", "g2"] }, { dob: null, gender: null, groupId: "g2" }, "2026-11-23")).toBe(true);
    expect(inAudience({ ...base, groupIds: ["g1"] }, { dob: null, gender: null, groupId: "g2" }, "2026-11-23")).toBe(false);
    expect(inAudience({ ...base, groupIds: ["g1"] }, { dob: null, gender: null, groupId: null }, "2026-11-23")).toBe(false);
    expect(inAudience({ ...base, programIds: ["p1"] }, { dob: null, gender: null, programIds: ["p1"] }, "2026-11-23")).toBe(true);
    expect(inAudience({ ...base, programIds: ["p1"] }, { dob: null, gender: null, programIds: [] }, "2026-11-23")).toBe(false);
    expect(inAudience(base, { dob: null, gender: null }, "2026-11-23")).toBe(true);
  });

  it("a member outside the groups or programs cannot answer (403)", () => {
    const survey: SurveyFacts = { organizationId: orgId, status: "Published", version: 1, audience: { ...base, groupIds: ["g1"], programIds: ["p1"] }, versions: { 1: pages } };
    const cmd = (member: ResponseCommand["data"]["member"]): ResponseCommand => ({ type: "SaveSurveyAnswers", data: { surveyId: "s-1", participantId: "p-1", page: 1, answers: { SPORT: "no" }, submit: false, survey, member, today: "2026-11-23" }, metadata });
    deciderSpec(responseDecider, now)().when(cmd({ dob: null, gender: null, groupId: "g1", programIds: [] })).thenRefused("SURVEY_NOT_OPEN", 403);
    deciderSpec(responseDecider, now)().when(cmd({ dob: null, gender: null, groupId: "g2", programIds: ["p1"] })).thenRefused("SURVEY_NOT_OPEN", 403);
    deciderSpec(responseDecider, now)()
      .when(cmd({ dob: null, gender: null, groupId: "g1", programIds: ["p1"] }))
      .then([{ type: "SurveyAnswersSaved", data: { surveyId: "s-1", organizationId: orgId, participantId: "p-1", version: 1, page: 1, answers: { SPORT: "no" }, savedBy: "admin-1" } }]);
  });
});

describe("surveys builder: points for completion (decision 111)", () => {
  it("refuses points that are not a whole number from 0 to 10000", () => {
    givenSurvey().when(create({ ...definition, points: 10_001 })).thenRefused("VALIDATION", 400, "Points must be a whole number from 0 to 10000");
    givenSurvey().when(create({ ...definition, points: 2.5 })).thenRefused("VALIDATION", 400, "Points must be a whole number from 0 to 10000");
  });

  it("the award's ids derive from the survey and the member only", () => {
    const a = surveyAwardCommand({ organizationId: orgId, surveyId: "s-1", participantId: "p-1", points: 25, name: "Builder", actorId: "u-1" });
    const b = surveyAwardCommand({ organizationId: orgId, surveyId: "s-1", participantId: "p-1", points: 25, name: "Builder", actorId: "u-2" });
    expect(a.metadata.commandId).toBe(b.metadata.commandId);
    expect(a.data).toMatchObject({ amount: 25, category: "challenge", source: { kind: "survey", id: "s-1" }, reason: "Completed the survey: Builder" });
    expect(surveyAwardCommand({ ...a.data, surveyId: "s-2", points: 25, name: "x", actorId: null }).metadata.commandId).not.toBe(a.metadata.commandId);
  });
});
