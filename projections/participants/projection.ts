import { sql, type Kysely, type Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import { PARTICIPANT_EVENT_TYPES, WAIVER_VERSION, type ParticipantEvent, type ParticipantProfile, type PickupContact, type WaiverVersionPublished } from "../../modules/participants";
import { defineProjection, type LiveMessageLike } from "../runner";
import type { ParticipantTables, PickupContactRow } from "./tables";

type Db = Kysely<ParticipantTables> | Transaction<ParticipantTables>;

/** Topic and event of the live update sent to an organization after a participant row changed. */
export const PARTICIPANT_LIVE_TOPIC = "participants";
export const PARTICIPANT_LIVE_EVENT = "participant-changed";

const contactRow = (c: PickupContact): PickupContactRow => ({
  first_name: c.firstName,
  last_name: c.lastName,
  phone_number: c.phoneNumber,
  relationship: c.relationship,
  can_pickup: c.canPickup,
});

/** The profile columns of an event's data. */
const profileColumns = (p: ParticipantProfile) => ({
  first_name: p.firstName,
  last_name: p.lastName,
  full_name: `${p.firstName} ${p.lastName}`.trim(),
  dob: p.dob,
  gender: p.gender,
  medical_conditions: p.medicalConditions,
  has_epi_pen: p.hasEpiPen,
  has_medications: p.hasMedications,
  school_not_applicable: p.schoolNotApplicable,
  school_name: p.schoolName,
  contact_name: p.contactName,
  phone_number: p.phoneNumber,
  email: p.email,
  preferred_contact: p.preferredContact,
  address: p.address,
  parent_id: p.parentId,
  user_id: p.userId,
  pickup_contacts: JSON.stringify(p.pickupContacts.map(contactRow)),
  pick_up_permission: p.pickUpPermission,
  details: JSON.stringify(p.details ?? {}),
});

/** Applies one event; returns the organization of the row it changed. */
async function applyEvent(db: Db, event: RecordedEvent<ParticipantEvent>): Promise<string | undefined> {
  const at = event.metadata.occurredAt;
  const { revision } = event;
  const update = (set: Partial<Record<string, unknown>>, participantId: string) =>
    db
      .updateTable("rm_participants")
      .set({ ...set, revision, updated_date: at })
      .where("id", "=", participantId)
      .where("revision", "<", revision)
      .returning("organization_id")
      .executeTakeFirst();
  switch (event.type) {
    case "ParticipantRegistered": {
      const d = event.data;
      await db
        .insertInto("rm_participants")
        .values({
          id: d.participantId,
          organization_id: d.organizationId,
          member_id: d.memberId,
          status: d.status,
          status_reason: d.statusReason ?? null,
          ...profileColumns(d),
          is_waiver_signed: false,
          waiver_signed_at: null,
          waiver_signed_by: null,
          revision,
          created_date: at,
          updated_date: at,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return d.organizationId;
    }
    case "ParticipantUpdated": {
      const { participantId, ...profile } = event.data;
      return (await update(profileColumns(profile), participantId))?.organization_id;
    }
    case "ParticipantStatusChanged":
      return (await update({ status: event.data.status, status_reason: event.data.reason ?? null }, event.data.participantId))?.organization_id;
    case "WaiverTokenIssued":
      // a waiver link changes no row (its hash stays in the stream)
      return undefined;
    case "WaiverSigned": {
      const d = event.data;
      return (await update({ is_waiver_signed: true, waiver_signed_at: d.signedAt, waiver_signed_by: d.signedByName, waiver_version: d.waiverVersion ?? null }, d.participantId))?.organization_id;
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * A new waiver text (decision 100): a member counts as signed only when their signature names it, so every
 * signed row of the organization is set by that (an older signature reads 'not signed'; a version made current
 * again counts its signatures again). The check-in decision reads the same from the streams. Idempotent; the
 * participants' stream revisions stay as they are. Answers the rows that changed.
 */
async function askNewSignatures(db: Db, event: RecordedEvent<WaiverVersionPublished>): Promise<string[]> {
  const { organizationId, versionId } = event.data;
  const signsIt = sql<boolean>`coalesce(waiver_version, ${WAIVER_VERSION}) = ${versionId}`;
  const rows = await db
    .updateTable("rm_participants")
    .set({ is_waiver_signed: signsIt, updated_date: event.metadata.occurredAt })
    .where("organization_id", "=", organizationId)
    .where("waiver_signed_at", "is not", null)
    .where(sql<boolean>`is_waiver_signed <> (${signsIt})`)
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

/**
 * One row per participant. Idempotent by itself: a registration inserts once, and every later event
 * applies only over an older stream revision. After a batch, each organization whose rows changed gets
 * one live nudge (topic `participants`) naming the participants.
 */
export const participantsProjection = defineProjection<ParticipantTables>({
  name: "participants",
  tables: ["rm_participants"],
  eventTypes: [...PARTICIPANT_EVENT_TYPES, "WaiverVersionPublished"],
  async apply(db, events) {
    const changed = new Map<string, Set<string>>();
    for (const event of events) {
      if (event.type === "WaiverVersionPublished") {
        const ids = await askNewSignatures(db, event as RecordedEvent<WaiverVersionPublished>);
        if (ids.length > 0) changed.set(event.data.organizationId as string, new Set([...(changed.get(event.data.organizationId as string) ?? []), ...ids]));
        continue;
      }
      const organizationId = await applyEvent(db, event as RecordedEvent<ParticipantEvent>);
      if (!organizationId) continue;
      const ids = changed.get(organizationId) ?? new Set<string>();
      ids.add((event.data as { participantId: string }).participantId);
      changed.set(organizationId, ids);
    }
    return [...changed].map(
      ([organizationId, ids]): LiveMessageLike => ({
        organizationId,
        topic: PARTICIPANT_LIVE_TOPIC,
        event: PARTICIPANT_LIVE_EVENT,
        payload: { participantIds: [...ids].slice(0, 100) },
      }),
    );
  },
});
