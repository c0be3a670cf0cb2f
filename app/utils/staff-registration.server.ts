import { json } from "@remix-run/node";
import { staffRegisterToEvent, staffUnregisterFromEvent } from "#modules/appointments";
import type { Auth } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import { mayRegister, staffRegisterToProgram, staffUnregisterFromProgram } from "#modules/programs";
import { staffRegistrationForm, type StaffRegistrationRefusal } from "~/components/programs/staff-registration-form";
import type { AppServices } from "./load-context";
import { redirectWithToast } from "./toast.server";

export type StaffPageKind = "program" | "event";
const PATH = { program: "/programs", event: "/events" } as const;

/** The page's own list state (search, filter, page, size) with the program or event whose panel stays open. */
function backTo(kind: StaffPageKind, request: Request, target: string) {
  const params = new URL(request.url).searchParams;
  params.delete("index");
  params.delete("_data");
  params.set(kind, target);
  return `${PATH[kind]}?${params.toString()}`;
}

/**
 * The register / remove forms of /programs and /events (decision 053). Only staff with 'create programs
 * and events' (403 otherwise: a viewer's page shows no form, and a hand-made post is refused here). The
 * form is parsed with the schema the browser used; the program and event services decide. Success goes
 * back to the same panel with a toast: the decider's message (a waitlist place is a warning toast with its
 * number) naming the member, and after a removal who moved up from the waitlist. A refusal (not eligible
 * and why, the limit, already registered, full, ended) answers its message for the panel's alert.
 */
export async function handleStaffRegistrationForm(services: AppServices, auth: Auth, request: Request, formData: FormData, kind: StaffPageKind): Promise<Response> {
  const refuse = (error: string, status: number, intent = "", participantId = "") => json<StaffRegistrationRefusal>({ error, intent, participant_id: participantId }, { status });
  if (!mayRegister(auth)) return refuse("You do not have permission to change registrations.", 403);
  const parsed = staffRegistrationForm.safeParse(Object.fromEntries([...formData].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "The form is not complete", 400, String(formData.get("intent") ?? ""));
  const { intent, target, participant_id: participantId, command_id: commandId } = parsed.data;
  const back = backTo(kind, request, target);
  try {
    if (intent === "register") {
      const answer =
        kind === "program"
          ? await staffRegisterToProgram(services, auth, target, participantId, commandId || undefined, request)
          : {
              ...(await staffRegisterToEvent(services, auth, target, participantId, commandId || undefined, request)),
              waitlisted: false,
            };
      return redirectWithToast(
        back,
        {
          type: answer.waitlisted ? "warning" : "success",
          title: answer.message,
          description: answer.name || undefined,
        },
        services.production
      );
    }
    if (kind === "program") {
      const answer = await staffUnregisterFromProgram(services, auth, target, participantId, request);
      const moved = answer.promoted.length ? ` ${answer.promoted.join(", ")} moved up from the waitlist.` : "";
      return redirectWithToast(
        back,
        {
          type: "success",
          title: answer.message,
          description: `${answer.name} was removed.${moved}`.trim().slice(0, 500),
        },
        services.production
      );
    }
    const answer = await staffUnregisterFromEvent(services, auth, target, participantId, request);
    return redirectWithToast(
      back,
      {
        type: "success",
        title: answer.message,
        description: answer.name ? `${answer.name} was removed.` : undefined,
      },
      services.production
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return refuse(error.message, error.status, intent, participantId);
  }
}
