import { DomainError, handleCommand, validationError, type Command, type Decider, type EventStore } from "../kernel";
import { WAIVER_TEXTS, WAIVER_VERSION, waiverTextOf, type WaiverText } from "./waiver-text";
import { waiverVersionsStream, type WaiverVersionEvent, type WaiverVersionPublishedData } from "./waiver-version-events";
import { waiverVersionInputSchema } from "./waiver-version-schema";

/**
 * The versions of an organization's waiver text (decision 100). Before any is published the built-in
 * text (modules/participants/waiver-text.ts, version 2026-01) is the current one; the newest published
 * version is current from its publication on.
 */
export type WaiverVersion = Omit<WaiverVersionPublishedData, "organizationId">;
export type WaiverVersionsState = WaiverVersion[];

export type PublishWaiverVersion = Command<
  "PublishWaiverVersion",
  {
    organizationId: string;
    title: string;
    body: string;
    publishedBy: string | null;
    /** the seed's own id (e.g. the built-in 2026-01 made current again); the calls let the decider choose */
    versionId?: string;
  }
>;

/** A readable id: the day (UTC), with -2, -3… for a second and third version that day. */
export function nextVersionId(state: WaiverVersionsState, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  const taken = new Set(state.map((v) => v.versionId));
  if (!taken.has(day)) return day;
  for (let n = 2; ; n++) if (!taken.has(`${day}-${n}`)) return `${day}-${n}`;
}

export const waiverVersionsDecider: Decider<WaiverVersionsState, PublishWaiverVersion, WaiverVersionEvent> = {
  initialState: () => [],
  evolve: (state, event) => {
    const { organizationId: _o, ...version } = event.data;
    return [...state, version];
  },
  decide: (state, command, now) => {
    const parsed = waiverVersionInputSchema.safeParse(command.data);
    if (!parsed.success) return validationError(parsed.error);
    const current = state.at(-1);
    if (current && current.title === parsed.data.title && current.body === parsed.data.body) {
      return new DomainError("WAIVER_VERSION_UNCHANGED", "This text is the current version already: change the text to publish a new version", 409);
    }
    const versionId = command.data.versionId ?? nextVersionId(state, now);
    if (state.some((v) => v.versionId === versionId)) return new DomainError("WAIVER_VERSION_EXISTS", `Waiver version ${versionId} exists already`, 409);
    return [
      {
        type: "WaiverVersionPublished",
        data: { organizationId: command.data.organizationId, versionId, title: parsed.data.title, body: parsed.data.body, effectiveFrom: now.toISOString(), publishedBy: command.data.publishedBy },
      },
    ];
  },
};

export const publishWaiverVersionCommand = (deps: { store: EventStore; clock: { now(): Date } }, command: PublishWaiverVersion) =>
  handleCommand(deps, waiverVersionsDecider, waiverVersionsStream(command.data.organizationId), command);

/** The organization's published versions, oldest first (its stream: the latest facts). */
export async function loadWaiverVersions(store: EventStore, organizationId: string): Promise<WaiverVersionsState> {
  const read = await store.readStream<WaiverVersionEvent>(waiverVersionsStream(organizationId));
  return read.events.reduce(waiverVersionsDecider.evolve, waiverVersionsDecider.initialState());
}

/** The id of the version a new signature signs; a signature of any other asks for a new one. */
export async function currentWaiverVersionId(store: EventStore, organizationId: string): Promise<string> {
  const read = await store.readStream<WaiverVersionEvent>(waiverVersionsStream(organizationId), { last: 1 });
  return read.events.at(-1)?.data.versionId ?? WAIVER_VERSION;
}

/** A signature's version as recorded (signatures from before versions name none: the built-in text). */
export const signedVersionOf = (version: string | null | undefined) => version ?? WAIVER_VERSION;

/** Paragraphs of a body: split at blank lines. */
export const paragraphsOf = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** A published version as the waiver pages show it. */
export const publishedText = (v: Pick<WaiverVersion, "versionId" | "title" | "body">): WaiverText => ({ version: v.versionId, title: v.title, intro: "", sections: [], closing: "", paragraphs: paragraphsOf(v.body) });

/** The text of a version of this organization: a published one, else the built-in text. */
export async function waiverTextFor(store: EventStore, organizationId: string, versionId?: string | null): Promise<WaiverText> {
  const versions = await loadWaiverVersions(store, organizationId);
  const wanted = versionId ?? versions.at(-1)?.versionId ?? WAIVER_VERSION;
  const published = versions.find((v) => v.versionId === wanted);
  // a built-in text keeps its numbered sections even when the organization made it current again
  return published && !Object.hasOwn(WAIVER_TEXTS, wanted) ? publishedText(published) : waiverTextOf(wanted);
}

/** A built-in text as one body (the history shows it like a published one; the seed publishes it so). */
export const builtInBody = (t: WaiverText) => [t.intro, ...t.sections.map((s) => `${s.heading}\n${s.body}`), t.closing].join("\n\n");
