import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { boardForDay, checkInExportPage } from "#projections/check-in";
import { activeFlagsOf } from "#projections/flags";
import { programsWithParticipantsOn } from "#projections/programs";
import { timeZoneOf, todayIn } from "#modules/organizations";
import { api, readJson, signedIn } from "~/utils/api.server";
import { commandMetadata, participantIdFor, pickUpOf, requireMemberCheckIn, runCheckIn, singleSchema, sourceOf } from "~/utils/check-in.server";
import { CHECK_IN_TEXT } from "#modules/check-in";
import { DomainError } from "#modules/kernel";
import { applyFieldPolicy } from "#modules/identity";
import { fieldRoleOfAuth } from "~/utils/field-policy.server";

const listQuery = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("notYetCheckout"),
    start: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "Start must be a date and time"),
    end: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "End must be a date and time"),
    search: z.string().max(100, "Search must be at most 100 characters").optional(),
    statuses: z.string().optional(),
    all: z.enum(["true", "false"]).optional(),
  }),
  z.object({
    type: z.literal("export"),
    page: z.coerce.number({ error: "Page must be a number" }).int().min(0, "Page must be 0 or more").default(0),
    size: z.coerce.number({ error: "Size must be a number" }).int().min(1, "Size must be at least 1").max(1000, "Size must be at most 1000").default(1000),
  }),
], { error: "Type must be notYetCheckout or export" });

/**
 * GET /api/check-in?type=notYetCheckout&start&end[&search][&all=true]: the day's board (members not yet
 * checked out; all=true adds those who left). GET /api/check-in?type=export&page&size: the JSON export.
 */
export const loader = (args: LoaderFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    const q = listQuery.parse(Object.fromEntries(new URL(ctx.request.url).searchParams));
    if (q.type === "export") {
      if (!auth.user.permissionIds.includes("CAN_EXPORT_CHECK_IN_MEMBERS")) {
        throw new DomainError("FORBIDDEN", "You do not have permission to export check-ins.", 403);
      }
      const page = await checkInExportPage(ctx.services.db, auth.organization.id, q.page, q.size);
      return { ...page, data: page.data.map((row) => applyFieldPolicy(fieldRoleOfAuth(auth), row)) };
    }
    // the day's programs, each with its registered members: the board's Programs column, also for live rows
    const middle = new Date((Date.parse(q.start) + Date.parse(q.end)) / 2);
    // and the members with an active flag: the board marks them, and `flag:changed` keeps that live
    const [data, programs, flags] = await Promise.all([
      boardForDay(ctx.services.db, auth.organization.id, { start: q.start, end: q.end, search: q.search, notYetCheckedOut: q.all !== "true" }),
      programsWithParticipantsOn(ctx.services.db, auth.organization.id, todayIn(timeZoneOf(auth.organization.settings), middle)),
      activeFlagsOf(ctx.services.db, auth.organization.id),
    ]);
    // each row with the fields the caller's role may see (decision 027: the kiosk gets no pick-up details)
    const role = fieldRoleOfAuth(auth);
    return { data: data.map((row) => applyFieldPolicy(role, row)), count: data.length, additional_info: { programs, flags } };
  });

/**
 * POST /api/check-in `{ memberId, type, time, start, end, pick_up_person_id | (pick_up_* and override_reason) }`:
 * one member in or out. A child an adult picks up is released only to a person of their list, by id, or
 * by staff to someone else with an override reason (docs/decisions/026); never from the kiosk.
 */
export const action = (args: ActionFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    const body = singleSchema.parse(await readJson(ctx.request));
    requireMemberCheckIn(auth);
    const participantId = await participantIdFor(ctx.services, body.memberId);
    const result = await runCheckIn(
      ctx.services,
      auth,
      {
        participantId,
        type: body.type,
        time: body.time,
        dayStart: new Date(body.start).toISOString(),
        dayEnd: new Date(body.end).toISOString(),
        source: sourceOf(auth),
        ...pickUpOf(body),
      },
      commandMetadata(auth, ctx.request, body.command_id),
    );
    const event = result.events.find((e) => e.type === "MemberCheckedIn" || e.type === "MemberCheckedOut");
    const data = event?.data as { checkInId: string; firstName: string; lastName: string } | undefined;
    return {
      message: CHECK_IN_TEXT.done(data?.firstName ?? "Member", body.type),
      data: { id: data?.checkInId ?? null, participant_id: participantId, type: body.type, replayed: result.replayed },
    };
  });
