import { json } from "@remix-run/node";
import type { Auth } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import { ATTENDANCE_TOASTS, attendanceBody, markAttendanceCall } from "#modules/programs";
import type { AppServices } from "./load-context";
import { redirectWithToast } from "./toast.server";

/**
 * The Schedule's attendance form (decision 046): the chosen statuses (`status.{participant id}`) as one
 * PUT's marks through the programs service, the form's command id making a resubmit count once. Success
 * comes back to the same session with the spec's toast; a refusal (no mark chosen, a session in the
 * future, a missing permission) is shown on the panel with its message.
 */
export async function handleAttendanceForm(services: AppServices, auth: Auth, request: Request, formData: FormData): Promise<Response> {
  const programId = String(formData.get("program") ?? "");
  const date = String(formData.get("date") ?? "");
  const start = String(formData.get("start") ?? "");
  const marks: { participant_id: string; status: string }[] = [];
  for (const [key, value] of formData) if (key.startsWith("status.") && typeof value === "string") marks.push({ participant_id: key.slice("status.".length), status: value });
  if (marks.length === 0) return json({ error: "Choose Present, Late, Absent or Excused for at least one participant." }, { status: 400 });
  // the call's own schema: a status that is not one of the four, or no mark at all, is named
  const body = attendanceBody.safeParse({ marks, command_id: String(formData.get("command_id") ?? "") || undefined });
  if (!body.success) return json({ error: body.error.issues[0]?.message ?? "Choose a status for at least one participant" }, { status: 400 });
  try {
    await markAttendanceCall(services, auth, programId, { date, start }, body.data, request);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ error: error.message }, { status: error.status });
  }
  const back = `/programs-events?${new URLSearchParams({ view: "day", date, program: programId, start })}`;
  return redirectWithToast(back, { type: "success", title: ATTENDANCE_TOASTS.updated }, services.production);
}
