import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import { deciderSpec } from "../../test/support/decider-spec";
import { responseDecider, surveyDecider, type ResponseCommand, type SurveyCommand, type SurveyFacts } from "./decide";
import type { SurveyDefinition, SurveyEvent, SurveyPage, SurveyResponseEvent } from "./events";
import { ageOn, inAudience, parentRefusal } from "./rules";

const orgId = "org-1";
const now = new Date("2026-11-23T14:00:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "admin-1" };

const pages: SurveyPage[] = [
  { title: "How you feel", elements: [{ type: "section_text", text: "Think about the last week." }, { type: "rating", item_code: "MOOD", text: "How happy were you?", required: true, scale: 5 }] },
  {
    title: "About you",
    elements: [
      { type: "single_choice", item_code: "SPORT", text: "Favourite sport", required: false, options: [{ label: "Basketball", value: "bb" }, { label: "Soccer", value: "soc" }] },
      { type: "long_text", item_code: "NOTE", text: "Anything else?", required: false },
      { type: "date", item_code: "SINCE", text: "Member since", required: false },
    ],
  },
];
const audience = { ageMin: 10, ageMax: 14, genders: [], startDate: "2026-11-01", endDate: "2026-12-31" };
const definition: SurveyDefinition = { name: "Wellbeing (pre)", description: "", audience, pages };

const created: SurveyEvent = { type: "SurveyCreated", data: { ...definition, surveyId: "s-1", organizationId: orgId, version: 1, createdBy: "admin-1" } };
const published: SurveyEvent = { type: "SurveyPublished", data: { surveyId: "s-1", version: 1, publishedBy: "admin-1" } };
const create = (d: SurveyDefinition): SurveyCommand => ({ type: "CreateSurvey", data: { surveyId: "s-1", definition: d }, metadata });
const update = (d: SurveyDefinition, hasAnswers: boolean): SurveyCommand => ({ type: "UpdateSurvey", data: { surveyId: "s-1", definition: d, hasAnswers }, metadata });
const withPages = (p: SurveyPage[]): SurveyDefinition => ({ ...definition, pages: p });

const givenSurvey = deciderSpec(surveyDecider, now);

describe("surveys: the definition", () => {
  it("creates a draft at version 1", () => {
    givenSurvey().when(create(definition)).then([created]);
  });

  it("refuses a survey with no question (section text only)", () => {
    givenSurvey().when(create(withPages([{ title: "", elements: [{ type: "section_text", text: "Hello" }] }]))).thenRefused("VALIDATION", 400, "A survey needs at least one question");
  });

  it("refuses a choice question with no options", () => {
    givenSurvey()
      .when(create(withPages([{ title: "", elements: [{ type: "multiple_choice", item_code: "Q1", text: "Pick", required: false, options: [] }] }])))
      .thenRefused("VALIDATION", 400, "Question 'Q1' is a choice question with no options");
  });

  it("refuses duplicate item codes, across pages", () => {
    const dup: SurveyPage[] = [...pages, { title: "", elements: [{ type: "short_text", item_code: "MOOD", text: "Again", required: false }] }];
    givenSurvey().when(create(withPages(dup))).thenRefused("VALIDATION", 400, "Item code 'MOOD' is used twice; item codes must be unique in a survey");
  });

  it("refuses an age range upside down, and dates upside down", () => {
    givenSurvey().when(create({ ...definition, audience: { ...audience, ageMin: 15, ageMax: 12 } })).thenRefused("VALIDATION", 400, "Maximum age must be at least the minimum age");
    givenSurvey().when(create({ ...definition, audience: { ...audience, startDate: "2026-12-02", endDate: "2026-12-01" } })).thenRefused("VALIDATION", 400, "End date must be on or after the start date");
  });
});

describe("surveys: versions", () => {
  const added: SurveyPage[] = [...pages, { title: "More", elements: [{ type: "number", item_code: "HOURS", text: "Hours a week", required: false }] }];

  it("a draft, or a published survey with no answers yet, is edited in place", () => {
    givenSurvey(created).when(update(withPages(added), false)).then([{ type: "SurveyUpdated", data: { ...withPages(added), surveyId: "s-1", version: 1, updatedBy: "admin-1" } }]);
    givenSurvey(created, published).when(update(withPages(added), false)).then([{ type: "SurveyUpdated", data: { ...withPages(added), surveyId: "s-1", version: 1, updatedBy: "admin-1" } }]);
  });

  it("a published survey with answers gains questions as a new version; renaming it alone keeps the version", () => {
    givenSurvey(created, published).when(update(withPages(added), true)).then([{ type: "SurveyUpdated", data: { ...withPages(added), surveyId: "s-1", version: 2, updatedBy: "admin-1" } }]);
    givenSurvey(created, published).when(update({ ...definition, name: "Renamed" }, true)).then([{ type: "SurveyUpdated", data: { ...definition, name: "Renamed", surveyId: "s-1", version: 1, updatedBy: "admin-1" } }]);
  });

  it("a published survey with answers does not lose a question", () => {
    givenSurvey(created, published).when(update(withPages([pages[0]!]), true)).thenRefused("SURVEY_CONFLICT", 409, "This survey has answers: questions can be added, not removed ('SPORT', 'NOTE', 'SINCE')");
  });

  it("publishes once, closes once; a closed survey is not changed; another organization's is not found", () => {
    const closed: SurveyEvent = { type: "SurveyClosed", data: { surveyId: "s-1", closedBy: "admin-1" } };
    givenSurvey(created, published).when({ type: "PublishSurvey", data: { surveyId: "s-1" }, metadata }).thenRefused("SURVEY_CONFLICT", 409, "This survey is published already");
    givenSurvey(created, published).when({ type: "CloseSurvey", data: { surveyId: "s-1" }, metadata }).then([closed]);
    givenSurvey(created, published, closed).when({ type: "CloseSurvey", data: { surveyId: "s-1" }, metadata }).thenRefused("SURVEY_CONFLICT", 409);
    givenSurvey(created, published, closed).when(update(definition, false)).thenRefused("SURVEY_CONFLICT", 409, "A closed survey cannot be changed");
    givenSurvey(created).when({ type: "PublishSurvey", data: { surveyId: "s-1" }, metadata: { ...metadata, organizationId: "org-2" } }).thenRefused("SURVEY_NOT_FOUND", 404);
  });
});

describe("surveys: a member's response", () => {
  const survey: SurveyFacts = { organizationId: orgId, status: "Published", version: 1, audience, versions: { 1: pages } };
  const member = { dob: "2014-03-01", gender: "Female" };
  const save = (page: number, answers: Record<string, unknown>, extra: Partial<ResponseCommand["data"]> = {}): ResponseCommand => ({
    type: "SaveSurveyAnswers",
    data: { surveyId: "s-1", participantId: "p-1", page, answers: answers as ResponseCommand["data"]["answers"], submit: false, survey, member, today: "2026-11-23", ...extra },
    metadata: { ...metadata, actorId: "u-1" },
  });
  const saved = (page: number, answers: Record<string, string | number>, version = 1): SurveyResponseEvent => ({
    type: "SurveyAnswersSaved",
    data: { surveyId: "s-1", organizationId: orgId, participantId: "p-1", version, page, answers, savedBy: "u-1" },
  });
  const submitted: SurveyResponseEvent = { type: "SurveyResponseSubmitted", data: { surveyId: "s-1", organizationId: orgId, participantId: "p-1", version: 1, submittedBy: "u-1" } };
  const givenResponse = deciderSpec(responseDecider, now);

  it("saves a page (partial); resume: the saved answers come back in the state", () => {
    givenResponse().when(save(1, { MOOD: 4 })).then([saved(1, { MOOD: 4 })]);
    const resumed = givenResponse(saved(1, { MOOD: 4 }), saved(2, { SPORT: "bb" }));
    expect(resumed.state).toEqual({ started: true, version: 1, answers: { MOOD: 4, SPORT: "bb" }, lastPage: 2, submitted: false });
  });

  it("submits once: a second submission is 409", () => {
    givenResponse(saved(1, { MOOD: 4 })).when(save(2, { SPORT: "soc" }, { submit: true })).then([saved(2, { SPORT: "soc" }), submitted]);
    givenResponse(saved(1, { MOOD: 4 }), submitted).when(save(2, {}, { submit: true })).thenRefused("SURVEY_CONFLICT", 409, "This survey has been submitted already");
  });

  it("a required question unanswered blocks the submission, naming it", () => {
    givenResponse().when(save(2, { SPORT: "bb" }, { submit: true })).thenRefused("VALIDATION", 400, "Question 'MOOD' needs an answer before the survey is submitted");
  });

  it("answers are checked against the version's questions: unknown, on another page, wrong type, too long", () => {
    givenResponse().when(save(1, { NOPE: 1 })).thenRefused("VALIDATION", 400, "Question 'NOPE' is not in this survey");
    givenResponse().when(save(1, { SPORT: "bb" })).thenRefused("VALIDATION", 400, "Question 'SPORT' is not on page 1");
    givenResponse().when(save(1, { MOOD: 6 })).thenRefused("VALIDATION", 400, "Answer to 'MOOD' must be a whole number from 1 to 5");
    givenResponse().when(save(1, { MOOD: "four" })).thenRefused("VALIDATION", 400, "Answer to 'MOOD' must be a whole number from 1 to 5");
    givenResponse().when(save(2, { SPORT: "golf" })).thenRefused("VALIDATION", 400, "Answer to 'SPORT' is not one of its options");
    givenResponse().when(save(2, { NOTE: "x".repeat(5001) })).thenRefused("VALIDATION", 400, "Answer to 'NOTE' must be at most 5000 characters");
    givenResponse().when(save(2, { SINCE: "2026-02-30" })).thenRefused("VALIDATION", 400, "Answer to 'SINCE' must be a date like 2026-05-30");
    givenResponse().when(save(3, {})).thenRefused("VALIDATION", 400, "Page must be from 1 to 2");
  });

  it("a response keeps the version it began on: a question added in version 2 is not in it", () => {
    const v2: SurveyPage[] = [...pages, { title: "", elements: [{ type: "number", item_code: "HOURS", text: "Hours", required: false }] }];
    const later: SurveyFacts = { ...survey, version: 2, versions: { 1: pages, 2: v2 } };
    givenResponse(saved(1, { MOOD: 4 })).when(save(3, { HOURS: 2 }, { survey: later })).thenRefused("VALIDATION", 400, "Page must be from 1 to 2");
    givenResponse().when(save(3, { HOURS: 2 }, { survey: later })).then([saved(3, { HOURS: 2 }, 2)]);
  });

  it("eligibility: the audience's ages, genders and dates; a closed or draft survey takes no answers", () => {
    givenResponse().when(save(1, { MOOD: 3 }, { member: { dob: "2010-01-01", gender: "Female" } })).thenRefused("SURVEY_NOT_OPEN", 403);
    givenResponse().when(save(1, { MOOD: 3 }, { survey: { ...survey, audience: { ...audience, genders: ["Male"] } } })).thenRefused("SURVEY_NOT_OPEN", 403);
    givenResponse().when(save(1, { MOOD: 3 }, { today: "2027-01-01" })).thenRefused("SURVEY_NOT_OPEN", 403);
    givenResponse().when(save(1, { MOOD: 3 }, { survey: { ...survey, status: "Closed" } })).thenRefused("SURVEY_CONFLICT", 409, "This survey is closed");
    givenResponse().when(save(1, { MOOD: 3 }, { survey: { ...survey, organizationId: "org-2" } })).thenRefused("SURVEY_NOT_FOUND", 404);
    expect(ageOn("2014-11-24", "2026-11-23")).toBe(11);
    expect(ageOn("2014-11-23", "2026-11-23")).toBe(12);
    expect(inAudience({ ageMin: null, ageMax: null, genders: [], startDate: null, endDate: null }, { dob: null, gender: null }, "2026-11-23")).toBe(true);
  });

  describe("parents answering for their children (decision 117)", () => {
    const forParents = (under: number | null): SurveyFacts => ({ ...survey, parentsAnswerUnder: under });
    const byParent = (dob: string | null) => ({ member: { dob, gender: "Female", byParent: true } });

    it("a survey that does not let parents answer refuses a parent (403), whatever the child's age; absent reads as not", () => {
      givenResponse().when(save(1, { MOOD: 3 }, { ...byParent("2015-06-01") })).thenRefused("SURVEY_NOT_FOR_PARENTS", 403, "Members answer this survey themselves: it does not let parents answer for their children");
      givenResponse().when(save(1, { MOOD: 3 }, { survey: forParents(null), ...byParent("2015-06-01") })).thenRefused("SURVEY_NOT_FOR_PARENTS", 403);
    });

    it("a parent answers for a child under the age; not at it (the birthday counts) nor over it", () => {
      givenResponse().when(save(1, { MOOD: 3 }, { survey: forParents(12), ...byParent("2014-11-24") })).then([saved(1, { MOOD: 3 })]);
      givenResponse().when(save(1, { MOOD: 3 }, { survey: forParents(12), ...byParent("2014-11-23") })).thenRefused("SURVEY_NOT_FOR_PARENTS", 403, "Parents answer this survey only for children under 12: this member answers it themselves");
      givenResponse().when(save(1, { MOOD: 3 }, { survey: forParents(12), ...byParent("2013-01-01") })).thenRefused("SURVEY_NOT_FOR_PARENTS", 403);
    });

    it("a child whose date of birth is not recorded is not known to be young enough", () => {
      const anyone: SurveyFacts = { ...forParents(12), audience: { ...audience, ageMin: null, ageMax: null } };
      givenResponse().when(save(1, { MOOD: 3 }, { survey: anyone, ...byParent(null) })).thenRefused("SURVEY_NOT_FOR_PARENTS", 403, "Parents answer this survey only for children under 12, and this child's date of birth is not recorded");
    });

    it("a member answers for themselves at any age, whether or not parents may answer", () => {
      givenResponse().when(save(1, { MOOD: 3 }, { survey: forParents(null), member: { dob: "2013-01-01", gender: "Female", byParent: false } })).then([saved(1, { MOOD: 3 })]);
      givenResponse().when(save(1, { MOOD: 3 }, { survey: forParents(11), member: { dob: "2013-01-01", gender: "Female" } })).then([saved(1, { MOOD: 3 })]);
    });

    it("a parent is still refused once the response was begun by the child (the rule is per save, not per response)", () => {
      givenResponse(saved(1, { MOOD: 4 })).when(save(2, { SPORT: "bb" }, { survey: forParents(12), ...byParent("2013-01-01") })).thenRefused("SURVEY_NOT_FOR_PARENTS", 403);
    });

    it("the setting is a whole age from 1 to 18, or none; it is kept on the survey", () => {
      for (const bad of [0, 19, 2.5]) givenSurvey().when(create({ ...definition, parentsAnswerUnder: bad })).thenRefused("VALIDATION", 400, "Parents answer for children under an age from 1 to 18, or leave it empty");
      givenSurvey().when(create({ ...definition, parentsAnswerUnder: 12 })).then([{ type: "SurveyCreated", data: { ...definition, parentsAnswerUnder: 12, surveyId: "s-1", organizationId: orgId, version: 1, createdBy: "admin-1" } }]);
      const state = givenSurvey({ type: "SurveyCreated", data: { ...definition, parentsAnswerUnder: 12, surveyId: "s-1", organizationId: orgId, version: 1, createdBy: "admin-1" } }).state;
      expect(state.exists && state.definition.parentsAnswerUnder).toBe(12);
      // not part of the questions: changing it on a published survey with answers keeps the version
      givenSurvey(created, published).when(update({ ...definition, parentsAnswerUnder: 10 }, true)).then([{ type: "SurveyUpdated", data: { ...definition, parentsAnswerUnder: 10, surveyId: "s-1", version: 1, updatedBy: "admin-1" } }]);
      expect(parentRefusal(undefined, "2020-01-01", "2026-11-23")).not.toBeNull();
      expect(parentRefusal(7, "2020-01-01", "2026-11-23")).toBeNull();
    });
  });
});
