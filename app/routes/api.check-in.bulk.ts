import type { ActionFunctionArgs } from "@remix-run/node";
import { idFrom, isDomainError } from "#modules/kernel";
import { api, readJson, signedIn } from "~/utils/api.server";
import { bulkSchema, commandMetadata, requireMemberCheckIn, runCheckIn } from "~/utils/check-in.server";

/**
 * POST /api/check-in/bulk `{ type, data: [{ participant_id, check_in_time, start, end }] }`: each member
 * is its own decision; the answer lists who was done and who was refused, with the reason.
 */
export const action = (args: ActionFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    const body = bulkSchema.parse(await readJson(ctx.request));
    // switched off, the whole call is refused (not each member in the answer's list)
    requireMemberCheckIn(auth);
    const base = commandMetadata(auth, ctx.request, body.command_id);
    const results = [];
    for (const item of body.data) {
      try {
        const result = await runCheckIn(
          ctx.services,
          auth,
          { participantId: item.participant_id, type: body.type, time: item.check_in_time, dayStart: new Date(item.start).toISOString(), dayEnd: new Date(item.end).toISOString(), source: "bulk" },
          { ...base, commandId: idFrom(base.commandId, item.participant_id) },
        );
        results.push({ participant_id: item.participant_id, ok: true, replayed: result.replayed });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        results.push({ participant_id: item.participant_id, ok: false, code: error.code, message: error.message });
      }
    }
    const done = results.filter((r) => r.ok).length;
    return { message: `${done} of ${results.length} ${body.type === "in" ? "checked in" : "checked out"}`, data: results };
  });
