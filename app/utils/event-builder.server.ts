import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import { createEventCall, deleteEventCall, eventBodyOfForm, eventFormSchema, updateEventCall } from "#modules/appointments";
import type { Auth } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import { mayRegister } from "#modules/programs";
import { EVENT_LIST_INTENT } from "~/components/events/event-form-types";
import type { AppServices } from "./load-context";
import { organizationTimeZone } from "./time-zone.server";
import { redirectWithToast } from "./toast.server";


/**
 * The event form's post on /events (decision 056), for those who create programs and events (403
 * otherwise): create or update through the events service with the form's command id (a resubmit creates
 * once), after the form's schema in the organization's time zone; a bad form is conform's 400 reply naming
 * the fields; a refusal by the decider (an unknown coach, a capacity below the registered) keeps its status
 * and shows its message on the form. Delete comes from the chosen event's panel. Answers null for another
 * intent (the page's register and remove forms).
 */
export async function handleEventForm(services: AppServices, auth: Auth, request: Request, formData: FormData): Promise<Response | null> {
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  const commandId = String(formData.get("command_id") ?? "") || undefined;
  // the shape of the page's other refusals (StaffRegistrationRefusal)
  const refuse = (message: string, status: number) => json({ error: message, intent: EVENT_LIST_INTENT, participant_id: "" }, { status });
  const back = (message: string) => redirectWithToast("/events", { type: "success", title: message }, services.production);

  if (intent === EVENT_LIST_INTENT) {
    if (!mayRegister(auth)) return refuse("You do not have permission to delete events.", 403);
    try {
      return back((await deleteEventCall(services, auth, id, request)).message);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return refuse(error.message, error.status);
    }
  }
  if (intent !== "create-event" && intent !== "update-event") return null;
  if (!mayRegister(auth)) return refuse("You do not have permission to create or change events.", 403);

  const schema = eventFormSchema(organizationTimeZone(auth), { now: services.clock.now().toISOString() });
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const body = { ...eventBodyOfForm(submission.value), command_id: commandId };
  try {
    const answer = intent === "create-event" ? await createEventCall(services, auth, body, request) : await updateEventCall(services, auth, id, body, request);
    return back(answer.message);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return json({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
}
