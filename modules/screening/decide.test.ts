import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import type { DailyScreeningCommand, ScreeningActor, ScreeningFacts, SetScreeningQuestions } from "./commands";
import { dailyScreeningDecider, questionsDecider } from "./decide";
import type { DailyScreeningEvent, ScreeningQuestionsEvent } from "./events";
import { formProblem, isComplete } from "./form";
import { screeningDay } from "./handlers";
import { DEFAULT_SCREENING_QUESTIONS } from "./questions";
import { deciderSpec } from "../../test/support/decider-spec";

const orgId = "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const now = new Date("2026-11-23T14:00:00.000Z");
const day = "2026-11-23";
const kid = { participantId: "kid-1", organizationId: orgId, name: "Maya Maple", guardianIds: ["parent-1"], userId: "kid-user-1" };
const actors = {
  parent: { userId: "parent-1", level: 1, roleName: "PARENT" },
  otherParent: { userId: "parent-2", level: 1, roleName: "PARENT" },
  self: { userId: "kid-user-1", level: 1, roleName: "PARTICIPANT" },
  otherParticipant: { userId: "kid-user-2", level: 1, roleName: "PARTICIPANT" },
  coach: { userId: "coach-1", level: 2, roleName: "COACH" },
  admin: { userId: "admin-1", level: 3, roleName: "ADMIN" },
  organization: { userId: "org-1", level: 4, roleName: "ORGANIZATION" },
  superadmin: { userId: "super-1", level: 6, roleName: "SUPERADMIN" },
  kiosk: { userId: "kiosk-1", level: 7, roleName: "KIOSK" },
} satisfies Record<string, ScreeningActor>;

const facts = (over: Partial<ScreeningFacts> = {}): ScreeningFacts => ({ participant: kid, actor: actors.parent, screeningOn: true, questions: DEFAULT_SCREENING_QUESTIONS, ...over });
const metadata = (actor: ScreeningActor): CommandMetadata => ({ commandId: "cmd-1", organizationId: orgId, actorId: actor.userId });
const allNo = [
  { question_id: "symptoms", answer: "NO" },
  { question_id: "contact", answer: "NO" },
  { question_id: "isolate", answer: "NO" },
];
const oneYes = allNo.map((a) => (a.question_id === "contact" ? { ...a, answer: "YES" } : a));
const labelled = (answers: { question_id: string; answer: string }[]) =>
  answers.map((a) => ({ ...a, label: DEFAULT_SCREENING_QUESTIONS.find((q) => q.id === a.question_id)!.label }));

const fill = (answers: unknown, actor: ScreeningActor = actors.parent, over: Partial<ScreeningFacts> = {}): DailyScreeningCommand => ({
  type: "FillScreening",
  data: { participantId: kid.participantId, day, answers, flagId: "flag-1", facts: facts({ actor, ...over }) },
  metadata: metadata(actor),
});
const decline = (actor: ScreeningActor = actors.parent, over: Partial<ScreeningFacts> = {}): DailyScreeningCommand => ({
  type: "DeclineScreening",
  data: { participantId: kid.participantId, day, facts: facts({ actor, ...over }) },
  metadata: metadata(actor),
});
const filled = (answers: { question_id: string; answer: string }[], by: ScreeningActor = actors.parent, onBehalf = false): DailyScreeningEvent => {
  const failed = answers.some((a) => a.answer === "YES");
  return {
    type: "DailyScreeningFilled",
    data: { participantId: kid.participantId, organizationId: orgId, day, answers: labelled(answers), isFilled: true, failed, flagId: failed ? "flag-1" : null, filledBy: by.userId, onBehalf },
  };
};
const declined = (by: ScreeningActor = actors.parent): DailyScreeningEvent => ({
  type: "DailyScreeningDeclined",
  data: { participantId: kid.participantId, organizationId: orgId, day, declinedBy: by.userId },
});

const given = deciderSpec(dailyScreeningDecider, now);

describe("screening: a participant's day", () => {
  it("records a clean screening, answers in the questions' order, no flag", () => {
    given().when(fill([...allNo].reverse())).then([filled(allNo)]);
  });

  it("a YES fails the screening and carries the stop flag's id", () => {
    given().when(fill(oneYes)).then([filled(oneYes)]);
    const { state } = given(filled(oneYes));
    expect(state).toMatchObject({ status: "filled", failed: true, flagId: "flag-1" });
  });

  it("a decline records only who declined, no answers", () => {
    given().when(decline()).then([declined()]);
    const event = declined();
    expect(Object.keys(event.data).sort()).toEqual(["day", "declinedBy", "organizationId", "participantId"]);
    expect(given(declined()).state).toMatchObject({ status: "declined", answers: [] });
  });

  it("declining again, or after filling, appends nothing; filling after a decline is allowed", () => {
    given(declined()).when(decline()).then([]);
    given(filled(allNo)).when(decline()).then([]);
    given(declined()).when(fill(allNo)).then([filled(allNo)]);
  });

  it("refuses a form with an unanswered RADIO question, or an answer that is not an option", () => {
    given().when(fill(allNo.slice(0, 2))).thenRefused("VALIDATION", 400, "All fields are mandatory");
    given().when(fill([])).thenRefused("VALIDATION", 400, "All fields are mandatory");
    given().when(fill(undefined)).thenRefused("VALIDATION", 400, "All fields are mandatory");
    given().when(fill(allNo.map((a, i) => (i === 0 ? { ...a, answer: "" } : a)))).thenRefused("VALIDATION", 400, "All fields are mandatory");
    given().when(fill(allNo.map((a, i) => (i === 0 ? { ...a, answer: "MAYBE" } : a)))).thenRefused("VALIDATION", 400);
    given().when(fill([...allNo, { question_id: "intro", answer: "NO" }])).thenRefused("VALIDATION", 400, "Unknown question: intro");
    given().when(fill("YES")).thenRefused("VALIDATION", 400);
  });

  it("refuses a second fill of the same day", () => {
    given(filled(allNo)).when(fill(allNo)).thenRefused("SCREENING_ALREADY_FILLED", 409, "Today's screening of Maya Maple is already filled");
  });

  it("refuses no participant, an unknown one or one of another organization, and a day with screening off", () => {
    const none: DailyScreeningCommand = { ...fill(allNo), data: { ...(fill(allNo).data as object), participantId: " " } } as DailyScreeningCommand;
    given().when(none).thenRefused("VALIDATION", 400, "Participant is required");
    given().when(fill(allNo, actors.parent, { participant: null })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given().when(fill(allNo, actors.admin, { participant: { ...kid, organizationId: "elsewhere" } })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
    given().when(fill(allNo, actors.parent, { screeningOn: false })).thenRefused("SCREENING_OFF", 409);
  });
});

describe("screening: who may fill", () => {
  it("a parent for their own children only", () => {
    given().when(fill(allNo, actors.parent)).then([filled(allNo, actors.parent)]);
    given().when(fill(allNo, actors.otherParent)).thenRefused("FORBIDDEN", 403, "You may fill the screening only for yourself or your own children");
    given().when(decline(actors.otherParent)).thenRefused("FORBIDDEN", 403);
  });

  it("a participant for themselves, never for another", () => {
    given().when(fill(allNo, actors.self)).then([filled(allNo, actors.self)]);
    given().when(fill(allNo, actors.otherParticipant)).thenRefused("FORBIDDEN", 403);
  });

  it("coach, admin and organization on a person's behalf; nobody else", () => {
    for (const actor of [actors.coach, actors.admin, actors.organization]) given().when(fill(oneYes, actor)).then([filled(oneYes, actor, true)]);
    for (const actor of [actors.superadmin, actors.kiosk]) {
      given().when(fill(allNo, actor)).thenRefused("FORBIDDEN", 403, "Only an admin, organization or coach may fill the screening on a person's behalf");
    }
  });
});

describe("screening: the form's rules", () => {
  const people = [
    { id: "kid-1", name: "Maya", isSelected: true, answers: allNo },
    { id: "kid-2", name: "Leo", isSelected: false, answers: [] },
  ];
  it("needs at least one selected participant", () => {
    expect(formProblem(DEFAULT_SCREENING_QUESTIONS, people.map((p) => ({ ...p, isSelected: false })))).toBe("Select at least one participant");
    expect(formProblem(DEFAULT_SCREENING_QUESTIONS, [])).toBe("Select at least one participant");
  });
  it("needs every RADIO question of every selected participant answered, and ids and names", () => {
    expect(formProblem(DEFAULT_SCREENING_QUESTIONS, people)).toBeNull();
    expect(formProblem(DEFAULT_SCREENING_QUESTIONS, people.map((p) => ({ ...p, isSelected: true })))).toBe("All fields are mandatory");
    expect(formProblem(DEFAULT_SCREENING_QUESTIONS, [{ ...people[0]!, name: " " }])).toBe("Participant is required");
    expect(isComplete(DEFAULT_SCREENING_QUESTIONS, oneYes)).toBe(true);
    expect(isComplete(DEFAULT_SCREENING_QUESTIONS, oneYes.slice(1))).toBe(false);
  });
});

describe("screening: the organization's questions", () => {
  const set = (questions: unknown, actor: ScreeningActor = actors.admin): SetScreeningQuestions => ({ type: "SetScreeningQuestions", data: { questions, actor }, metadata: metadata(actor) });
  const setEvent = (questions = DEFAULT_SCREENING_QUESTIONS): ScreeningQuestionsEvent => ({ type: "ScreeningQuestionsSet", data: { organizationId: orgId, questions } });
  const q = deciderSpec(questionsDecider, now);

  it("an admin sets them; the same list again appends nothing", () => {
    q().when(set(DEFAULT_SCREENING_QUESTIONS)).then([setEvent()]);
    q(setEvent()).when(set(DEFAULT_SCREENING_QUESTIONS)).then([]);
  });
  it("only admin and above", () => {
    for (const actor of [actors.coach, actors.parent, actors.kiosk]) q().when(set(DEFAULT_SCREENING_QUESTIONS, actor)).thenRefused("FORBIDDEN", 403);
  });
  it("refuses bad lists", () => {
    q().when(set([])).thenRefused("VALIDATION", 400, "Questions are required");
    q().when(set([{ id: "a", label: "Fever?", type: "RADIO", options: ["YES"] }])).thenRefused("VALIDATION", 400, "A RADIO question needs at least two different options");
    q().when(set([{ id: "a", label: "Intro", type: "RICHTEXT", section_text: "Hello" }])).thenRefused("VALIDATION", 400, "At least one RADIO question is required");
    q().when(set([{ id: "a", label: "Fever?", type: "TEXT" }])).thenRefused("VALIDATION", 400, "Type must be RADIO or RICHTEXT");
  });
});

describe("screening: the day", () => {
  it("is the organization's day at the instant, in its zone (Toronto unless set)", () => {
    expect(screeningDay(new Date("2026-11-24T04:59:00.000Z"))).toBe("2026-11-23");
    expect(screeningDay(new Date("2026-11-24T05:00:00.000Z"))).toBe("2026-11-24");
    expect(screeningDay(new Date("2026-11-24T07:30:00.000Z"), "America/Vancouver")).toBe("2026-11-23");
  });
});
