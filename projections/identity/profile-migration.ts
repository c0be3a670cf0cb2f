import { sql, type Kysely } from "kysely";

/** Decision 060: a user's phone number and which optional e-mails they receive (both on until turned off). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table rm_users
      add column phone_number text not null default '',
      add column notify_newsletters boolean not null default true,
      add column notify_program_updates boolean not null default true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table rm_users
      drop column if exists phone_number,
      drop column if exists notify_newsletters,
      drop column if exists notify_program_updates`.execute(db);
}
