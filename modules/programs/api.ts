import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { copyProgramBody, programBodySchema, programListQuery, registrationBody } from "./commands";
import {
  archiveProgramCall,
  copyProgramCall,
  createProgramCall,
  deleteProgramCall,
  programOf,
  programRosterOf,
  programsOf,
  registerCall,
  unregisterCall,
  updateProgramCall,
} from "./service";

/** GET /api/program's answer (decision 081). */
const PROGRAMS_ANSWER = A.listAnswer(
  z.looseObject({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    members_limit: z.number().int().nullable(),
    status: z.string(),
    registered_count: A.count,
    waitlist_count: A.count,
    created_date: z.string(),
  }),
  A.pageInfo,
);

/** Staff with 'create programs and events' (spec-1 section 6); not the kiosk. */
const PROGRAM_WRITE = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_CREATE_PROGRAMS_AND_EVENTS] } as const satisfies AccessRule;
/** Staff who view programs or build them; the kiosk waits for the schedule page (decision 044). */
const PROGRAM_READ = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_VIEW_PROGRAMS, P.CAN_CREATE_PROGRAMS_AND_EVENTS] } as const satisfies AccessRule;

/** The shape of a program's body; the organization's rules are checked by the decider with the same schema. */
const programBody = programBodySchema();

/** The program calls (spec-1 section 7's generic convention; decision 044), rows of the one /api table. */
export const programsApi: readonly ApiRow[] = [
  apiRow({
    id: "program-list",
    method: "GET",
    path: "/api/program",
    description: "The organization's programs, paged: search (name), sort (created_date, name, start_date, type; asc or desc), page, size, status (active, archived, all).",
    rule: PROGRAM_READ,
    query: programListQuery,
    answers: { description: "{ data, count, additional_info }", schema: PROGRAMS_ANSWER },
    handle: (ctx) => programsOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "program-create",
    method: "POST",
    path: "/api/program",
    description:
      "Build a program: name, description, type, activity_type, category_type, age_category, age_min, age_max, genders, members_limit, waitlist, start_date, end_date, sessions [{ week_day, start_time, end_time }], location, coach_ids, points_per_session.",
    rule: PROGRAM_WRITE,
    body: programBody,
    answers: { description: "{ message: 'Program successfully created', data: program }" },
    handle: (ctx) => createProgramCall(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "program-detail",
    method: "GET",
    path: "/api/program/:id",
    description: "One program with its current weekly sessions and counts.",
    rule: PROGRAM_READ,
    answers: { description: "The program" },
    handle: (ctx) => programOf(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "program-update",
    method: "PUT",
    path: "/api/program/:id",
    description: "Edit a program (every field, as POST). A changed schedule applies from today; sessions before today keep theirs.",
    rule: PROGRAM_WRITE,
    body: programBody,
    answers: { description: "{ message: 'Program successfully updated', data: program }" },
    handle: (ctx) => updateProgramCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "program-delete",
    method: "DELETE",
    path: "/api/program/:id",
    description: "Delete a program nobody registered to and that has not started; otherwise 409 PROGRAM_IN_USE (archive it).",
    rule: PROGRAM_WRITE,
    answers: { description: "{ message: 'Program successfully deleted' }" },
    handle: (ctx) => deleteProgramCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.request),
  }),
  apiRow({
    id: "program-archive",
    method: "POST",
    path: "/api/program/:id/archive",
    description: "Archive a program: no sessions after today, no new registrations; kept for reports.",
    rule: PROGRAM_WRITE,
    answers: { description: "{ message: 'Program successfully archived', data: program }" },
    handle: (ctx) => archiveProgramCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "program-copy",
    method: "POST",
    path: "/api/program/:id/copy",
    description: "Copy a program's definition and schedule into a new program ('Copy of {name}' unless name is given).",
    rule: PROGRAM_WRITE,
    body: copyProgramBody,
    answers: { description: "{ message: 'Program successfully created', data: program }" },
    handle: (ctx) => copyProgramCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "program-registration-list",
    method: "GET",
    path: "/api/program/:id/registration",
    description: "Who is registered (in order) and the waitlist (in order), by participant id.",
    rule: PROGRAM_READ,
    answers: { description: "{ data: [{ participant_id, registered_date }], count, waitlist: [{ participant_id, joined_date, position }] }" },
    handle: (ctx) => programRosterOf(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "program-registration-create",
    method: "POST",
    path: "/api/program/:id/registration",
    description: "Register a participant: participant_id. Full: the waitlist (or 409 PROGRAM_FULL without one); 409 NOT_ELIGIBLE says why; 409 PROGRAM_LIMIT_REACHED.",
    rule: PROGRAM_WRITE,
    body: registrationBody,
    answers: { description: "{ message, data: { participant_id, status: 'registered' | 'waitlisted', position? } }" },
    handle: (ctx) => registerCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "program-registration-delete",
    method: "DELETE",
    path: "/api/program/:id/registration/:participantId",
    description: "Unregister a participant (or take them off the waitlist); the first waiting participant takes the freed place.",
    rule: PROGRAM_WRITE,
    answers: { description: "{ message: 'Registration successfully deleted', promoted: [participant_id] }" },
    handle: (ctx) => unregisterCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.params.participantId, ctx.request),
  }),
];
