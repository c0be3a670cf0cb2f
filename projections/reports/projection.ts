import { sql, type Kysely, type Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import { defineProjection } from "../runner";
import { ageBandOn, DEFAULT_ZONE, genderOf, localDayHour, monthBefore, monthOf } from "./dimensions";
import { ALL_DIMENSIONS } from "./queries";
import type { ReportTables } from "./tables";

type Db = Kysely<ReportTables> | Transaction<ReportTables>;
type Data = Record<string, unknown>;

/**
 * The event types read, written here rather than imported from their modules (which import the projections:
 * a value imported from them would not be initialized yet while they load; see projections/programs).
 */
const EVENT_TYPES = [
  "OrganizationRegistered",
  "OrganizationSettingsUpdated",
  "UserRegistered",
  "StaffUserCreated",
  "UserGroupChanged",
  "ParticipantRegistered",
  "ParticipantUpdated",
  "ParticipantRegisteredToProgram",
  "ParticipantPromotedFromWaitlist",
  "ParticipantUnregisteredFromProgram",
  "MemberCheckedIn",
  "MemberFlagged",
  "MemberFlagResolved",
  "DailyScreeningFilled",
  "DailyScreeningDeclined",
  "SurveyResponseSubmitted",
  "PointsAwarded",
  "PointsReversed",
  "PointsSpent",
  "PointsRefunded",
  "AttendanceMarked",
] as const;

type Member = { participant_id: string; organization_id: string; gender: string; dob: string; user_id: string | null; program_ids: string[]; first_month: string | null; last_day: string | null };
type MonthRow = { participant_id: string; month: string; organization_id: string; group_id: string; age_band: string; gender: string; program_ids: string[]; is_first: boolean; continued: boolean };

const str = (v: unknown) => (typeof v === "string" ? v : "");
const dayText = (v: unknown) => (v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const CHUNK = 2000;

/** One batch's work: the dimensions it reads and changes, and the rollups' increments. */
class Batch {
  members = new Map<string, Member>();
  users = new Map<string, string>();
  zones = new Map<string, string>();
  marks = new Map<string, string>();
  dirtyMembers = new Set<string>();
  dirtyUsers = new Set<string>();
  dirtyZones = new Set<string>();
  dirtyMarks = new Set<string>();
  counts = new Map<string, number>();
  months = new Map<string, MonthRow>();
  /** month rows written before this batch whose member came back the next month */
  continued = new Set<string>();

  member(participantId: string, organizationId: string): Member {
    let m = this.members.get(participantId);
    if (!m) {
      m = { participant_id: participantId, organization_id: organizationId, gender: "Unspecified", dob: "", user_id: null, program_ids: [], first_month: null, last_day: null };
      this.members.set(participantId, m);
    }
    return m;
  }

  zone(organizationId: string) {
    return this.zones.get(organizationId) ?? DEFAULT_ZONE;
  }

  /** Adds `delta` to a metric for the member's dimensions on `day` (every program's row and each of `programs`). */
  bump(metric: string, m: Member, day: string, hour: number, delta: number, programs: readonly string[] = ["", ...m.program_ids]) {
    const group = (m.user_id && this.users.get(m.user_id)) || "";
    const band = ageBandOn(m.dob, day);
    for (const program of programs) {
      const key = [m.organization_id, metric, program, day, hour, group, band, m.gender].join("\u0001");
      this.counts.set(key, (this.counts.get(key) ?? 0) + delta);
      // the same without the dimensions, under its own metric: what an unfiltered dashboard reads (a row a day)
      const total = [m.organization_id, `${metric}${ALL_DIMENSIONS}`, program, day, hour, "", "", ""].join("\u0001");
      this.counts.set(total, (this.counts.get(total) ?? 0) + delta);
    }
  }

  checkIn(m: Member, at: string) {
    const { day, hour } = localDayHour(at, this.zone(m.organization_id));
    this.bump("checkins", m, day, -1, 1);
    this.bump("checkins_hour", m, day, hour, 1);
    const month = monthOf(day);
    const lastMonth = m.last_day ? monthOf(m.last_day) : null;
    if (lastMonth && lastMonth !== month && lastMonth === monthBefore(month)) {
      const before = this.months.get(`${m.participant_id}|${lastMonth}`);
      if (before) before.continued = true;
      else this.continued.add(`${m.participant_id}|${lastMonth}`);
    }
    if (m.last_day !== day) {
      this.bump("checkin_members", m, day, -1, 1);
      m.last_day = day;
    }
    if (!m.first_month) m.first_month = month;
    const key = `${m.participant_id}|${month}`;
    if (!this.months.has(key)) {
      const group = (m.user_id && this.users.get(m.user_id)) || "";
      this.months.set(key, { participant_id: m.participant_id, month, organization_id: m.organization_id, group_id: group, age_band: ageBandOn(m.dob, day), gender: m.gender, program_ids: [...m.program_ids], is_first: m.first_month === month, continued: false });
    }
    this.dirtyMembers.add(m.participant_id);
  }
}

function participantOf(e: RecordedEvent): string | null {
  const d = e.data as Data;
  return typeof d.participantId === "string" ? d.participantId : null;
}

async function load(db: Db, events: readonly RecordedEvent[], b: Batch) {
  const participants = [...new Set(events.map(participantOf).filter((p): p is string => !!p))];
  const orgs = [...new Set(events.map((e) => e.metadata.organizationId ?? str((e.data as Data).organizationId)).filter(Boolean))];
  const markKeys = events.filter((e) => e.type === "AttendanceMarked").map((e) => e.data as Data);
  const [members, zones, marks] = await Promise.all([
    participants.length ? db.selectFrom("rm_report_members").selectAll().where("participant_id", "in", participants).execute() : [],
    orgs.length ? db.selectFrom("rm_report_orgs").selectAll().where("organization_id", "in", orgs).execute() : [],
    markKeys.length
      ? db
          .selectFrom("rm_report_marks")
          .selectAll()
          .where(sql<boolean>`(program_id, session_date, start_time, participant_id) in (select * from unnest(${markKeys.map((k) => str(k.programId))}::text[], ${markKeys.map((k) => str(k.date))}::text[], ${markKeys.map((k) => str(k.startTime))}::text[], ${markKeys.map((k) => str(k.participantId))}::text[]))`)
          .execute()
      : [],
  ]);
  for (const m of members) b.members.set(m.participant_id, { ...m, first_month: dayText(m.first_month), last_day: dayText(m.last_day) });
  for (const z of zones) b.zones.set(z.organization_id, z.time_zone);
  for (const k of marks) b.marks.set([k.program_id, k.session_date, k.start_time, k.participant_id].join("|"), k.status);
  const userIds = [...new Set([...members.map((m) => m.user_id), ...events.map((e) => str((e.data as Data).userId))].filter((u): u is string => !!u))];
  if (userIds.length) for (const u of await db.selectFrom("rm_report_users").selectAll().where("user_id", "in", userIds).execute()) b.users.set(u.user_id, u.group_id);
}

function apply(b: Batch, e: RecordedEvent) {
  const d = e.data as Data;
  const org = e.metadata.organizationId ?? str(d.organizationId);
  const at = e.metadata.occurredAt;
  const pid = str(d.participantId);
  const localDay = () => localDayHour(at, b.zone(org)).day;
  switch (e.type) {
    case "OrganizationRegistered":
      if (!b.zones.has(str(d.organizationId))) b.zones.set(str(d.organizationId), DEFAULT_ZONE);
      return void b.dirtyZones.add(str(d.organizationId));
    case "OrganizationSettingsUpdated": {
      const zone = str((d.settings as Data | undefined)?.time_zone) || DEFAULT_ZONE;
      b.zones.set(str(d.organizationId), zone);
      return void b.dirtyZones.add(str(d.organizationId));
    }
    case "UserRegistered":
    case "StaffUserCreated":
    case "UserGroupChanged":
      b.users.set(str(d.userId), str(d.userGroupId));
      return void b.dirtyUsers.add(str(d.userId));
    case "ParticipantRegistered":
    case "ParticipantUpdated": {
      const m = b.member(pid, org);
      m.gender = genderOf(str(d.gender));
      m.dob = str(d.dob);
      m.user_id = typeof d.userId === "string" && d.userId ? d.userId : null;
      return void b.dirtyMembers.add(pid);
    }
    case "ParticipantRegisteredToProgram":
    case "ParticipantPromotedFromWaitlist":
    case "ParticipantUnregisteredFromProgram": {
      const m = b.member(pid, org);
      const programId = str(d.programId);
      const others = m.program_ids.filter((p) => p !== programId);
      m.program_ids = e.type === "ParticipantUnregisteredFromProgram" ? others : [...others, programId].sort();
      return void b.dirtyMembers.add(pid);
    }
    case "MemberCheckedIn":
      return b.checkIn(b.member(pid, org), str(d.checkInTime) || at);
    case "MemberFlagged":
    case "MemberFlagResolved":
      return b.bump(`flags_${e.type === "MemberFlagged" ? "raised" : "resolved"}_${str(d.type) === "warn" ? "warn" : "stop"}`, b.member(pid, org), localDay(), -1, 1);
    case "DailyScreeningFilled": {
      const m = b.member(pid, org);
      b.bump("screenings_filled", m, str(d.day), -1, 1);
      if (d.failed === true) b.bump("screenings_failed", m, str(d.day), -1, 1);
      return;
    }
    case "DailyScreeningDeclined":
      return b.bump("screenings_declined", b.member(pid, org), str(d.day), -1, 1);
    case "SurveyResponseSubmitted":
      return b.bump("surveys_completed", b.member(pid, org), localDay(), -1, 1);
    case "PointsAwarded":
    case "PointsReversed":
      return b.bump("points_earned", b.member(pid, org), localDay(), -1, (e.type === "PointsAwarded" ? 1 : -1) * Number(d.amount ?? 0));
    case "PointsSpent":
    case "PointsRefunded":
      return b.bump("points_spent", b.member(pid, org), localDay(), -1, (e.type === "PointsSpent" ? 1 : -1) * Number(d.amount ?? 0));
    case "AttendanceMarked": {
      const key = [str(d.programId), str(d.date), str(d.startTime), pid].join("|");
      const m = b.member(pid, org);
      const before = b.marks.get(key);
      if (before) b.bump(`attendance_${before}`, m, str(d.date), -1, -1, [str(d.programId)]);
      b.bump(`attendance_${str(d.status)}`, m, str(d.date), -1, 1, [str(d.programId)]);
      b.marks.set(key, str(d.status));
      return void b.dirtyMarks.add(key);
    }
  }
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

async function write(db: Db, b: Batch) {
  const members = [...b.dirtyMembers].map((id) => b.members.get(id)!).filter((m) => m.organization_id);
  for (const rows of chunks(members))
    await db
      .insertInto("rm_report_members")
      .values(rows)
      .onConflict((oc) =>
        oc.column("participant_id").doUpdateSet((eb) => ({
          gender: eb.ref("excluded.gender"),
          dob: eb.ref("excluded.dob"),
          user_id: eb.ref("excluded.user_id"),
          program_ids: eb.ref("excluded.program_ids"),
          first_month: eb.ref("excluded.first_month"),
          last_day: eb.ref("excluded.last_day"),
        })),
      )
      .execute();
  const users = [...b.dirtyUsers].filter(Boolean).map((user_id) => ({ user_id, group_id: b.users.get(user_id) ?? "" }));
  for (const rows of chunks(users)) await db.insertInto("rm_report_users").values(rows).onConflict((oc) => oc.column("user_id").doUpdateSet((eb) => ({ group_id: eb.ref("excluded.group_id") }))).execute();
  const zones = [...b.dirtyZones].filter(Boolean).map((organization_id) => ({ organization_id, time_zone: b.zone(organization_id) }));
  for (const rows of chunks(zones)) await db.insertInto("rm_report_orgs").values(rows).onConflict((oc) => oc.column("organization_id").doUpdateSet((eb) => ({ time_zone: eb.ref("excluded.time_zone") }))).execute();
  const marks = [...b.dirtyMarks].map((key) => {
    const [program_id = "", session_date = "", start_time = "", participant_id = ""] = key.split("|");
    return { program_id, session_date, start_time, participant_id, status: b.marks.get(key) ?? "" };
  });
  for (const rows of chunks(marks)) await db.insertInto("rm_report_marks").values(rows).onConflict((oc) => oc.columns(["program_id", "session_date", "start_time", "participant_id"]).doUpdateSet((eb) => ({ status: eb.ref("excluded.status") }))).execute();
  const counts = [...b.counts].filter(([, n]) => n !== 0).map(([key, n]) => {
    const [organization_id = "", metric = "", program_id = "", day = "", hour = "-1", group_id = "", age_band = "", gender = ""] = key.split("\u0001");
    return { organization_id, metric, program_id, day, hour: Number(hour), group_id, age_band, gender, n };
  });
  for (const rows of chunks(counts))
    await db
      .insertInto("rm_report_counts")
      .values(rows)
      .onConflict((oc) => oc.columns(["organization_id", "metric", "program_id", "day", "hour", "group_id", "age_band", "gender"]).doUpdateSet({ n: sql<string>`rm_report_counts.n + excluded.n` }))
      .execute();
  // a member's month is written once (later check-ins that month change nothing: no update churn), and marked
  // `continued` once when the member comes back the next month
  const months = [...b.months.values()];
  for (const rows of chunks(months.filter((r) => !r.continued))) await db.insertInto("rm_report_member_months").values(rows).onConflict((oc) => oc.columns(["participant_id", "month"]).doNothing()).execute();
  for (const rows of chunks(months.filter((r) => r.continued)))
    await db.insertInto("rm_report_member_months").values(rows).onConflict((oc) => oc.columns(["participant_id", "month"]).doUpdateSet({ continued: true })).execute();
  const back = [...b.continued].map((key) => key.split("|") as [string, string]);
  for (const rows of chunks(back))
    await sql`update rm_report_member_months set continued = true
               where (participant_id, month) in (select * from unnest(${rows.map((r) => r[0])}::text[], ${rows.map((r) => r[1])}::date[]))`.execute(db);
}

/**
 * The dashboards' rollups (decision 093): each batch loads the dimensions it needs once, folds its events in
 * order in memory, and writes each table with one multi-row upsert per 2,000 rows (counts add up).
 */
export const reportsProjection = defineProjection<ReportTables>({
  name: "reports",
  tables: ["rm_report_counts", "rm_report_member_months", "rm_report_members", "rm_report_users", "rm_report_orgs", "rm_report_marks"],
  eventTypes: EVENT_TYPES,
  async apply(db, events) {
    const mine = events.filter((e) => (EVENT_TYPES as readonly string[]).includes(e.type));
    if (!mine.length) return;
    const b = new Batch();
    await load(db, mine, b);
    for (const e of mine) apply(b, e);
    await write(db, b);
  },
});
