import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, signedIn, type AccessRule, type ApiRow } from "../identity";
import { selfEventRegistrationBody, selfProgramRegistrationBody } from "./commands";
import { eventOptionsCall, participantEventsCall, selfRegisterToEvent, selfWithdrawFromEvent } from "./events";
import { participantProgramsCall, programOptionsCall, selfRegisterToProgram, selfWithdrawFromProgram } from "./programs";

/** GET /api/program/registration/options's answer (decision 081). */
const PROGRAM_OPTIONS_ANSWER = A.listAnswer(
  z.looseObject({ id: z.string(), name: z.string(), registered_count: A.count, waitlist_count: A.count, sessions: z.array(z.looseObject({ week_day: z.number().int(), start_time: z.string(), end_time: z.string() })) }),
).extend({
  participants: z.array(z.looseObject({ ...A.personNames, full_name: z.string(), age: z.number().int().nullable(), gender: z.string().nullable() })),
  subtitle: z.string(),
  cycle: z.looseObject({ start: z.string().nullable(), end: z.string().nullable() }),
  closed: z.boolean(),
});

/**
 * Members (level 1) of an organization with the feature on, as the registration pages (spec-1 route table);
 * the service narrows it to parents and participants with no parent (403), and to their own family (404).
 */
const PROGRAM_SELF = { auth: "required", level: LEVELS.members, features: ["program"] } as const satisfies AccessRule;
const EVENT_SELF = { auth: "required", level: LEVELS.members, features: ["event"] } as const satisfies AccessRule;

const WHO = "A parent acts for their own children, a participant with no parent for themself; another family's child is 404.";

/** Self-registration (decision 052), rows of the one /api table. */
export const registrationApi: readonly ApiRow[] = [
  apiRow({
    id: "program-self-registration-options",
    method: "GET",
    path: "/api/program/registration/options",
    description: `Programs open for registration this cycle (places left, waitlist length, sessions, ages, genders) and the participants the caller may register. ${WHO}`,
    rule: PROGRAM_SELF,
    answers: { description: "{ data: [program], count, participants: [{ id, first_name, last_name, full_name, age, gender }], subtitle, cycle, closed }", schema: PROGRAM_OPTIONS_ANSWER },
    handle: (ctx) => programOptionsCall(ctx.services, signedIn(ctx)),
  }),
  apiRow({
    id: "program-self-registration-list",
    method: "GET",
    path: "/api/program/registration/participant/:participantId",
    description: `A participant's programs: registered, or waiting with their number. ${WHO}`,
    rule: PROGRAM_SELF,
    answers: { description: "{ participant, data: [{ program_id, name, status, position, ... }], count }" },
    handle: (ctx) => participantProgramsCall(ctx.services, signedIn(ctx), ctx.params.participantId),
  }),
  apiRow({
    id: "program-self-registration-create",
    method: "POST",
    path: "/api/program/registration/participant/:participantId",
    description: `Register a participant to a program: program_id. Full: the waitlist with its number (or 409 PROGRAM_FULL); 409 NOT_ELIGIBLE says why; 409 PROGRAM_LIMIT_REACHED. ${WHO}`,
    rule: PROGRAM_SELF,
    body: selfProgramRegistrationBody,
    answers: { description: "{ message, data: { participant_id, program_id, status: 'registered' | 'waitlisted', position? } }" },
    handle: (ctx) => selfRegisterToProgram(ctx.services, signedIn(ctx), ctx.params.participantId, ctx.body, ctx.request),
  }),
  apiRow({
    id: "program-self-registration-delete",
    method: "DELETE",
    path: "/api/program/registration/participant/:participantId/:programId",
    description: `Withdraw a participant from a program or its waitlist. ${WHO}`,
    rule: PROGRAM_SELF,
    answers: { description: "{ message: 'Registration successfully deleted' }" },
    handle: (ctx) => selfWithdrawFromProgram(ctx.services, signedIn(ctx), ctx.params.participantId, ctx.params.programId, ctx.request),
  }),
  apiRow({
    id: "event-self-registration-options",
    method: "GET",
    path: "/api/appointment/event/registration/options",
    description: `Events that have not ended (places left) and the participants the caller may register. ${WHO}`,
    rule: EVENT_SELF,
    answers: { description: "{ data: [event], count, participants, subtitle }" },
    handle: (ctx) => eventOptionsCall(ctx.services, signedIn(ctx)),
  }),
  apiRow({
    id: "event-self-registration-list",
    method: "GET",
    path: "/api/appointment/event/registration/participant/:participantId",
    description: `A participant's registrations to events that have not ended. ${WHO}`,
    rule: EVENT_SELF,
    answers: { description: "{ participant, data: [{ event_id, name, start_date, end_date, location }], count }" },
    handle: (ctx) => participantEventsCall(ctx.services, signedIn(ctx), ctx.params.participantId),
  }),
  apiRow({
    id: "event-self-registration-create",
    method: "POST",
    path: "/api/appointment/event/registration/participant/:participantId",
    description: `Register a participant to an event: event_id. 409 EVENT_FULL, ALREADY_REGISTERED, EVENT_ENDED. ${WHO}`,
    rule: EVENT_SELF,
    body: selfEventRegistrationBody,
    answers: { description: "{ message: 'Registration successfully created', data: { participant_id, event_id, status: 'registered' } }" },
    handle: (ctx) => selfRegisterToEvent(ctx.services, signedIn(ctx), ctx.params.participantId, ctx.body, ctx.request),
  }),
  apiRow({
    id: "event-self-registration-delete",
    method: "DELETE",
    path: "/api/appointment/event/registration/participant/:participantId/:eventId",
    description: `Withdraw a participant from an event (until it ends). ${WHO}`,
    rule: EVENT_SELF,
    answers: { description: "{ message: 'Registration successfully deleted' }" },
    handle: (ctx) => selfWithdrawFromEvent(ctx.services, signedIn(ctx), ctx.params.participantId, ctx.params.eventId, ctx.request),
  }),
];
