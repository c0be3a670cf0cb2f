import type { RedisClient } from "../../kernel";
import { commandMetadataOf, PERMISSIONS as P, type Auth, type Services } from "../../identity";
import { DomainError, handleCommand, idFrom, isUuid, newId, validationError, withinRedisDeadline, redisTargetOfClient } from "../../kernel";
import type { RollcallQueue } from "../../kernel/queues";
import { announcementById, announcementPage, audienceOptions, cancelQueuedDeliveries, countAudience, deliveriesOf, peopleNamed, settleSmsByRef, smsOutboxPage } from "../../../projections/announcements";
import { SMS_STATUS_PATH, smsOutcomeOf, twilioSignatureValid } from "./sms-provider";
import { getOrganization } from "../../../projections/organizations";
import { waitForProjection } from "../../../projections/runner";
import { announcementDecider, announcementNotFound, type AnnouncementCommand } from "./decide";
import { announcementStreamId, CHANNELS, type Audience, type Channel } from "./events";
import { createFanoutQueue, enqueueFanout, enqueueRetract, type FanoutJobData } from "./queue";
import { attachmentFactsOf, attachmentViews } from "./attachments";
import { announcementInputSchema, announcementListQuery, audienceSchema, retractAnnouncementSchema, sendSchema } from "./schema";

export const ANNOUNCEMENT_TOASTS = {
  saved: "Draft saved",
  sent: "Communication sent",
  scheduled: "Communication scheduled",
  retracted: "Communication retracted",
} as const;

const forbidden = () => new DomainError("FORBIDDEN", "You do not have permission to do this.", 403);
const featureOff = () => new DomainError("FEATURE_DISABLED", "Communications are not turned on for this organization", 403);

/** 'Create communications', in a school organization with the communication feature on (spec-1 section 2). */
export const mayCompose = (auth: Auth) =>
  auth.user.permissionIds.includes(P.CAN_CREATE_COMMUNICATIONS) && auth.organization.type === "school" && auth.subject.features.includes("communication");

function guard(auth: Auth) {
  if (!auth.user.permissionIds.includes(P.CAN_CREATE_COMMUNICATIONS)) throw forbidden();
  if (!mayCompose(auth)) throw featureOff();
}

/** The organization's enabled channels (its settings' `features.communication.sending_methods`). */
export async function enabledChannelsOf(services: Pick<Services, "db">, organizationId: string): Promise<Channel[]> {
  const org = await getOrganization(services.db, organizationId);
  const methods = (org?.settings.features.communication.sending_methods ?? []) as string[];
  return CHANNELS.filter((c) => methods.includes(c));
}

const queues = new Map<string, RollcallQueue<FanoutJobData, unknown>>();
function fanoutQueue(redis: RedisClient, prefix: string) {
  let queue = queues.get(prefix);
  if (!queue) {
    queue = createFanoutQueue(redisTargetOfClient(redis), prefix);
    queues.set(prefix, queue);
  }
  return queue;
}
/** Closes this process's fan-out queue of a prefix (the web server's stop). */
export async function closeCommunicationQueue(prefix: string): Promise<void> {
  const queue = queues.get(prefix);
  queues.delete(prefix);
  await queue?.close().catch(() => undefined);
}

async function run(services: Services, command: AnnouncementCommand) {
  const result = await handleCommand({ store: services.store, clock: services.clock }, announcementDecider, announcementStreamId(command.data.announcementId), command);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "announcements", { atLeast: position });
  return result;
}

const bodyKey = (body: unknown) => (body as { command_id?: unknown } | null)?.command_id;
const idOf = (id: string | undefined) => {
  if (!id || !isUuid(id)) throw announcementNotFound();
  return id;
};

async function detail(services: Services, auth: Auth, id: string) {
  const row = await announcementById(services.db, auth.organization.id, id);
  if (!row) throw announcementNotFound();
  return row;
}

/** The announcement as its readers get it: each attachment with a short-lived signed url (decision 107). */
async function signed(services: Services, auth: Auth, row: Awaited<ReturnType<typeof detail>>) {
  return { ...row, attachments: await attachmentViews(services, auth.organization.id, row.attachments) };
}

/** POST /api/communication (a new draft) and PUT /api/communication/{id} (the draft changed). */
export async function saveAnnouncementCall(services: Services, auth: Auth, id: string | undefined, body: unknown, request: Request) {
  guard(auth);
  const parsed = announcementInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const metadata = commandMetadataOf(auth, request, bodyKey(body));
  const announcementId = id === undefined ? idFrom("announcement", metadata.commandId) : idOf(id);
  if (id !== undefined) await detail(services, auth, announcementId);
  const enabled = await enabledChannelsOf(services, auth.organization.id);
  const disabled = parsed.data.channels.filter((c) => !enabled.includes(c));
  if (disabled.length) throw new DomainError("VALIDATION", `${disabled.join(", ")} is not enabled for this organization`, 400, { fieldErrors: { channels: [`${disabled.join(", ")} is not enabled for this organization`] } });
  // each attachment's upload read first; the decider refuses another organization's, a wrong type, too many (decision 113)
  const { attachments, ...draft } = parsed.data;
  const attachmentFacts = await attachmentFactsOf(services.store, attachments);
  await run(services, { type: "SaveAnnouncement", data: { announcementId, authorId: auth.user.id, ...draft, attachmentFacts }, metadata });
  return { message: ANNOUNCEMENT_TOASTS.saved, data: await signed(services, auth, await detail(services, auth, announcementId)) };
}

/** POST /api/communication/audience: how many people an audience reaches now (the form's live count). */
export async function audienceCountCall(services: Services, auth: Auth, body: unknown) {
  guard(auth);
  const parsed = audienceSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return { data: { count: await countAudience(services.db, auth.organization.id, parsed.data) } };
}

/**
 * POST /api/communication/{id}/send `{ send_at? }` (decision 088): one command; the fan-out job runs now or at the
 * time (the job's delay), resolves the audience then and queues one job per recipient and channel.
 */
export async function sendAnnouncementCall(services: Services, auth: Auth, id: string | undefined, body: unknown, request: Request) {
  guard(auth);
  const announcementId = idOf(id);
  const parsed = sendSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const row = await detail(services, auth, announcementId);
  const [recipientCount, enabledChannels] = await Promise.all([countAudience(services.db, auth.organization.id, row.audience as Audience), enabledChannelsOf(services, auth.organization.id)]);
  const result = await run(services, {
    type: "SendAnnouncement",
    data: { announcementId, sendAt: parsed.data.send_at ?? null, recipientCount, enabledChannels, actorId: auth.user.id },
    metadata: commandMetadataOf(auth, request, bodyKey(body)),
  });
  const requested = result.events.find((e) => e.type === "AnnouncementSendRequested")?.data as { sendAt: string; scheduled: boolean } | undefined;
  const sendAt = requested ? new Date(requested.sendAt) : services.clock.now();
  await queueFanout(services, { announcementId, organizationId: auth.organization.id }, sendAt.getTime() - services.clock.now().getTime());
  return { message: requested?.scheduled ? ANNOUNCEMENT_TOASTS.scheduled : ANNOUNCEMENT_TOASTS.sent, data: await signed(services, auth, await detail(services, auth, announcementId)) };
}

/** Adds the fan-out job; when Redis cannot take it now the worker's sweep finds the announcement (decision 089). */
async function queueFanout(services: Services, data: FanoutJobData, delayMs: number) {
  try {
    await withinRedisDeadline(enqueueFanout(fanoutQueue(services.redis, services.queuePrefix), data, delayMs));
  } catch (error) {
    services.logger.warn("announcement sent, its fan-out not queued yet (the sweep will)", { announcementId: data.announcementId, error: String(error) });
  }
}

/** POST /api/communication/{id}/retract `{ reason }`: never deleted; what has not gone is cancelled, inbox copies withdrawn. */
export async function retractAnnouncementCall(services: Services, auth: Auth, id: string | undefined, body: unknown, request: Request) {
  guard(auth);
  const announcementId = idOf(id);
  const parsed = retractAnnouncementSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  await detail(services, auth, announcementId);
  await run(services, { type: "RetractAnnouncement", data: { announcementId, reason: parsed.data.reason, actorId: auth.user.id }, metadata: commandMetadataOf(auth, request, bodyKey(body)) });
  await cancelQueuedDeliveries(services.db, announcementId);
  try {
    await withinRedisDeadline(enqueueRetract(fanoutQueue(services.redis, services.queuePrefix), { announcementId, organizationId: auth.organization.id }));
  } catch (error) {
    services.logger.warn("announcement retracted, its inbox copies not withdrawn yet", { announcementId, error: String(error) });
  }
  return { message: ANNOUNCEMENT_TOASTS.retracted, data: await signed(services, auth, await detail(services, auth, announcementId)) };
}

/** GET /api/communication: the organization's announcements (status, page, size). */
export async function announcementsOf(services: Services, auth: Auth, query: unknown) {
  guard(auth);
  const parsed = announcementListQuery.safeParse(query ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const { rows, count } = await announcementPage(services.db, auth.organization.id, parsed.data);
  return { data: rows, count };
}

/** GET /api/communication/{id}: one announcement and its deliveries per recipient and channel (page, size). */
export async function announcementOf(services: Services, auth: Auth, id: string | undefined, query: unknown) {
  guard(auth);
  const row = await detail(services, auth, idOf(id));
  const parsed = announcementListQuery.omit({ status: true }).safeParse(query ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const deliveries = await deliveriesOf(services.db, auth.organization.id, row.id, { page: parsed.data.page, size: Math.max(parsed.data.size, 50) });
  return { ...(await signed(services, auth, row)), deliveries: deliveries.rows, delivery_tally: deliveries.tally, delivery_count: deliveries.count };
}

/** What the compose form offers: audiences, the enabled channels, a command id. */
export async function composeOptionsOf(services: Services, auth: Auth) {
  guard(auth);
  const [options, channels] = await Promise.all([audienceOptions(services.db, auth.organization.id, services.clock.now()), enabledChannelsOf(services, auth.organization.id)]);
  return { ...options, channels, commandId: newId() };
}

/** The names of the people a draft names one by one (its form shows them). */
export async function draftPeopleOf(services: Services, auth: Auth, userIds: string[]) {
  guard(auth);
  return peopleNamed(services.db, auth.organization.id, userIds);
}

/** The development SMS outbox (/dev/mail, decision 089): text messages kept while no provider is configured. */
export const smsOutboxOf = (services: Pick<Services, "db">) => smsOutboxPage(services.db, 50);

/**
 * POST /api/sms/status (decision 108): Twilio's status callback for a text message. Not found while Twilio is not
 * configured; refused (403) unless X-Twilio-Signature matches the public url and the fields; a final status
 * (delivered, undelivered, failed) settles the delivery whose ref is the MessageSid. Twilio needs a 2xx, nothing more.
 */
export async function smsStatusCall(services: Services, request: Request, body: unknown) {
  const token = services.twilioAuthToken;
  if (!token) throw new DomainError("NOT_FOUND", "Not found", 404);
  const fields = Object.fromEntries(Object.entries((body ?? {}) as Record<string, unknown>).filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const signature = request.headers.get("x-twilio-signature") ?? "";
  if (!signature || !twilioSignatureValid(token, signature, `${services.publicUrl}${SMS_STATUS_PATH}`, fields)) throw new DomainError("FORBIDDEN", "The request's signature does not match", 403);
  const outcome = smsOutcomeOf(fields.MessageStatus ?? "", fields.ErrorCode);
  const settled = outcome && fields.MessageSid ? await settleSmsByRef(services.db, fields.MessageSid, outcome) : 0;
  return { message: "Status recorded", data: { settled } };
}
