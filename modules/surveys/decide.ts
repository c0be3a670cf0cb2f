import { DomainError, type Command, type Decider } from "../kernel";
import type { AnswerValue, SurveyAudience, SurveyDefinition, SurveyEvent, SurveyPage, SurveyResponseEvent, SurveyStatus } from "./events";
import { questionsOfPage } from "./events";
import { checkDefinition, checkPageAnswers, droppedQuestions, inAudience, parentRefusal, sameQuestions, shownPages, unansweredRequired, type AudienceMember } from "./rules";

export const surveyNotFound = () => new DomainError("SURVEY_NOT_FOUND", "Survey not found", 404);
const conflict = (message: string) => new DomainError("SURVEY_CONFLICT", message, 409);

// ---------------------------------------------------------------- the survey (stream survey-{id})

export type SurveyState =
  | { exists: false }
  | { exists: true; organizationId: string; status: SurveyStatus; version: number; definition: SurveyDefinition; pairsWith?: string | null };

/**
 * What pairing needs to know beyond the survey's own stream (read by the service from the read model, decision
 * 105): the pre survey named (in the caller's organization, else not found), whether it is itself a post
 * survey, the post survey it already has; and the survey that names this one as its pre, if any.
 */
export type PairFacts = { pre: { found: boolean; name: string; pairsWith: string | null; otherPost: string | null } | null; preOf: string | null };

export type SurveyCommand =
  | Command<"CreateSurvey", { surveyId: string; definition: SurveyDefinition }>
  /** hasAnswers: whether anyone has saved an answer to it (the read model's fact, passed in) */
  | Command<"UpdateSurvey", { surveyId: string; definition: SurveyDefinition; hasAnswers: boolean }>
  | Command<"PublishSurvey", { surveyId: string }>
  | Command<"CloseSurvey", { surveyId: string }>
  /** mark the survey as the post survey of `pairsWith` (null: unpair) */
  | Command<"PairSurvey", { surveyId: string; pairsWith: string | null; facts: PairFacts }>;

export const initialSurveyState = (): SurveyState => ({ exists: false });

export function evolveSurvey(state: SurveyState, event: SurveyEvent): SurveyState {
  switch (event.type) {
    case "SurveyCreated": {
      const { name, description, audience, pages, points, image, parentsAnswerUnder } = event.data;
      return { exists: true, organizationId: event.data.organizationId, status: "Draft", version: event.data.version, definition: { name, description, audience, pages, points: points ?? 0, image: image ?? null, parentsAnswerUnder: parentsAnswerUnder ?? null } };
    }
    case "SurveyUpdated": {
      if (!state.exists) return state;
      const { name, description, audience, pages, points, image, parentsAnswerUnder } = event.data;
      return { ...state, version: event.data.version, definition: { name, description, audience, pages, points: points ?? 0, image: image ?? null, parentsAnswerUnder: parentsAnswerUnder ?? null } };
    }
    case "SurveyPublished":
      return state.exists ? { ...state, status: "Published" } : state;
    case "SurveyClosed":
      return state.exists ? { ...state, status: "Closed" } : state;
    case "SurveyPaired":
      return state.exists ? { ...state, pairsWith: event.data.pairsWith } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Pure (decision 074). A draft is edited freely. A published survey with no answers yet is edited in place.
 * A published survey with answers may gain questions and change their words, never lose one (409): when its
 * questions change, the edit is a new version and the answers already given stay under theirs. A closed survey
 * is not edited. Published once, closed once (409 after). Another organization's survey is not found.
 */
export function decideSurvey(state: SurveyState, command: SurveyCommand, _now: Date): SurveyEvent[] | DomainError {
  const actor = command.metadata.actorId;
  if (command.type === "CreateSurvey") {
    if (state.exists) return [];
    const problem = checkDefinition(command.data.definition);
    if (problem) return problem;
    return [{ type: "SurveyCreated", data: { ...command.data.definition, surveyId: command.data.surveyId, organizationId: command.metadata.organizationId!, version: 1, createdBy: actor } }];
  }
  if (!state.exists || state.organizationId !== command.metadata.organizationId) return surveyNotFound();
  switch (command.type) {
    case "UpdateSurvey": {
      if (state.status === "Closed") return conflict("A closed survey cannot be changed");
      const next = command.data.definition;
      const problem = checkDefinition(next);
      if (problem) return problem;
      let version = state.version;
      if (state.status === "Published" && command.data.hasAnswers) {
        const dropped = droppedQuestions(state.definition.pages, next.pages);
        if (dropped.length > 0) return conflict(`This survey has answers: questions can be added, not removed ('${dropped.join("', '")}')`);
        if (!sameQuestions(state.definition.pages, next.pages)) version += 1;
      }
      return [{ type: "SurveyUpdated", data: { ...next, surveyId: command.data.surveyId, version, updatedBy: actor } }];
    }
    case "PublishSurvey":
      if (state.status !== "Draft") return conflict(`This survey is ${state.status.toLowerCase()} already`);
      return [{ type: "SurveyPublished", data: { surveyId: command.data.surveyId, version: state.version, publishedBy: actor } }];
    case "CloseSurvey":
      if (state.status === "Closed") return conflict("This survey is closed already");
      if (state.status === "Draft") return conflict("A draft survey is not open, so it cannot be closed; publish it first");
      return [{ type: "SurveyClosed", data: { surveyId: command.data.surveyId, closedBy: actor } }];
    case "PairSurvey":
      return decidePairing(state, command.data, actor);
    default: {
      const never: never = command;
      return never;
    }
  }
}

const invalid = (message: string) => new DomainError("VALIDATION", message, 400, { fieldErrors: { pairs_with: [message] } });

/**
 * Pre/post pairing (decision 105): a survey is the post survey of one pre survey of the same organization; not
 * of itself; the pre is not itself a post survey and the post is not a pre survey (no chains, so no cycles); a
 * pre survey has one post survey. Pairing again with the same survey changes nothing; null unpairs.
 */
function decidePairing(state: SurveyState & { exists: true }, data: { surveyId: string; pairsWith: string | null; facts: PairFacts }, actor: string | null): SurveyEvent[] | DomainError {
  const current = state.pairsWith ?? null;
  const event = (pairsWith: string | null): SurveyEvent[] => [{ type: "SurveyPaired", data: { surveyId: data.surveyId, pairsWith, pairedBy: actor } }];
  if (data.pairsWith === null) return current === null ? [] : event(null);
  if (data.pairsWith === data.surveyId) return invalid("A survey cannot be paired with itself");
  const pre = data.facts.pre;
  if (!pre?.found) return new DomainError("SURVEY_NOT_FOUND", "Pre survey not found", 404);
  if (pre.pairsWith !== null) return invalid(`'${pre.name}' is itself a post survey; pair with its pre survey instead`);
  if (data.facts.preOf !== null) return invalid(`This survey is the pre survey of '${data.facts.preOf}'; a survey is a pre or a post survey, not both`);
  if (pre.otherPost !== null) return invalid(`'${pre.name}' is the pre survey of '${pre.otherPost}' already; a pre survey has one post survey`);
  return current === data.pairsWith ? [] : event(data.pairsWith);
}

export const surveyDecider: Decider<SurveyState, SurveyCommand, SurveyEvent> = { initialState: initialSurveyState, evolve: evolveSurvey, decide: decideSurvey };

// ---------------------------------------------------------------- a member's response (stream survey-response-{surveyId}-{participantId})

export type ResponseState =
  | { started: false }
  | { started: true; version: number; answers: Record<string, AnswerValue>; lastPage: number; submitted: boolean };

/** What the response's rules need to know of the survey and the member (read by the service, passed in). */
export type SurveyFacts = { organizationId: string; status: SurveyStatus; version: number; audience: SurveyAudience; versions: Record<number, SurveyPage[]>; parentsAnswerUnder?: number | null };
/** byParent: the caller answers for their child, not for themselves (decision 117) */
export type MemberFacts = AudienceMember & { byParent?: boolean };

export type ResponseCommand = Command<
  "SaveSurveyAnswers",
  { surveyId: string; participantId: string; page: number; answers: Record<string, AnswerValue>; submit: boolean; survey: SurveyFacts; member: MemberFacts; today: string }
>;

export const initialResponseState = (): ResponseState => ({ started: false });

export function evolveResponse(state: ResponseState, event: SurveyResponseEvent): ResponseState {
  switch (event.type) {
    case "SurveyAnswersSaved": {
      const before = state.started ? state : { started: true as const, version: event.data.version, answers: {}, lastPage: 0, submitted: false };
      const answers = { ...before.answers, ...event.data.answers };
      for (const [k, v] of Object.entries(answers)) if (v === null) delete answers[k];
      return { ...before, answers, lastPage: Math.max(before.lastPage, event.data.page) };
    }
    case "SurveyResponseSubmitted":
      return state.started ? { ...state, submitted: true } : { started: true, version: event.data.version, answers: {}, lastPage: 0, submitted: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Pure (decision 074). A member answers a published survey they are in the audience of, page by page; each page
 * saved is kept (a partial completion) and answers the version the response began on. Answers are checked
 * against that version's questions on that page (unknown, misplaced or wrong type: 400 naming it; nothing of a
 * bad page is saved, nothing saved before is lost). `submit` ends it, once (409 after), with every required
 * question answered. A parent answers for a child only when the survey lets parents answer and the child is under
 * its age (decision 117; else 403 SURVEY_NOT_FOR_PARENTS).
 */
export function decideResponse(state: ResponseState, command: ResponseCommand, _now: Date): SurveyResponseEvent[] | DomainError {
  const { survey, member, today, page, answers, submit, surveyId, participantId } = command.data;
  if (survey.organizationId !== command.metadata.organizationId) return surveyNotFound();
  if (state.started && state.submitted) return conflict("This survey has been submitted already");
  if (survey.status === "Closed") return conflict("This survey is closed");
  if (survey.status !== "Published") return conflict("This survey is not open yet");
  if (!inAudience(survey.audience, member, today)) return new DomainError("SURVEY_NOT_OPEN", "This survey is not open to this member", 403);
  if (member.byParent) {
    const refused = parentRefusal(survey.parentsAnswerUnder, member.dob, today);
    if (refused) return new DomainError("SURVEY_NOT_FOR_PARENTS", refused, 403);
  }
  const version = state.started ? state.version : survey.version;
  const pages = survey.versions[version];
  if (!pages) return surveyNotFound();
  const problem = checkPageAnswers(pages, page, answers);
  if (problem) return problem;
  const before = state.started ? state.answers : {};
  // a page's condition depends on earlier pages only, so the answers saved so far tell whether it is shown (decision 110)
  if (!shownPages(pages, before).includes(page)) return new DomainError("VALIDATION", `Page ${page} is not shown for the answers given: its condition is not met`, 400, { fieldErrors: { page: [`Page ${page} is not shown`] } });
  const base = { surveyId, organizationId: survey.organizationId, participantId, version };
  const events: SurveyResponseEvent[] = [{ type: "SurveyAnswersSaved", data: { ...base, page, answers, savedBy: command.metadata.actorId } }];
  if (submit) {
    const saved = events.reduce(evolveResponse, state);
    const merged = saved.started ? saved.answers : {};
    // answers left on pages the final answers hide are cleared (page by page), so the report holds only what was asked
    const shown = new Set(shownPages(pages, merged));
    for (const [i, p] of pages.entries()) {
      if (shown.has(i + 1)) continue;
      const stale = questionsOfPage(p).filter((q) => merged[q.item_code] !== undefined);
      if (stale.length > 0) events.push({ type: "SurveyAnswersSaved", data: { ...base, page: i + 1, answers: Object.fromEntries(stale.map((q) => [q.item_code, null])), savedBy: command.metadata.actorId } });
    }
    const after = events.reduce(evolveResponse, state);
    const missing = unansweredRequired(pages, after.started ? after.answers : {});
    if (missing.length > 0) return new DomainError("VALIDATION", `Question '${missing[0]}' needs an answer before the survey is submitted`, 400, { fieldErrors: { [`answers.${missing[0]}`]: ["This question needs an answer"] } });
    events.push({ type: "SurveyResponseSubmitted", data: { ...base, submittedBy: command.metadata.actorId } });
  }
  return events;
}

export const responseDecider: Decider<ResponseState, ResponseCommand, SurveyResponseEvent> = { initialState: initialResponseState, evolve: evolveResponse, decide: decideResponse };
