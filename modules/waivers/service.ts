import { commandIdOf, type Auth, type Services } from "../identity";
import { DomainError, idFrom, isUuid, newId, validationError } from "../kernel";
import { queueMail } from "../mail";
import { ageOn, builtInBody, currentWaiverVersionId, newWaiverLink, publishWaiverVersionCommand, WAIVER_VERSION, WAIVER_TEXTS } from "../participants";
import { findUserById, guardiansOfParticipant } from "../../projections/identity";
import { waitForProjection } from "../../projections/runner";
import { signaturesByVersion, waiverStatusPage, waiverVersionsOf, type WaiverStatusRow } from "../../projections/waivers";
import { sendWaiverLinkSchema, WAIVER_STATUS_LABELS, WAIVER_TEXTS_UI, waiverListQuery, waiverVersionInputSchema, type WaiverListQuery } from "./schema";

/** Adults sign for themselves (decision 100): the member's own e-mail is used when no guardian has one. */
export const ADULT_AGE = 18;

/** A call's command id (Idempotency-Key or command_id); the page's forms send their own key (no request). */
function commandOf(auth: Auth, request: Request | null, key: unknown): string {
  if (request) return commandIdOf(auth, request, key);
  return typeof key === "string" && key.trim() ? idFrom("idempotency-key", auth.organization.id, auth.user.id, key.trim()) : newId();
}

const notFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

/** One member's line on /waivers and in GET /api/waiver. */
const waiverLine = (r: WaiverStatusRow) => ({
  participant_id: r.participant_id,
  member_id: r.member_id,
  name: r.full_name,
  first_name: r.first_name,
  last_name: r.last_name,
  status: r.waiver_status,
  status_label: WAIVER_STATUS_LABELS[r.waiver_status],
  signed_at: r.signed_at ? new Date(r.signed_at).toISOString() : null,
  signed_by_name: r.signed_by_name,
  waiver_version: r.signed_at ? (r.waiver_version ?? WAIVER_VERSION) : null,
});
export type WaiverLine = ReturnType<typeof waiverLine>;

/** GET /api/waiver: the organization's Active members and their waiver status, paged (decision 100). */
export async function waiverList(services: Services, auth: Auth, input: unknown) {
  const parsed = waiverListQuery.safeParse(input ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return waiverListOf(services, auth, parsed.data);
}

export async function waiverListOf(services: Services, auth: Auth, q: WaiverListQuery) {
  const currentVersion = await currentWaiverVersionId(services.store, auth.organization.id);
  const page = await waiverStatusPage(services.db, auth.organization.id, { ...q, currentVersion, builtInVersion: WAIVER_VERSION });
  const totalPages = Math.max(1, Math.ceil(page.count / q.size));
  return {
    data: page.rows.map(waiverLine),
    count: page.count,
    additional_info: { current_version: currentVersion, counts: page.byStatus, page: q.page, size: q.size, total_pages: totalPages },
  };
}

/** GET /api/waiver/{participantId}: one member's status, the signature and where a link would go. */
export async function waiverDetail(services: Services, auth: Auth, participantId: string | undefined) {
  const row = await rowOf(services, auth, participantId);
  const recipient = await recipientOf(services, auth, row);
  return { ...waiverLine(row), send_to: recipient ? { email: recipient.email, name: recipient.name, relation: recipient.relation } : null };
}

async function rowOf(services: Services, auth: Auth, participantId: string | undefined): Promise<WaiverStatusRow> {
  if (!participantId || !isUuid(participantId)) throw notFound();
  const currentVersion = await currentWaiverVersionId(services.store, auth.organization.id);
  const page = await waiverStatusPage(services.db, auth.organization.id, { currentVersion, builtInVersion: WAIVER_VERSION, status: "all", search: "", page: 1, size: 1, participantId });
  const row = page.rows[0];
  if (!row) throw notFound();
  return row;
}

type Recipient = { email: string; name: string; firstName: string; relation: "guardian" | "parent" | "member" | "contact" };

/**
 * Where the signing link goes (decision 100): the first guardian with an e-mail, else the registered
 * parent's account, else the profile's own e-mail (an adult's own; for a child, the family's contact).
 */
async function recipientOf(services: Services, auth: Auth, row: WaiverStatusRow): Promise<Recipient | null> {
  const guardians = await guardiansOfParticipant(services.db, auth.organization.id, row.participant_id);
  const guardian = guardians.find((g) => g.email.trim());
  if (guardian) return { email: guardian.email.trim(), name: `${guardian.first_name} ${guardian.last_name}`.trim(), firstName: guardian.first_name, relation: "guardian" };
  if (row.parent_id) {
    const parent = await findUserById(services.db, row.parent_id);
    if (parent && parent.organization_id === auth.organization.id && parent.email.trim()) {
      return { email: parent.email.trim(), name: `${parent.first_name} ${parent.last_name}`.trim(), firstName: parent.first_name, relation: "parent" };
    }
  }
  if (row.email.trim()) {
    const adult = (ageOn(row.dob, services.clock.now()) ?? 0) >= ADULT_AGE;
    return { email: row.email.trim(), name: adult ? row.full_name : "", firstName: adult ? row.first_name : "", relation: adult ? "member" : "contact" };
  }
  return null;
}

/**
 * POST /api/waiver/{participantId}/send-link: a fresh signing link by e-mail through the mail queue. A
 * member who signed the current version is 409; no known address is 400 with a clear message. The command
 * id (Idempotency-Key or `command_id`) makes a double click send once: the second answers the first.
 */
export async function sendWaiverLink(services: Services, auth: Auth, request: Request | null, participantId: string | undefined, body: unknown) {
  const parsed = sendWaiverLinkSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const row = await rowOf(services, auth, participantId);
  if (row.waiver_status === "signed") throw new DomainError("WAIVER_ALREADY_SIGNED", WAIVER_TEXTS_UI.signedAlready, 409);
  const recipient = await recipientOf(services, auth, row);
  if (!recipient) throw new DomainError("NO_EMAIL", WAIVER_TEXTS_UI.noEmail, 400, { fieldErrors: { email: [WAIVER_TEXTS_UI.noEmail] } });
  const commandId = commandOf(auth, request, parsed.data.command_id);
  const link = await newWaiverLink(services, auth, row.participant_id, commandId);
  const expiresAt = link.expires_at ?? new Date(services.clock.now().getTime() + 7 * 86_400_000).toISOString();
  const outboxId = await queueMail(services, {
    organizationId: auth.organization.id,
    to: recipient.email,
    kind: "waiver-link",
    data: { ...(recipient.firstName ? { firstName: recipient.firstName } : {}), participantName: row.full_name, link: link.url, expiresAt, newVersion: row.waiver_status === "resign" },
    dedupeKey: `waiver-link:${commandId}`,
  });
  return {
    message: WAIVER_TEXTS_UI.linkSent(recipient.email),
    data: { participant_id: row.participant_id, to: recipient.email, relation: recipient.relation, outbox_id: outboxId, expires_at: expiresAt, replayed: link.replayed },
  };
}

/**
 * GET /api/waiver/version: the history of the waiver text, newest first, the current one marked, with how
 * many members' latest signature names each. The built-in text is the first version of every organization.
 */
export async function waiverVersionList(services: Services, auth: Auth) {
  const [published, counts, current] = await Promise.all([
    waiverVersionsOf(services.db, auth.organization.id),
    signaturesByVersion(services.db, auth.organization.id, WAIVER_VERSION),
    currentWaiverVersionId(services.store, auth.organization.id),
  ]);
  const rows = published.map((v) => ({ version_id: v.version_id, title: v.title, body: v.body, effective_from: new Date(v.effective_from).toISOString() as string | null, built_in: false }));
  if (!rows.some((r) => r.version_id === WAIVER_VERSION)) {
    const text = WAIVER_TEXTS[WAIVER_VERSION]!;
    rows.push({ version_id: WAIVER_VERSION, title: text.title, body: builtInBody(text), effective_from: null, built_in: true });
  }
  const data = rows.map((r) => ({ ...r, current: r.version_id === current, signatures: counts.get(r.version_id) ?? 0 }));
  return { data, count: data.length, additional_info: { current_version: current } };
}

/**
 * POST /api/waiver/version: publish a new text { title, body }, effective now: from then on every member
 * whose signature names another version needs a new one (and check-in waits for it: decision 100).
 */
export async function publishWaiverVersion(services: Services, auth: Auth, request: Request | null, body: unknown) {
  const parsed = waiverVersionInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const commandId = commandOf(auth, request, (body as { command_id?: unknown } | null)?.command_id);
  const result = await publishWaiverVersionCommand(services, {
    type: "PublishWaiverVersion",
    data: { organizationId: auth.organization.id, title: parsed.data.title, body: parsed.data.body, publishedBy: auth.user.id },
    metadata: { commandId, organizationId: auth.organization.id, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
  const event = result.events[0];
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await Promise.all([waitForProjection(services, "waivers", { atLeast: position }), waitForProjection(services, "participants", { atLeast: position })]);
  const version = event?.data ?? result.state.at(-1);
  return {
    message: WAIVER_TEXTS_UI.versionPublished,
    data: version ? { version_id: version.versionId, title: version.title, body: version.body, effective_from: version.effectiveFrom, current: true } : null,
  };
}
