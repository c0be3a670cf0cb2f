import { json } from "@remix-run/node";
import type { Auth } from "#modules/identity";
import { DomainError, newId } from "#modules/kernel";
import {
  eventOptionsCall,
  participantEventsCall,
  participantProgramsCall,
  programOptionsCall,
  selfEventRegistrationBody,
  selfProgramRegistrationBody,
  selfRegisterToEvent,
  selfRegisterToProgram,
  selfWithdrawFromEvent,
  selfWithdrawFromProgram,
} from "#modules/registration";
import { timeIn, shortDateIn } from "~/components/family/format";
import type { AppServices } from "./load-context";

/** What a registration form's post answers (decision 052): the decider's words, on the card they came from. */
export type RegistrationAnswer = { intent: "register" | "withdraw"; target: string; tone: "green" | "amber" | "red"; message: string };

const refusalOf = (error: unknown) => {
  if (!(error instanceof DomainError)) throw error;
  return error;
};

/** 'Sat, Dec 19, 9:00 AM' in the organization's zone, labelled on the server (decision 032: no relabelling while hydrating). */
const instantLabel = (iso: string, timeZone: string) => `${shortDateIn(iso, timeZone)}, ${timeIn(iso, timeZone)}`;

/** 'Tue, Dec 8, 10:00 AM to 3:00 PM' on one day; 'Thu, Dec 17, 9:00 AM to Sat, Dec 19, 4:00 PM' over several. */
function eventWhen(start: string, end: string, timeZone: string): string {
  const sameDay = shortDateIn(start, timeZone) === shortDateIn(end, timeZone);
  return `${instantLabel(start, timeZone)} to ${sameDay ? timeIn(end, timeZone) : instantLabel(end, timeZone)}`;
}

/** The one chosen: the ?participant= one when the caller may register them, else the first. */
const chosen = <P extends { id: string }>(people: readonly P[], wanted: string | null) => people.find((p) => p.id === wanted) ?? people[0] ?? null;

/** /program-registration's loader: the options, the chosen participant's places; a participant with a parent reads why not. */
export async function programRegistrationPage(services: AppServices, auth: Auth, url: URL) {
  const subtitle = auth.organization.settings.features.program.register_subtitle ?? "";
  try {
    const options = await programOptionsCall(services, auth);
    const participant = chosen(options.participants, url.searchParams.get("participant"));
    const places = participant ? (await participantProgramsCall(services, auth, participant.id)).data : [];
    return { allowed: true as const, ...options, participant, places, commandId: newId() };
  } catch (error) {
    return { allowed: false as const, subtitle, message: refusalOf(error).message };
  }
}

/** /event-registration's loader: the events not ended, with their times labelled in the organization's zone. */
export async function eventRegistrationPage(services: AppServices, auth: Auth, url: URL) {
  const subtitle = auth.organization.settings.features.event.event_subtitle ?? "";
  try {
    const options = await eventOptionsCall(services, auth);
    const participant = chosen(options.participants, url.searchParams.get("participant"));
    const places = participant ? (await participantEventsCall(services, auth, participant.id)).data : [];
    const label = <E extends { start_date: string; end_date: string }>(e: E) => ({ ...e, when: eventWhen(e.start_date, e.end_date, options.time_zone) });
    return { allowed: true as const, ...options, data: options.data.map(label), participant, places: places.map(label), commandId: newId() };
  } catch (error) {
    return { allowed: false as const, subtitle, message: refusalOf(error).message };
  }
}

/**
 * A registration page's form post: intent register or withdraw, participant_id, the program or event id
 * and the page's command id (a resubmit registers once). The same schemas as the calls; the same
 * services, so the decider answers: registered, waitlisted with the number, or the refusal's reason.
 */
export async function handleRegistrationForm(services: AppServices, auth: Auth, request: Request, form: FormData, kind: "program" | "event") {
  const intent = form.get("intent") === "withdraw" ? "withdraw" : "register";
  const participantId = String(form.get("participant_id") ?? "");
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const parsed = kind === "program" ? selfProgramRegistrationBody.safeParse(fields) : selfEventRegistrationBody.safeParse(fields);
  const target = String((kind === "program" ? fields.program_id : fields.event_id) ?? "");
  const answer = (tone: RegistrationAnswer["tone"], message: string, status = 200) => json<RegistrationAnswer>({ intent, target, tone, message }, { status });
  if (!parsed.success) return answer("red", parsed.error.issues[0]?.message ?? "The form is not valid", 400);
  const commandId = `${String(form.get("command_id") ?? newId())}-${intent}-${target}-${participantId}`.slice(0, 128);
  try {
    if (kind === "program") {
      if (intent === "withdraw") return answer("green", (await selfWithdrawFromProgram(services, auth, participantId, target, request)).message);
      const done = await selfRegisterToProgram(services, auth, participantId, { program_id: target, command_id: commandId }, request);
      return answer(done.data.status === "waitlisted" ? "amber" : "green", done.message);
    }
    if (intent === "withdraw") return answer("green", (await selfWithdrawFromEvent(services, auth, participantId, target, request)).message);
    return answer("green", (await selfRegisterToEvent(services, auth, participantId, { event_id: target, command_id: commandId }, request)).message);
  } catch (error) {
    const refusal = refusalOf(error);
    return answer("red", refusal.message, refusal.status);
  }
}
