import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { DomainError } from "#modules/kernel";
import { api, readJson, signedIn } from "~/utils/api.server";
import { checkEligibility, participantIdFor, requireMemberCheckIn, sourceOf } from "~/utils/check-in.server";

const body = z
  .object({
    memberId: z.string({ error: "Member ID is required" }).trim().min(1, "Member ID is required"),
    type: z.enum(["in", "out"], { error: "Type must be in or out" }),
    start: z.string({ error: "Start is required" }).refine((v) => !Number.isNaN(Date.parse(v)), "Start must be a date and time"),
    end: z.string({ error: "End is required" }).refine((v) => !Number.isNaN(Date.parse(v)), "End must be a date and time"),
  })
  .refine((d) => Date.parse(d.end) > Date.parse(d.start), { message: "End must be after Start" });

/** POST /api/check-in/participant: may this member be checked in (or out) now? Appends nothing. */
export const action = (args: ActionFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    const input = body.parse(await readJson(ctx.request));
    requireMemberCheckIn(auth);
    const participantId = await participantIdFor(ctx.services, input.memberId);
    const { decision } = await checkEligibility(ctx.services, auth, {
      participantId,
      type: input.type,
      dayStart: new Date(input.start).toISOString(),
      dayEnd: new Date(input.end).toISOString(),
      source: sourceOf(auth),
    });
    if (decision instanceof DomainError) throw decision;
    return { allowed: true, participant_id: participantId, type: input.type };
  });
