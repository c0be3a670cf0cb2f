import type { Kysely, Selectable } from "kysely";
import type { MailStatus, MailTables } from "./tables";

export type MailRow = Selectable<MailTables["mail_outbox"]>;
export type MailSummary = Pick<MailRow, "id" | "organization_id" | "kind" | "to_address" | "subject" | "status" | "attempts" | "last_error" | "created_at" | "sent_at">;

/** Any handle that holds the mail tables (Kysely's types are not covariant). */
const tables = <DB>(db: Kysely<DB>) => db as unknown as Kysely<MailTables>;

export type NewMail = {
  organizationId: string | null;
  kind: string;
  fromName: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  data: Record<string, unknown>;
  status: MailStatus;
  dedupeKey?: string | null;
};

/**
 * Records a message; with a dedupe key already used, records nothing and answers the first message's id
 * (`created: false`). The id is the bigint's text.
 */
export async function insertMail<DB>(db: Kysely<DB>, mail: NewMail): Promise<{ id: string; created: boolean; status: MailStatus }> {
  const inserted = await tables(db)
    .insertInto("mail_outbox")
    .values({
      organization_id: mail.organizationId,
      kind: mail.kind,
      from_name: mail.fromName,
      to_address: mail.to,
      subject: mail.subject,
      body: mail.text,
      html: mail.html,
      headers: JSON.stringify(mail.headers),
      data: JSON.stringify(mail.data),
      status: mail.status,
      dedupe_key: mail.dedupeKey ?? null,
    })
    .onConflict((oc) => oc.column("dedupe_key").where("dedupe_key", "is not", null).doNothing())
    .returning(["id", "status"])
    .executeTakeFirst();
  if (inserted) return { id: String(inserted.id), created: true, status: inserted.status };
  const first = await tables(db).selectFrom("mail_outbox").select(["id", "status"]).where("dedupe_key", "=", mail.dedupeKey!).executeTakeFirstOrThrow();
  return { id: String(first.id), created: false, status: first.status };
}

const isId = (id: string) => /^[1-9]\d{0,17}$/.test(id);

/** One message, or undefined (an id that is not a number is simply not found). */
export async function mailById<DB>(db: Kysely<DB>, id: string): Promise<MailRow | undefined> {
  if (!isId(id)) return undefined;
  const row = await tables(db).selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
  return row && { ...row, id: String(row.id) };
}

/** The newest messages first, a page of them, and how many there are. */
export async function listMail<DB>(db: Kysely<DB>, { limit, offset }: { limit: number; offset: number }): Promise<{ data: MailSummary[]; count: number }> {
  const [rows, total] = await Promise.all([
    tables(db)
      .selectFrom("mail_outbox")
      .select(["id", "organization_id", "kind", "to_address", "subject", "status", "attempts", "last_error", "created_at", "sent_at"])
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
    tables(db).selectFrom("mail_outbox").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map((r) => ({ ...r, id: String(r.id) })), count: Number(total.n) };
}

/** The messages still waiting for the worker, oldest first (the sweep queues their jobs again). */
export async function queuedMailIds<DB>(db: Kysely<DB>, limit = 1000): Promise<string[]> {
  const rows = await tables(db).selectFrom("mail_outbox").select("id").where("status", "=", "queued").orderBy("id").limit(limit).execute();
  return rows.map((r) => String(r.id));
}

/**
 * Moves a queued message on: to its final status, or (status queued) records a failed attempt. A message
 * already out of `queued` is left alone (a late retry never turns sent into failed): answers whether it moved.
 */
export async function settleMail<DB>(
  db: Kysely<DB>,
  id: string,
  change: { status: MailStatus; attempts?: number; lastError?: string | null; at: Date },
): Promise<boolean> {
  const result = await tables(db)
    .updateTable("mail_outbox")
    .set({
      status: change.status,
      ...(change.attempts !== undefined && { attempts: change.attempts }),
      ...(change.lastError !== undefined && { last_error: change.lastError === null ? null : change.lastError.slice(0, 2000) }),
      ...(change.status === "sent" && { sent_at: change.at }),
      updated_at: change.at,
    })
    .where("id", "=", id)
    .where("status", "=", "queued")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether the address turned the organization's newsletters off. */
export async function isUnsubscribed<DB>(db: Kysely<DB>, organizationId: string, address: string): Promise<boolean> {
  const row = await tables(db)
    .selectFrom("mail_unsubscribes")
    .select("address")
    .where("organization_id", "=", organizationId)
    .where("address", "=", address.trim().toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

/** Turns the organization's newsletters off for the address (again is fine). */
export async function addUnsubscribe<DB>(db: Kysely<DB>, organizationId: string, address: string, at: Date): Promise<void> {
  await tables(db)
    .insertInto("mail_unsubscribes")
    .values({ organization_id: organizationId, address: address.trim().toLowerCase(), created_at: at })
    .onConflict((oc) => oc.columns(["organization_id", "address"]).doNothing())
    .execute();
}

/** Turns them back on (My profile's preferences). */
export async function removeUnsubscribe<DB>(db: Kysely<DB>, organizationId: string, address: string): Promise<void> {
  await tables(db).deleteFrom("mail_unsubscribes").where("organization_id", "=", organizationId).where("address", "=", address.trim().toLowerCase()).execute();
}

/** The key named `name`: made from `fresh` by the first caller, read by every later one. */
export async function mailKey<DB>(db: Kysely<DB>, name: string, fresh: Buffer): Promise<Buffer> {
  await tables(db).insertInto("mail_keys").values({ name, secret: fresh }).onConflict((oc) => oc.column("name").doNothing()).execute();
  const row = await tables(db).selectFrom("mail_keys").select("secret").where("name", "=", name).executeTakeFirstOrThrow();
  return row.secret;
}
