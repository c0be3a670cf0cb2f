import { applyFieldPolicy, commandIdOf, fieldRoleOfAuth, isMemberLevel, PERMISSIONS as P, type Auth, type Services } from "../identity";
import { DomainError, handleCommand, isUuid, newId, validationError } from "../kernel";
import { timeZoneOf, todayIn } from "../organizations";
import { ownActiveParticipants, participantRowsByIds } from "../../projections/participants";
import { findUserGroup, userGroupIdOf } from "../../projections/identity";
import { programById, registeredIdsOf } from "../../projections/programs";
import { storedFileUrl } from "../uploads";
import { awardSurveyPoints } from "./award";
import { answerCounts, publishedSurveys, responsesOf, surveyById, surveyHasAnswers, surveyReportPage, surveySummaryPage, surveyVersions, type SurveyReportParticipant, type SurveySummaryRow } from "../../projections/surveys";
import { waitForProjection } from "../../projections/runner";
import { responseDecider, surveyDecider, surveyNotFound, type ResponseCommand, type SurveyCommand } from "./decide";
import { questionsOf, surveyResponseStreamId, surveyStreamId, type AnswerValue, type SurveyPage, type SurveyQuestion } from "./events";
import { inAudience, parentRefusal, shownPages, type AudienceMember } from "./rules";
import { definitionOf, responseInputSchema, surveyInputSchema, type ResponseInput, type SurveyInput } from "./schema";

export const SURVEY_TOASTS = {
  created: "Survey successfully created",
  updated: "Survey successfully updated",
  published: "Survey successfully published",
  closed: "Survey successfully closed",
  saved: "Your answers are saved",
  submitted: "Thank you: your answers are submitted",
} as const;
/** spec-2 section 7's empty text for a survey's report */
export const NO_PARTICIPANTS_TEXT = "There are no participants that have answered this survey.";

export const mayBuildSurveys = (auth: Auth) => !isMemberLevel(auth.subject.level) && auth.user.permissionIds.includes(P.CAN_CREATE_SURVEY);
export const mayReadSurveyReports = (auth: Auth) => !isMemberLevel(auth.subject.level) && (auth.user.permissionIds.includes(P.CAN_CREATE_SURVEY) || auth.user.permissionIds.includes(P.CAN_EXPORT_SURVEY_RESULTS));

const today = (services: Services, auth: Auth) => todayIn(timeZoneOf(auth.organization.settings), services.clock.now());
const memberNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

export async function runSurvey(services: Services, command: SurveyCommand) {
  const result = await handleCommand({ store: services.store, clock: services.clock }, surveyDecider, surveyStreamId(command.data.surveyId), command);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "surveys", { atLeast: position });
  return result;
}

/** A survey row's audience as the rules read it (decision 111: with its user groups and programs). */
export const audienceOf = (s: Pick<SurveySummaryRow, "age_min" | "age_max" | "genders" | "start_date" | "end_date" | "group_ids" | "program_ids">) => ({
  ageMin: s.age_min,
  ageMax: s.age_max,
  genders: s.genders,
  startDate: s.start_date,
  endDate: s.end_date,
  groupIds: s.group_ids,
  programIds: s.program_ids,
});

/**
 * Whether the caller may answer a survey for this member today (decision 117): in its audience and, when the
 * member is their child rather than themselves, the survey lets parents answer for a child that young.
 */
export const mayAnswerFor = (s: Pick<SurveySummaryRow, "age_min" | "age_max" | "genders" | "start_date" | "end_date" | "group_ids" | "program_ids" | "parents_answer_under">, member: AudienceMember & { own: boolean }, day: string) =>
  inAudience(audienceOf(s), member, day) && (member.own || parentRefusal(s.parents_answer_under, member.dob, day) === null);

/** The picture's address: a short-lived signed url of the uploaded file, or an address given as is (as challenges do). */
async function imageUrlOf(services: Services, organizationId: string, image: string | null) {
  if (!image) return null;
  return (await storedFileUrl(services, organizationId, image)) ?? (/^https?:\/\//.test(image) ? image : null);
}
const withImage = async <R extends { image: string | null }>(services: Services, organizationId: string, row: R) => ({ ...row, image_url: await imageUrlOf(services, organizationId, row.image) });

export async function surveyOf(services: Services, auth: Auth, id: string | undefined) {
  if (!id || !isUuid(id)) throw surveyNotFound();
  const row = await surveyById(services.db, auth.organization.id, id);
  if (!row) throw surveyNotFound();
  return withImage(services, auth.organization.id, row);
}

/** GET /api/survey: the summary list (spec-2 section 3), newest first. */
export async function surveysOf(services: Services, auth: Auth, query: { page: number; size: number }) {
  const { rows, count } = await surveySummaryPage(services.db, auth.organization.id, query);
  return { data: await Promise.all(rows.map((r) => withImage(services, auth.organization.id, r))), count, additional_info: {} };
}

/** The user groups and programs an audience names must be the organization's (400 naming the field, decision 111). */
async function checkAudienceReferences(services: Services, auth: Auth, input: SurveyInput) {
  const org = auth.organization.id;
  for (const g of input.group_ids) if (!isUuid(g) || (await findUserGroup(services.db, g))?.organization_id !== org) throw new DomainError("VALIDATION", `Unknown user group in the audience: ${g}`, 400, { fieldErrors: { group_ids: [`Unknown user group: ${g}`] } });
  for (const p of input.program_ids) if (!isUuid(p) || !(await programById(services.db, org, p))) throw new DomainError("VALIDATION", `Unknown program in the audience: ${p}`, 400, { fieldErrors: { program_ids: [`Unknown program: ${p}`] } });
}

/** GET /api/survey/{id}: one survey with its current version's pages. */
export const surveyCall = (services: Services, auth: Auth, id: string | undefined) => surveyOf(services, auth, id);

/** POST /api/survey: a draft survey (its definition checked whole: decision 074). */
export async function createSurvey(services: Services, auth: Auth, request: Request, body: unknown) {
  const parsed = surveyInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  await checkAudienceReferences(services, auth, parsed.data);
  const surveyId = newId();
  const commandId = commandIdOf(auth, request, (body as { command_id?: unknown } | null)?.command_id);
  const result = await runSurvey(services, { type: "CreateSurvey", data: { surveyId, definition: definitionOf(parsed.data) }, metadata: { commandId, organizationId: auth.organization.id, actorId: auth.user.id } });
  const created = result.events[0]?.data as { surveyId: string } | undefined;
  return { message: SURVEY_TOASTS.created, data: await surveyOf(services, auth, created?.surveyId ?? surveyId) };
}

/** PUT /api/survey/{id}: the whole definition again; a published survey with answers gains a version when its questions change. */
export async function updateSurvey(services: Services, auth: Auth, request: Request, id: string | undefined, body: unknown) {
  const row = await surveyOf(services, auth, id);
  const parsed = surveyInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  await checkAudienceReferences(services, auth, parsed.data);
  const hasAnswers = await surveyHasAnswers(services.db, row.id);
  const commandId = commandIdOf(auth, request, (body as { command_id?: unknown } | null)?.command_id);
  await runSurvey(services, { type: "UpdateSurvey", data: { surveyId: row.id, definition: definitionOf(parsed.data), hasAnswers }, metadata: { commandId, organizationId: auth.organization.id, actorId: auth.user.id } });
  return { message: SURVEY_TOASTS.updated, data: await surveyOf(services, auth, row.id) };
}

/** POST /api/survey/{id}/publish and /close: once each (409 after). */
export async function changeSurveyStatus(services: Services, auth: Auth, request: Request, id: string | undefined, to: "publish" | "close") {
  const row = await surveyOf(services, auth, id);
  const commandId = commandIdOf(auth, request);
  const type = to === "publish" ? "PublishSurvey" : "CloseSurvey";
  await runSurvey(services, { type, data: { surveyId: row.id }, metadata: { commandId, organizationId: auth.organization.id, actorId: auth.user.id } });
  return { message: to === "publish" ? SURVEY_TOASTS.published : SURVEY_TOASTS.closed, data: await surveyOf(services, auth, row.id) };
}

// ---------------------------------------------------------------- answering (members and parents)

type Member = AudienceMember & { id: string; name: string; own: boolean };

/**
 * The participants a member answers for: themselves (their own profile) and their children, with what the
 * audience needs (decision 111, as challenges read it): the group of the participant's own account, the programs
 * among `programIds` they are registered in.
 */
async function membersOf(services: Services, auth: Auth, programIds: readonly string[]): Promise<Member[]> {
  if (!isMemberLevel(auth.subject.level)) return [];
  const people = await ownActiveParticipants(services.db, auth.organization.id, auth.user.id);
  if (people.length === 0) return [];
  const facts = await participantRowsByIds(services.db, auth.organization.id, people.map((p) => p.id));
  const byId = new Map(facts.map((f) => [String(f.id), f]));
  const registered = await registeredIdsOf(services.db, auth.organization.id, [...new Set(programIds)]);
  return Promise.all(
    people.map(async (p) => {
      const f = byId.get(String(p.id));
      const userId = f?.user_id ?? null;
      return {
        id: String(p.id),
        name: p.full_name,
        dob: f?.dob ?? null,
        gender: f?.gender ?? null,
        groupId: userId ? await userGroupIdOf(services.db, userId) : null,
        programIds: programIds.filter((g) => registered.get(g)?.includes(String(p.id))),
        own: p.user_id === auth.user.id,
      };
    }),
  );
}

/** The member a response call is for: the one named (their own or their child's, else 404), else their own profile, else their only one. */
async function memberFor(services: Services, auth: Auth, participantId: string | undefined, programIds: readonly string[] = []): Promise<Member> {
  const members = await membersOf(services, auth, programIds);
  const member = participantId ? members.find((m) => m.id === participantId) : (members.find((m) => m.own) ?? (members.length === 1 ? members[0] : undefined));
  if (!member) throw memberNotFound();
  return member;
}

/** GET /api/survey/open: the published surveys open today to the caller (and their children), with their progress. */
export async function openSurveysOf(services: Services, auth: Auth) {
  const surveys = await publishedSurveys(services.db, auth.organization.id);
  const members = await membersOf(services, auth, surveys.flatMap((s) => s.program_ids));
  const day = today(services, auth);
  const responses = await responsesOf(services.db, auth.organization.id, members.map((m) => m.id));
  const data = members.flatMap((m) =>
    surveys
      .filter((s) => mayAnswerFor(s, m, day))
      .map((s) => {
        const r = responses.find((x) => x.survey_id === s.id && x.participant_id === m.id);
        return { id: s.id, name: s.name, description: s.description, end_date: s.end_date, points: s.points, image: s.image, participant_id: m.id, participant_name: m.name, for_child: !m.own, status: r ? (r.completed ? "Completed" : "In progress") : "Not started", last_page: r?.last_page ?? 0 };
      }),
  );
  const images = new Map(await Promise.all([...new Set(data.map((d) => d.image))].map(async (i) => [i, await imageUrlOf(services, auth.organization.id, i)] as const)));
  return { data: data.map(({ image, ...d }) => ({ ...d, image_url: images.get(image) ?? null })), count: data.length };
}

/** GET /api/survey/{id}/response: the version the member answers, their saved answers (resume), and whether it is submitted. */
export async function responseCall(services: Services, auth: Auth, id: string | undefined, participantId: string | undefined) {
  const survey = await surveyOf(services, auth, id);
  const member = await memberFor(services, auth, participantId, survey.program_ids);
  const [response] = (await responsesOf(services.db, auth.organization.id, [member.id])).filter((r) => r.survey_id === survey.id);
  if (survey.status === "Draft") throw surveyNotFound();
  const pages = response ? ((await surveyVersions(services.db, survey.id))[response.version] ?? survey.pages) : survey.pages;
  const answers = response?.answers ?? {};
  return {
    survey: { id: survey.id, name: survey.name, description: survey.description, status: survey.status, end_date: survey.end_date, version: response?.version ?? survey.version, points: survey.points, image_url: survey.image_url, pages },
    participant: { id: member.id, name: member.name },
    open: survey.status === "Published" && mayAnswerFor(survey, member, today(services, auth)),
    /** decision 117: parents answer for their children under this age; null: members answer for themselves only */
    parents_answer_under: survey.parents_answer_under,
    /** why the caller may not answer it for this child (decision 117), or null */
    parent_refusal: member.own ? null : parentRefusal(survey.parents_answer_under, member.dob, today(services, auth)),
    /** the pages shown for the answers saved (decision 110): progress counts these, answering skips the others */
    shown_pages: shownPages(pages, answers),
    answers,
    last_page: response?.last_page ?? 0,
    completed: response?.completed ?? false,
    completed_date: response?.completed_date ?? null,
  };
}

/** PUT /api/survey/{id}/response: one page's answers saved (a partial completion); `submit: true` submits, once. */
export async function saveResponse(services: Services, auth: Auth, request: Request, id: string | undefined, body: unknown) {
  const parsed = responseInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return saveResponseInput(services, auth, request, id, parsed.data);
}

export async function saveResponseInput(services: Services, auth: Auth, request: Request | null, id: string | undefined, input: ResponseInput) {
  const survey = await surveyOf(services, auth, id);
  if (survey.status === "Draft") throw surveyNotFound();
  const member = await memberFor(services, auth, input.participant_id, survey.program_ids);
  const versions = await surveyVersions(services.db, survey.id);
  const command: ResponseCommand = {
    type: "SaveSurveyAnswers",
    data: {
      surveyId: survey.id,
      participantId: member.id,
      page: input.page,
      answers: input.answers,
      submit: input.submit,
      survey: { organizationId: auth.organization.id, status: survey.status, version: survey.version, audience: audienceOf(survey), versions, parentsAnswerUnder: survey.parents_answer_under },
      member: { dob: member.dob, gender: member.gender, groupId: member.groupId, programIds: member.programIds, byParent: !member.own },
      today: today(services, auth),
    },
    metadata: { commandId: request ? commandIdOf(auth, request) : newId(), organizationId: auth.organization.id, actorId: auth.user.id },
  };
  const result = await handleCommand({ store: services.store, clock: services.clock }, responseDecider, surveyResponseStreamId(survey.id, member.id), command);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "surveys", { atLeast: position });
  // points for completion (decision 111): awarded once, when this request submitted it
  if (result.events.some((e) => e.type === "SurveyResponseSubmitted")) {
    const awarded = await awardSurveyPoints(services, { organizationId: auth.organization.id, surveyId: survey.id, participantId: member.id, points: survey.points, name: survey.name, actorId: auth.user.id });
    if (awarded.length > 0) await waitForProjection(services, "points", { atLeast: Math.max(...awarded) });
  }
  return { message: input.submit ? SURVEY_TOASTS.submitted : SURVEY_TOASTS.saved, data: await responseCall(services, auth, survey.id, member.id) };
}

// ---------------------------------------------------------------- the report

/** An answer as the report gives it (spec-2 section 3): the item code, the label a person reads, the value stored. */
export function answerRows(questions: readonly SurveyQuestion[], answers: Record<string, AnswerValue>) {
  return questions
    .filter((q) => answers[q.item_code] !== undefined && answers[q.item_code] !== null)
    .map((q) => {
      const value = answers[q.item_code]!;
      const label = (v: string) => q.options?.find((o) => o.value === v)?.label ?? v;
      const answer_label = Array.isArray(value) ? value.map(label).join("; ") : typeof value === "string" && q.options ? label(value) : String(value);
      return { item_code: q.item_code, answer_label, answer_value: value };
    });
}

/** Every question the survey has asked in any version, by item code (the newest words), in the newest order. */
export function questionsAcross(versions: Record<number, SurveyPage[]>) {
  const byCode = new Map<string, SurveyQuestion>();
  for (const v of Object.keys(versions).map(Number).sort((a, b) => b - a)) for (const q of questionsOf(versions[v]!)) if (!byCode.has(q.item_code)) byCode.set(q.item_code, q);
  return [...byCode.values()];
}

/** How many chose each answer of each choice and rating question (completed and partial responses), for the report's bars. */
async function distributionOf(services: Services, surveyId: string, questions: readonly SurveyQuestion[]) {
  const counted = await answerCounts(services.db, surveyId);
  return questions
    .filter((q) => q.type === "single_choice" || q.type === "multiple_choice" || q.type === "rating" || q.type === "likert")
    .map((q) => {
      const counts = new Map(counted.filter((r) => r.item_code === q.item_code).map((r) => [r.value, Number(r.n)]));
      const choices = q.type === "rating" ? Array.from({ length: q.scale ?? 5 }, (_, i) => ({ label: String(i + 1), value: String(i + 1) })) : (q.options ?? []);
      return { item_code: q.item_code, question_text: q.text, answers: choices.map((c) => ({ answer_label: c.label, answer_value: c.value, count: counts.get(c.value) ?? 0 })) };
    });
}

/**
 * GET /api/survey/{id}/report (spec-2 sections 3 and 7): the survey, its questions (item_code, question_id,
 * question_text, type), a page of the participants who answered (their fields by the caller's field policy,
 * decision 027) with their answers (item_code, answer_label, answer_value) and completed_date, and the counts
 * per answer of the choice and rating questions.
 */
export async function surveyReport(services: Services, auth: Auth, id: string | undefined, query: { page: number; size: number }) {
  const survey = await surveyOf(services, auth, id);
  const versions = await surveyVersions(services.db, survey.id);
  const questions = questionsAcross(versions);
  const { rows, count } = await surveyReportPage(services.db, auth.organization.id, survey.id, query);
  const role = fieldRoleOfAuth(auth);
  const participants = rows.map((r: SurveyReportParticipant) => {
    const asked = questionsOf(versions[r.version] ?? []);
    return {
      ...applyFieldPolicy(role, { participant_id: r.participant_id, member_id: r.member_id, first_name: r.first_name, last_name: r.last_name, dob: r.dob, gender: r.gender, email: r.email }),
      version: r.version,
      completed: r.completed,
      completed_date: r.completed_date,
      answers: answerRows(asked, r.answers),
    };
  });
  const { pages: _pages, ...summary } = survey;
  return {
    survey: summary,
    questions: questions.map((q) => ({ item_code: q.item_code, question_id: `${survey.id}:${q.item_code}`, question_text: q.text, type: q.type, ...(q.options ? { options: q.options } : {}), ...(q.scale ? { scale: q.scale } : {}), ...(q.matrix ? { matrix: q.matrix } : {}) })),
    participants,
    count,
    empty_text: count === 0 ? NO_PARTICIPANTS_TEXT : null,
    distribution: await distributionOf(services, survey.id, questions),
  };
}

