import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { api, readJson, signedIn } from "~/utils/api.server";
import { putQuestions, questionsList } from "~/utils/screening.server";

/** GET /api/note/screening/questions: the organization's screening questions, RADIO and RICHTEXT only (spec-2 section 7). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => questionsList(ctx.services, signedIn(ctx)));

/** PUT /api/note/screening/questions `{ questions }`: an admin replaces them. */
export const action = (args: ActionFunctionArgs) => api(args, async (ctx) => putQuestions(ctx.services, signedIn(ctx), ctx.request, await readJson(ctx.request)));
