import { sql, type Kysely } from "kysely";
import type { ChallengeAudience, ChallengeRuleKind, CompletionKind } from "../../modules/challenges";
import type { ChallengeTables } from "./tables";

const tables = <DB extends ChallengeTables>(db: Kysely<DB>) => db as unknown as Kysely<ChallengeTables>;
const iso = (value: Date | string) => new Date(value).toISOString();

export type ChallengeRow = {
  id: string;
  title: string;
  description: string;
  image: string | null;
  start_date: string;
  end_date: string;
  audience: ChallengeAudience;
  points: number;
  rule: ChallengeRuleKind;
  survey_id: string | null;
  program_id: string | null;
  sessions: number | null;
  archived: boolean;
  completions: number;
  created_by: string | null;
  created_date: string;
  updated_date: string;
};

type Raw = ChallengeTables["rm_challenges"] extends infer T ? { [K in keyof T]: unknown } : never;
const rowOf = (r: Raw): ChallengeRow => ({
  id: r.id as string,
  title: r.title as string,
  description: r.description as string,
  image: (r.image as string | null) ?? null,
  start_date: r.starts_on as string,
  end_date: r.ends_on as string,
  audience: r.audience as ChallengeAudience,
  points: r.points as number,
  rule: r.rule_kind as ChallengeRuleKind,
  survey_id: (r.survey_id as string | null) ?? null,
  program_id: (r.program_id as string | null) ?? null,
  sessions: (r.sessions_needed as number | null) ?? null,
  archived: r.archived as boolean,
  completions: r.completions as number,
  created_by: (r.created_by as string | null) ?? null,
  created_date: iso(r.created_at as Date),
  updated_date: iso(r.updated_at as Date),
});

const containing = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the organization's challenges (search over titles; archived or not; sorted). */
export async function challengesPage<DB extends ChallengeTables>(db: Kysely<DB>, organizationId: string, q: { page: number; size: number; search?: string; sort: string; archived?: boolean }) {
  let base = tables(db).selectFrom("rm_challenges").where("organization_id", "=", organizationId);
  if (q.archived !== undefined) base = base.where("archived", "=", q.archived);
  if (q.search?.trim()) base = base.where("title", "ilike", containing(q.search.trim()));
  const [column, direction] = q.sort.split(",") as [string, "asc" | "desc"];
  const order = column === "title" ? "title" : column === "end_date" ? "ends_on" : "created_at";
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(order, direction).orderBy("id").limit(q.size).offset(q.page * q.size).execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return { rows: rows.map((r) => rowOf(r as Raw)), count: Number(count?.n ?? 0) };
}

export async function challengeById<DB extends ChallengeTables>(db: Kysely<DB>, organizationId: string, id: string): Promise<ChallengeRow | undefined> {
  const r = await tables(db).selectFrom("rm_challenges").selectAll().where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
  return r ? rowOf(r as Raw) : undefined;
}

/** The organization's challenges not archived and open on a day (of one rule, when given). */
export async function challengesOpenOn<DB extends ChallengeTables>(db: Kysely<DB>, organizationId: string, day: string, rule?: ChallengeRuleKind): Promise<ChallengeRow[]> {
  let query = tables(db).selectFrom("rm_challenges").selectAll().where("organization_id", "=", organizationId).where("archived", "=", false).where("starts_on", "<=", day).where("ends_on", ">=", day);
  if (rule) query = query.where("rule_kind", "=", rule);
  return (await query.orderBy("ends_on").orderBy("id").execute()).map((r) => rowOf(r as Raw));
}

export type ProgressRow = { challenge_id: string; participant_id: string; sessions: number; completed_date: string | null; completed_how: CompletionKind | null; completed_by: string | null };
const progressOf = (r: ChallengeTables["rm_challenge_progress"] extends infer T ? { [K in keyof T]: unknown } : never): ProgressRow => ({
  challenge_id: r.challenge_id as string,
  participant_id: r.participant_id as string,
  sessions: r.sessions as number,
  completed_date: r.completed_at ? iso(r.completed_at as Date) : null,
  completed_how: (r.completed_how as CompletionKind | null) ?? null,
  completed_by: (r.completed_by as string | null) ?? null,
});

/** These members' progress rows (in these challenges, when given). */
export async function progressOfMembers<DB extends ChallengeTables>(db: Kysely<DB>, organizationId: string, participantIds: readonly string[], challengeIds?: readonly string[]): Promise<ProgressRow[]> {
  if (participantIds.length === 0 || challengeIds?.length === 0) return [];
  let query = tables(db).selectFrom("rm_challenge_progress").selectAll().where("organization_id", "=", organizationId).where("participant_id", "in", [...participantIds]);
  if (challengeIds) query = query.where("challenge_id", "in", [...challengeIds]);
  return (await query.execute()).map(progressOf);
}

/** A challenge's members with progress, completed first (newest completion first), then by sessions counted. */
export async function progressOfChallenge<DB extends ChallengeTables>(db: Kysely<DB>, organizationId: string, challengeId: string, q: { page: number; size: number; completedOnly?: boolean }) {
  let base = tables(db).selectFrom("rm_challenge_progress").where("organization_id", "=", organizationId).where("challenge_id", "=", challengeId);
  if (q.completedOnly) base = base.where("completed_at", "is not", null);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql`completed_at desc nulls last`)
      .orderBy("sessions", "desc")
      .orderBy("participant_id")
      .limit(q.size)
      .offset(q.page * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return { rows: rows.map(progressOf), count: Number(count?.n ?? 0) };
}

