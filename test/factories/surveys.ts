import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { surveyDecider, surveyResponseStreamId, surveyStreamId, type SurveyCommand, type SurveyDefinition, type SurveyResponseEvent } from "../../modules/surveys";
import { inPool } from "./participants";

type Deps = { store: EventStore; clock: Clock };
type Org = { id: string; name: string };

const DAY = 86_400_000;
/** The five statements both demo surveys ask (the same item codes: a pre/post pair), rated 1 (not at all) to 5 (very much). */
export const DEMO_SURVEY_ITEMS = [
  { item_code: "WB_1", text: "I feel good about myself." },
  { item_code: "WB_2", text: "I have an adult here I can talk to." },
  { item_code: "WB_3", text: "I get along with the other members." },
  { item_code: "WB_4", text: "I try new things even when they are hard." },
  { item_code: "WB_5", text: "I feel safe at the centre." },
] as const;

const day = (clock: Clock, days: number) => new Date(clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

function definition(clock: Clock, which: "pre" | "post"): SurveyDefinition {
  const rating = (i: (typeof DEMO_SURVEY_ITEMS)[number]) => ({ type: "rating" as const, item_code: i.item_code, text: i.text, required: true, scale: 5 });
  return {
    name: `Wellbeing check (${which})`,
    description: which === "pre" ? "At the start of the season: how members feel (1 not at all, 5 very much)." : "At the end of the season: the same five statements, to see the change.",
    audience: { ageMin: 5, ageMax: 18, genders: [], startDate: which === "pre" ? day(clock, -70) : day(clock, -14), endDate: which === "pre" ? day(clock, -40) : day(clock, 30) },
    pages: [
      { title: "How you feel", elements: [{ type: "section_text", text: "Think about the last few weeks. There are no right or wrong answers." }, ...DEMO_SURVEY_ITEMS.slice(0, 3).map(rating)] },
      { title: "Trying and belonging", elements: [...DEMO_SURVEY_ITEMS.slice(3).map(rating), ...(which === "post" ? [DEMO_LIKERT] : [])] },
    ],
    // the post survey is worth points when submitted (decision 111); the generated answers went in directly, so only new submissions earn them
    points: which === "post" ? DEMO_SURVEY_POINTS : 0,
    image: null,
    // parents answer for children under 12 (decision 117): parent@ answers for Maya (9), Leo (12) answers himself; family@'s children are 10 and 7
    parentsAnswerUnder: DEMO_PARENTS_ANSWER_UNDER,
  };
}

/** The post survey's Likert matrix (decision 110): not required, so the demo's earlier answers stay complete; the pre survey has none, so the evaluation's items are unchanged. */
export const DEMO_SURVEY_POINTS = 20;
/** Both demo surveys let parents answer for their children under this age (decision 117). */
export const DEMO_PARENTS_ANSWER_UNDER = 12;
const DEMO_LIKERT = {
  type: "likert" as const,
  text: "How far do you agree?",
  required: false,
  options: [
    { value: "1", label: "Strongly disagree" },
    { value: "2", label: "Disagree" },
    { value: "3", label: "Not sure" },
    { value: "4", label: "Agree" },
    { value: "5", label: "Strongly agree" },
  ],
  rows: [
    { item_code: "LK_PROUD", text: "I am proud of what I did this season." },
    { item_code: "LK_AGAIN", text: "I would come back next season." },
  ],
};

/** A member's demo rating of an item: the pre answer 1..4 by a fixed pattern; the post one usually a point higher. */
const preRating = (i: number, q: number) => 1 + ((i * 7 + q * 3) % 4);
const postRating = (i: number, q: number) => Math.min(5, preRating(i, q) + (i % 3 === 0 ? 0 : 1));

/**
 * The demo surveys (decision 074), in each organization: a pre survey (closed, answered by about six in seven of
 * the generated participants) and a post survey with the same item codes (open until a month from now, answered
 * by about four in five, a few stopped after the first page). The demo family's children have not answered, so
 * child1@ and child2@ find the post survey open, and parent@ for Maya (9; parents answer for children under 12,
 * decision 117) but not for Leo (12). The post survey is paired with the pre one, so the
 * evaluation (decision 105) shows the change of the members who answered both. Ids are derived; the responses go in by direct appends
 * (one per member and survey), so the seed stays quick.
 */
export async function seedDemoSurveys(deps: Deps, org: Org, participantIds: readonly string[], adminId: string): Promise<void> {
  for (const which of ["pre", "post"] as const) {
    const surveyId = idFrom("demo", "survey", org.id, which);
    const run = async (command: SurveyCommand) => {
      const result = await handleCommand(deps, surveyDecider, surveyStreamId(surveyId), command);
      if (!result.ok) throw new Error(`seeding the ${which} survey: ${result.error.message}`);
    };
    const metadata = (step: string) => ({ commandId: idFrom("demo-seed", "survey", surveyId, step), organizationId: org.id, actorId: adminId });
    await run({ type: "CreateSurvey", data: { surveyId, definition: definition(deps.clock, which) }, metadata: metadata("create") });
    await run({ type: "PublishSurvey", data: { surveyId }, metadata: metadata("publish") });

    const answered = participantIds.filter((_, i) => (which === "pre" ? i % 7 !== 3 : i % 5 !== 2));
    await inPool(answered, 8, async (participantId, k) => {
      const i = participantIds.indexOf(participantId);
      const partial = which === "post" && k % 12 === 5;
      const rate = which === "pre" ? preRating : postRating;
      const answers = (from: number, to: number) => Object.fromEntries(DEMO_SURVEY_ITEMS.slice(from, to).map((item, q) => [item.item_code, rate(i, q + from)]));
      const base = { surveyId, organizationId: org.id, participantId, version: 1 };
      const events: SurveyResponseEvent[] = [{ type: "SurveyAnswersSaved", data: { ...base, page: 1, answers: answers(0, 3), savedBy: null } }];
      if (!partial) {
        events.push({ type: "SurveyAnswersSaved", data: { ...base, page: 2, answers: answers(3, 5), savedBy: null } });
        events.push({ type: "SurveyResponseSubmitted", data: { ...base, submittedBy: null } });
      }
      const stream = surveyResponseStreamId(surveyId, participantId);
      const commandId = idFrom("demo-seed", "survey-response", stream);
      // answered over the survey's first days
      const occurredAt = new Date(deps.clock.now().getTime() + ((which === "pre" ? -69 : -13) + (k % 7)) * DAY).toISOString();
      await deps.store.appendToStream<SurveyResponseEvent>(
        stream,
        events.map((e, index) => ({ ...e, eventId: idFrom(commandId, index), metadata: { organizationId: org.id, actorId: null, commandId, correlationId: commandId, causationId: null, occurredAt } })),
        { expectedRevision: "any" },
      );
    });
    if (which === "pre") await run({ type: "CloseSurvey", data: { surveyId }, metadata: metadata("close") });
  }
  // the post survey is the pre survey's pair (decision 105): the report page shows the evaluation on first start
  const preId = idFrom("demo", "survey", org.id, "pre");
  const postId = idFrom("demo", "survey", org.id, "post");
  const paired = await handleCommand(deps, surveyDecider, surveyStreamId(postId), {
    type: "PairSurvey",
    data: { surveyId: postId, pairsWith: preId, facts: { pre: { found: true, name: "Wellbeing check (pre)", pairsWith: null, otherPost: null }, preOf: null } },
    metadata: { commandId: idFrom("demo-seed", "survey", postId, "pair"), organizationId: org.id, actorId: adminId },
  });
  if (!paired.ok) throw new Error(`pairing the demo surveys: ${paired.error.message}`);
}
