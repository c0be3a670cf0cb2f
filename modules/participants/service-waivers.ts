import { isStaff, LEVEL, newToken, PERMISSIONS, roleFlags, tokenHash, type Auth, type Services } from "../identity";
import { DomainError, isUuid, newId } from "../kernel";
import { DEFAULT_TIME_ZONE, timeZoneOf } from "../organizations";
import { evolveGuardians, guardiansStream, initialGuardianState, type GuardianEvent } from "../family/client";
import { isGuardianOf } from "../../projections/identity";
import { ownActiveParticipants } from "../../projections/participants";
import { waitForProjection } from "../../projections/runner";
import { waiverOf } from "../../projections/waivers";
import { participantNotFound } from "./decide";
import { checkWaiverToken, issueWaiverToken, signWaiver } from "./handlers";
import type { WaiverText } from "./waiver-text";
import { currentWaiverVersionId, signedVersionOf, waiverTextFor } from "./waiver-versions";

/** Pages and answers that carry a waiver token are never cached. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** spec-1 section 6, dialog actions: 'Complete waiver here' is for CAN_SIGN_WAIVER_FOR_PARTICIPANT, admin or organization. */
function canCompleteWaiver(auth: Pick<Auth, "user">): boolean {
  const flags = roleFlags({ level: auth.user.roleLevel, roleName: auth.user.roleName });
  return flags.isAdmin || flags.isOrganization || auth.user.permissionIds.includes(PERMISSIONS.CAN_SIGN_WAIVER_FOR_PARTICIPANT);
}

const signWaiverPath = (participantId: string, token: string) => `/sign-waiver/${participantId}?${new URLSearchParams({ token }).toString()}`;

/**
 * GET /api/user-detail/waiver-token?participant_id={id}: a fresh 256-bit token (only its SHA-256 goes
 * into the WaiverTokenIssued event), its expiry (7 days, set by the decider) and the page's path.
 * A parent (level 1) gets links for their own children only; another organization's participant is 404.
 * The permission is asked before the input is read: 403 comes before 400.
 */
export async function issueWaiverLink(services: Services, auth: Auth, searchParams: URLSearchParams): Promise<Response> {
  if (!canCompleteWaiver(auth)) throw new DomainError("FORBIDDEN", "You do not have permission to do this.", 403);
  const participantId = (searchParams.get("participant_id") ?? "").trim();
  if (!participantId) throw new DomainError("VALIDATION", "Participant Id is required", 400);
  const { replayed: _replayed, ...link } = await newWaiverLink(services, auth, participantId);
  return Response.json(link, { headers: NO_STORE });
}

/** A child's guardian links as their `guardians-` stream says (decision 064). */
async function guardianStateOf(services: Services, participantId: string) {
  const read = await services.store.readStream<GuardianEvent>(guardiansStream(participantId));
  return read.events.reduce(evolveGuardians, initialGuardianState());
}

/**
 * A fresh single-use waiver link for one participant (the call above, and the parents' home's 'Sign
 * waiver'): 403 without the permission, 404 for a participant the caller may not ask for.
 */
export async function newWaiverLink(
  services: Services,
  auth: Auth,
  participantId: string,
  /** an idempotency key (the Waivers page's send, decision 100): a resent command issues nothing new and answers `replayed` */
  commandId: string = newId(),
): Promise<{ token: string; expires_at: string | null; url: string; replayed: boolean }> {
  if (!canCompleteWaiver(auth)) throw new DomainError("FORBIDDEN", "You do not have permission to do this.", 403);
  if (!isUuid(participantId)) throw participantNotFound();
  const token = newToken();
  const asParent = auth.user.roleLevel === LEVEL.participant;
  // a parent: the child's guardian links, from their stream (decision 064), for the decider to check
  const guardianLinks = asParent ? [...(await guardianStateOf(services, participantId)).entries()] : undefined;
  const currentVersion = await currentWaiverVersionId(services.store, auth.organization.id);
  // a new command every time unless the caller names one: a replay could not give back the first token, only its hash is kept
  const result = await issueWaiverToken(services, {
    type: "IssueWaiverToken",
    data: { participantId, tokenHash: tokenHash(token), issuedBy: auth.user.id, asParent, guardianLinks, currentVersion },
    metadata: { commandId, organizationId: auth.organization.id, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
  const issued = result.events.find((e) => e.type === "WaiverTokenIssued");
  const expiresAt = issued?.type === "WaiverTokenIssued" ? issued.data.expiresAt : null;
  return { token, expires_at: expiresAt, url: signWaiverPath(participantId, token), replayed: result.replayed };
}

/** The waiver page's marker for the invitation's last step (decision 068): once signed, the person lands home. */
export const JOINING_PARAM = "joining";

/**
 * The invitation's waiver step (decision 068): just after a participant accepts their invitation, a link to sign
 * their own waiver as themselves (IssueWaiverToken `asSelf`: the issuer must be the account linked to them), or
 * null when there is nothing to sign (no profile linked to this account, e.g. a parent; or signed already).
 */
export async function joiningWaiverPath(services: Services, userId: string, organizationId: string): Promise<string | null> {
  const own = (await ownActiveParticipants(services.db, organizationId, userId)).find((p) => p.user_id === userId);
  if (!own) return null;
  const token = newToken();
  const result = await issueWaiverToken(services, {
    type: "IssueWaiverToken",
    data: { participantId: own.id, tokenHash: tokenHash(token), issuedBy: userId, asParent: false, asSelf: true, currentVersion: await currentWaiverVersionId(services.store, organizationId) },
    metadata: { commandId: newId(), organizationId, actorId: userId },
  });
  // signed already (409), or not theirs after all: no step
  if (!result.ok) return null;
  return `${signWaiverPath(own.id, token)}&${JOINING_PARAM}=1`;
}

export type WaiverLinkView =
  /** no token in the link at all */
  | { state: "incomplete" }
  /** an unknown, used or expired token, or an unknown participant: nothing about the participant is shown */
  | { state: "expired" }
  | { state: "open"; participantName: string; text: WaiverText };

/** What the waiver page shows for a link: the participant and the text only while the token would sign. */
export async function openWaiverLink(services: Services, participantId: string | undefined, token: string): Promise<WaiverLinkView> {
  if (!token) return { state: "incomplete" };
  if (!participantId || !isUuid(participantId)) return { state: "expired" };
  const participant = await checkWaiverToken(services.store, participantId, tokenHash(token), services.clock.now());
  if (participant instanceof DomainError) return { state: "expired" };
  // the organization's current text (decision 100): the one a signature now agrees to
  return { state: "open", participantName: `${participant.firstName} ${participant.lastName}`.trim(), text: await waiverTextFor(services.store, participant.organizationId) };
}

export type SignOutcome = { ok: true } | { ok: false; expired: boolean; status: number; message: string };

/**
 * SignWaiver with the link's token (its hash), the typed name, the time and the client's address, in
 * the participant's organization; the signer is recorded as the actor when signed in.
 */
export async function signWithLink(
  services: Services,
  auth: Auth | null,
  input: { participantId: string | undefined; token: string; fullName: string; ip: string },
): Promise<SignOutcome> {
  const expired = { ok: false, expired: true, status: 400, message: "Token expired" } as const;
  const { participantId, token } = input;
  if (!participantId || !isUuid(participantId)) return expired;
  const hash = tokenHash(token);
  const participant = await checkWaiverToken(services.store, participantId, hash, services.clock.now());
  if (participant instanceof DomainError) return expired;
  const waiverVersion = await currentWaiverVersionId(services.store, participant.organizationId);
  const result = await signWaiver(services, {
    type: "SignWaiver",
    data: { participantId, tokenHash: hash, signedByName: input.fullName, consent: true, ip: input.ip, waiverVersion },
    metadata: { commandId: newId(), organizationId: participant.organizationId, actorId: auth?.user.id ?? null },
  });
  if (result.ok) {
    // the page that follows (the home after an invitation's waiver step, decision 068) reads the signature
    const position = Math.max(0, ...result.events.map((e) => e.position));
    if (position > 0) await waitForProjection(services, "participants", { atLeast: position });
    return { ok: true };
  }
  if (result.error.code === "TOKEN_EXPIRED") return expired;
  return { ok: false, expired: false, status: result.error.status, message: result.error.message };
}

/** MM/DD/YYYY hh:mm A in the organization's time zone. */
function waiverTime(at: Date, timeZone = DEFAULT_TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hour12: true })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}

/**
 * /view-waiver/{id}: for signed-in staff of the participant's organization and for the participant's
 * parent; anyone else (signed out, another organization, another family, the participant) gets null: 404.
 */
export async function viewWaiver(services: Services, auth: Auth | null, participantId: string | undefined) {
  if (!auth || !participantId || !isUuid(participantId)) return null;
  const view = await waiverOf(services.db, auth.organization.id, participantId);
  if (!view) return null;
  const staff = isStaff(auth.user.roleLevel);
  if (!staff && !(await isGuardianOf(services.db, auth.organization.id, auth.user.id, participantId))) return null;
  const signed = view.waiver;
  return {
    participantName: view.participant.full_name,
    text: await waiverTextFor(services.store, auth.organization.id, signed ? signedVersionOf(signed.waiver_version) : null),
    waiver: signed && { signedByName: signed.signed_by_name, signedAt: new Date(signed.signed_at).toISOString(), signedAtText: waiverTime(new Date(signed.signed_at), timeZoneOf(auth.organization.settings)), ip: signed.ip },
  };
}
