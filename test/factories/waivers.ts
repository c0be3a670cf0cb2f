import { newToken, tokenHash } from "../../modules/identity";
import { fixedClock, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { builtInBody, issueWaiverToken, loadParticipant, publishWaiverVersionCommand, signWaiver, WAIVER_TEXTS, WAIVER_VERSION } from "../../modules/participants";

type Deps = { store: EventStore; clock: Clock };

/** The demo's older waiver text (decision 100): shorter, without the photo consent. */
export const DEMO_OLD_WAIVER_VERSION = "2025-06-01";
const OLD_TEXT = {
  title: "Participation Waiver",
  body: [
    "Please read this form before you sign it. It covers the participant named above.",
    "The participant may join the organization's programs and events. Like any activity, they carry some risk of injury; you accept the ordinary risks of taking part.",
    "If the participant is hurt or falls ill, staff give first aid and try to reach you. If no one can be reached in time, you allow staff to call emergency services.",
  ].join("\n\n"),
};

/** How many demo members per organization signed only the older text. */
export const DEMO_OLD_SIGNATURES = 2;

/**
 * The Waivers page's demo (decision 100): the older text published in June 2025, two members who never
 * signed (past the first 150, away from the members other areas' tests name) sign it, then the built-in text (2026-01, the one
 * every other signature names) is published as current: those two need a new signature, nobody else changes.
 * Returns their ids. Command ids derive from the organization: running it twice writes once.
 */
export async function seedDemoWaiverVersions(deps: Deps, organizationId: string, generated: readonly string[], adminId: string): Promise<string[]> {
  const meta = (...parts: string[]) => ({ commandId: idFrom("demo-seed", "waivers", organizationId, ...parts), organizationId, actorId: adminId });
  const publish = async (at: string, versionId: string, title: string, body: string) => {
    const result = await publishWaiverVersionCommand(
      { store: deps.store, clock: fixedClock(new Date(at)) },
      { type: "PublishWaiverVersion", data: { organizationId, title, body, publishedBy: adminId, versionId }, metadata: meta("version", versionId) },
    );
    if (!result.ok) throw new Error(`seeding waiver version ${versionId}: ${result.error.message}`);
  };
  await publish("2025-06-01T15:00:00.000Z", DEMO_OLD_WAIVER_VERSION, OLD_TEXT.title, OLD_TEXT.body);
  const signers: string[] = [];
  for (const participantId of generated.slice(150)) {
    if (signers.length >= DEMO_OLD_SIGNATURES) break;
    const p = await loadParticipant(deps.store, participantId);
    if (!p || p.waiverSigned || p.status !== "Active") continue;
    signers.push(participantId);
  }
  for (const [i, participantId] of signers.entries()) {
    const at = new Date(Date.UTC(2025, 8, 10 + i, 17, 30));
    const issued = await issueWaiverToken(
      { store: deps.store, clock: fixedClock(new Date(at.getTime() - 10 * 60_000)) },
      { type: "IssueWaiverToken", data: { participantId, tokenHash: tokenHash(newToken()), issuedBy: adminId, asParent: false, currentVersion: DEMO_OLD_WAIVER_VERSION }, metadata: meta("token", participantId) },
    );
    if (!issued.ok) throw new Error(`seeding an old waiver link: ${issued.error.message}`);
    const hash = issued.events.flatMap((e) => (e.type === "WaiverTokenIssued" ? [e.data.tokenHash] : []))[0] ?? "";
    const signed = await signWaiver(
      { store: deps.store, clock: fixedClock(at) },
      { type: "SignWaiver", data: { participantId, tokenHash: hash, signedByName: `Guardian of ${issued.state?.firstName ?? "member"}`, consent: true, ip: "127.0.0.1", waiverVersion: DEMO_OLD_WAIVER_VERSION }, metadata: meta("sign", participantId) },
    );
    if (!signed.ok) throw new Error(`seeding an old waiver signature: ${signed.error.message}`);
  }
  const current = WAIVER_TEXTS[WAIVER_VERSION]!;
  await publish("2026-01-05T15:00:00.000Z", WAIVER_VERSION, current.title, builtInBody(current));
  return signers;
}
