import { sql, type Kysely } from "kysely";

/** The participant read model: the list, the report, the detail call and the Member ID lookup. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_participants (
      id uuid primary key,
      organization_id uuid not null,
      member_id text not null,
      first_name text not null,
      last_name text not null,
      full_name text not null,
      dob text not null,
      gender text not null,
      medical_conditions text[] not null default '{}',
      has_epi_pen text not null,
      has_medications text not null,
      school_not_applicable boolean not null,
      school_name text not null,
      contact_name text not null,
      phone_number text not null,
      email text not null,
      preferred_contact text not null,
      address text not null,
      parent_id uuid,
      user_id uuid,
      pickup_contacts jsonb not null default '[]',
      pick_up_permission text not null,
      status text not null,
      is_waiver_signed boolean not null default false,
      waiver_signed_at timestamptz,
      waiver_signed_by text,
      revision int not null,
      created_date timestamptz not null,
      updated_date timestamptz not null
    )`.execute(db);
  await sql`create unique index rm_participants_member_id_idx on rm_participants (member_id)`.execute(db);
  await sql`create index rm_participants_org_created_idx on rm_participants (organization_id, created_date desc, id desc)`.execute(db);
  await sql`create index rm_participants_org_name_idx on rm_participants (organization_id, lower(full_name), id)`.execute(db);
  await sql`create index rm_participants_parent_idx on rm_participants (parent_id) where parent_id is not null`.execute(db);
  await sql`create index rm_participants_user_idx on rm_participants (user_id) where user_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rm_participants`.execute(db);
}
