import type { ActionFunctionArgs } from "@remix-run/node";
import { CHECK_IN_TEXT, MAX_DAY_MS } from "#modules/check-in";
import { DomainError } from "#modules/kernel";
import { visitById } from "#projections/check-in";
import { api, readJson, signedIn } from "~/utils/api.server";
import { checkOutSchema, commandMetadata, pickUpOf, requireMemberCheckIn, runCheckIn, sourceOf } from "~/utils/check-in.server";
import { waitForProjection } from "~/utils/read-your-writes.server";

/**
 * PUT /api/check-in/{id} `{ check_out_time, pick_up_person_id }` or, a staff override,
 * `{ check_out_time, pick_up_name, pick_up_contact_number, pick_up_relationship, override_reason }` (docs/decisions/026).
 */
export const action = (args: ActionFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    const body = checkOutSchema.parse(await readJson(ctx.request));
    requireMemberCheckIn(auth);
    const id = ctx.params.id ?? "";
    const find = () => (/^[0-9a-f-]{36}$/i.test(id) ? visitById(ctx.services.db, auth.organization.id, id) : Promise.resolve(undefined));
    let visit = await find();
    // a check-in made a moment ago may not be on the board yet: wait for the board to catch up once
    if (!visit && /^[0-9a-f-]{36}$/i.test(id) && (await waitForProjection(ctx.services, "check-in", { timeoutMs: 2_000 }))) visit = await find();
    if (!visit) throw new DomainError("NOT_FOUND", "Check-in not found", 404);
    const day = { start: body.start ?? visit.check_in_time, end: body.end ?? new Date(Date.parse(visit.check_in_time) + MAX_DAY_MS).toISOString() };
    await runCheckIn(
      ctx.services,
      auth,
      {
        participantId: visit.participant_id,
        type: "out",
        checkInId: visit.id,
        time: body.check_out_time,
        dayStart: new Date(day.start).toISOString(),
        dayEnd: new Date(day.end).toISOString(),
        source: sourceOf(auth),
        ...pickUpOf(body),
      },
      commandMetadata(auth, ctx.request, body.command_id),
    );
    return { message: CHECK_IN_TEXT.done(visit.first_name, "out"), data: { id: visit.id } };
  });
