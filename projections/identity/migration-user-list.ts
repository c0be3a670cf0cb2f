import { sql, type Kysely } from "kysely";

/** The staff user lists (decision 061): status reason and invitation status on rm_users (the phone number is 0301's, decision 060). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rm_users add column status_reason text`.execute(db);
  await sql`alter table rm_users add column invitation_status text`.execute(db);
  await sql`create index rm_users_org_group_created_idx on rm_users (organization_id, user_group_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists rm_users_org_group_created_idx`.execute(db);
  for (const column of ["invitation_status", "status_reason"]) {
    await sql.raw(`alter table rm_users drop column if exists ${column}`).execute(db);
  }
}
