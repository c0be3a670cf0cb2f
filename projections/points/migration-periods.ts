import { sql, type Kysely } from "kysely";
import { timeZoneOf } from "../../modules/organizations";
import { getOrganization } from "../organizations";

const zoneOf = async (db: Kysely<unknown>, organizationId: string) => timeZoneOf((await getOrganization(db as never, organizationId))?.settings);

/**
 * Decision 085: the leaderboard's week and month are kept by the projector, one row per member and calendar
 * period (in the organization's time zone), so a board is the first rows of an index; a member's balance row
 * counts their entries (the history's total without counting the ledger).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rm_point_periods (
      organization_id text not null,
      period text not null,
      starts_on date not null,
      participant_id text not null,
      earned integer not null,
      hidden boolean not null default false,
      primary key (participant_id, period, starts_on)
    )`.execute(db);
  await sql`create index rm_point_periods_board_idx on rm_point_periods (organization_id, period, starts_on, earned desc, participant_id) where not hidden`.execute(db);
  await sql`alter table rm_point_balances add column if not exists entries integer not null default 0`.execute(db);
  // a member's newest entries: one index matching the whole condition and the order (with the organization beside
  // the member, the planner never ANDs in the organization's index, whatever the statistics or a generic plan)
  await sql`create index if not exists rm_point_entries_member_page_idx on rm_point_entries (participant_id, organization_id, created_at desc, id)`.execute(db);
  await sql`drop index if exists rm_point_entries_member_idx`.execute(db);
  // what the projector applied before this migration: counted and summed once here
  await sql`
    update rm_point_balances b set entries = c.n
      from (select participant_id, count(*)::int as n from rm_point_entries group by participant_id) c
     where c.participant_id = b.participant_id`.execute(db);
  const { rows: orgs } = await sql<{ organization_id: string }>`select distinct organization_id from rm_point_entries`.execute(db);
  for (const { organization_id: organizationId } of orgs) {
    const zone = await zoneOf(db, organizationId);
    for (const unit of ["week", "month"] as const) {
      await sql`
        insert into rm_point_periods (organization_id, period, starts_on, participant_id, earned, hidden)
        select e.organization_id, ${unit}, date_trunc(${unit}, e.created_at at time zone ${zone})::date, e.participant_id, sum(e.amount)::int, coalesce(bool_or(b.hidden), false)
          from rm_point_entries e
          left join rm_point_balances b on b.participant_id = e.participant_id
         where e.organization_id = ${organizationId} and e.kind in ('award', 'reversal')
         group by 1, 3, 4`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists rm_point_entries_member_idx on rm_point_entries (participant_id, created_at desc)`.execute(db);
  await sql`drop index if exists rm_point_entries_member_page_idx`.execute(db);
  await sql`drop table if exists rm_point_periods`.execute(db);
  await sql`alter table rm_point_balances drop column if exists entries`.execute(db);
}
