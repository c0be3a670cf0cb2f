import { sql, type Kysely, type Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import { LEVEL, type InvitationEvent } from "../../modules/identity";
import type { ReadModels } from "../read-models";
import type { IdentityTables } from "./tables";

type Db = Kysely<IdentityTables> | Transaction<IdentityTables>;

/** Invitations' events (decision 063), folded into rm_invitations and the user's invitation status. */
export const INVITATION_TYPES: readonly string[] = ["InvitationSent", "InvitationRevoked", "InvitationAccepted", "InvitationRenewalRequested"];

export async function applyInvitation(db: Db, event: RecordedEvent<InvitationEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "InvitationSent": {
      const d = event.data;
      await db
        .insertInto("rm_invitations")
        .values({ user_id: d.userId, organization_id: d.organizationId, kind: d.kind, status: "Invited", token_hash: d.tokenHash, expires_at: d.expiresAt, sent_at: at, sent_by: d.sentBy, sent_count: 1, updated_at: at })
        .onConflict((oc) =>
          oc.column("user_id").doUpdateSet({
            status: "Invited",
            token_hash: d.tokenHash,
            expires_at: d.expiresAt,
            sent_at: at,
            sent_by: d.sentBy,
            sent_count: sql`rm_invitations.sent_count + 1`,
            renewal_requested_at: null,
            updated_at: at,
          }),
        )
        .execute();
      await db.updateTable("rm_users").set({ invitation_status: "Invited", invitation_expires_at: d.expiresAt, updated_at: at }).where("id", "=", d.userId).execute();
      return;
    }
    case "InvitationRevoked":
      await db.updateTable("rm_invitations").set({ status: "Pending", token_hash: null, expires_at: null, updated_at: at }).where("user_id", "=", event.data.userId).execute();
      await db.updateTable("rm_users").set({ invitation_status: "Pending", invitation_expires_at: null, updated_at: at }).where("id", "=", event.data.userId).execute();
      return;
    case "InvitationAccepted": {
      const d = event.data;
      await db.updateTable("rm_invitations").set({ status: "Accepted", token_hash: null, accepted_at: at, updated_at: at }).where("user_id", "=", d.userId).execute();
      await db
        .updateTable("rm_users")
        .set({ password_hash: d.passwordHash, first_name: d.firstName, last_name: d.lastName, phone_number: d.phoneNumber, invitation_status: "Accepted", invitation_expires_at: null, updated_at: at })
        .where("id", "=", d.userId)
        .execute();
      return;
    }
    case "InvitationRenewalRequested":
      await db.updateTable("rm_invitations").set({ renewal_requested_at: at, updated_at: at }).where("user_id", "=", event.data.userId).execute();
      return;
  }
}

/** The invitation status as the lists show it: an Invited row past its expiry is Expired (spec-2 section 3). */
export const invitationStatusSql = (now: Date) =>
  sql<string | null>`case when u.invitation_status = 'Invited' and u.invitation_expires_at <= ${now.toISOString()}::timestamptz then 'Expired' else u.invitation_status end`;

export type InvitationRow = {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  user_group_id: string;
  role_display_name: string;
  role_level: number;
  kind: string | null;
  status: string;
  expires_at: string | null;
  sent_at: string | null;
  sent_count: number;
  renewal_requested_at: string | null;
  created_date: string;
};

export type InvitationFilter = {
  status?: "Pending" | "Invited" | "Expired" | "Accepted";
  page: number;
  size: number;
  now: Date;
  userId?: string;
  /** whose invitations: staff (levels 2 to 6), participants' accounts (level 1); default both */
  kinds?: readonly ("coach" | "participant")[];
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * The organization's invitations (decision 063): every user with an invitation status (staff created on the
 * lists are Pending until sent), newest sent first, then newest created.
 */
export async function invitationPage(db: Kysely<ReadModels>, organizationId: string, filter: InvitationFilter): Promise<{ rows: InvitationRow[]; count: number }> {
  const status = invitationStatusSql(filter.now);
  let query = db
    .selectFrom("rm_users as u")
    .innerJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    .leftJoin("rm_invitations as i", "i.user_id", "u.id")
    .where("u.organization_id", "=", organizationId)
    .where("u.invitation_status", "is not", null);
  if (filter.userId) query = query.where("u.id", "=", filter.userId);
  const kinds = filter.kinds ?? ["coach", "participant"];
  if (!kinds.includes("coach")) query = query.where("g.level", "<", LEVEL.coach);
  if (!kinds.includes("participant")) query = query.where("g.level", ">=", LEVEL.coach);
  if (filter.status) query = query.where(status, "=", filter.status);
  const [rows, total] = await Promise.all([
    query
      .select([
        "u.id",
        "u.first_name",
        "u.last_name",
        "u.email",
        "u.user_group_id",
        "g.display_name as role_display_name",
        "g.level as role_level",
        "i.kind",
        status.as("status"),
        "i.expires_at",
        "i.sent_at",
        "i.sent_count",
        "i.renewal_requested_at",
        "u.created_at",
      ])
      .orderBy(sql`i.sent_at desc nulls last`)
      .orderBy("u.created_at", "desc")
      .orderBy("u.id")
      .limit(filter.size)
      .offset(filter.page * filter.size)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      user_id: r.id,
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      user_group_id: r.user_group_id,
      role_display_name: r.role_display_name,
      role_level: r.role_level,
      kind: r.kind,
      status: r.status ?? "Pending",
      expires_at: iso(r.expires_at),
      sent_at: iso(r.sent_at),
      sent_count: r.sent_count ?? 0,
      renewal_requested_at: iso(r.renewal_requested_at),
      created_date: new Date(r.created_at).toISOString(),
    })),
    count: Number(total.count),
  };
}

/** One invitation of the organization (by the invited user's id). */
export async function invitationOf(db: Kysely<ReadModels>, organizationId: string, userId: string, now: Date): Promise<InvitationRow | undefined> {
  return (await invitationPage(db, organizationId, { page: 0, size: 1, now, userId })).rows[0];
}

/** What the accept page shows before anything is submitted: the person (no token check). */
export async function invitedUserById(db: Kysely<ReadModels>, userId: string) {
  return db
    .selectFrom("rm_users as u")
    .innerJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    .select(["u.id", "u.organization_id", "u.first_name", "u.last_name", "u.email", "u.username", "u.phone_number", "u.status", "u.invitation_status", "g.level as role_level"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
}

/**
 * These users' invitation statuses as the lists show them (Pending, Invited, Expired, Accepted; null: an account
 * with a password from elsewhere), e.g. the participants' own accounts on their list (decision 068).
 */
export async function invitationStatusesOf(db: Kysely<ReadModels>, organizationId: string, userIds: readonly string[], now: Date): Promise<Map<string, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("rm_users as u")
    .select(["u.id", invitationStatusSql(now).as("status")])
    .where("u.organization_id", "=", organizationId)
    .where("u.id", "in", [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** Of these users of the organization, those whose dead link asked for a new invitation since the last was sent. */
export async function renewalRequestedAmong(db: Kysely<ReadModels>, organizationId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom("rm_invitations")
    .select("user_id")
    .where("organization_id", "=", organizationId)
    .where("user_id", "in", [...userIds])
    .where("renewal_requested_at", "is not", null)
    .where("status", "!=", "Accepted")
    .execute();
  return rows.map((r) => r.user_id);
}
