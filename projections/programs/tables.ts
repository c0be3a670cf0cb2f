import type { ColumnType } from "kysely";
import type { ProgramType, Weekday } from "../../modules/programs";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Ids are text, not uuid: a malformed id in a query finds nothing instead of failing the cast. */
export type ProgramTables = {
  rm_programs: {
    id: string;
    organization_id: string;
    name: string;
    type: ProgramType;
    schedule_kind: "weekly" | "dates";
    /** weekly: the weekdays, 0 Sunday ... 6 Saturday; empty for a dates schedule */
    days: Weekday[];
    /** dates: the days 'YYYY-MM-DD', sorted; empty for a weekly schedule */
    dates: string[];
    /** the first and last day it can meet, 'YYYY-MM-DD' (text compares in date order) */
    start_date: string;
    end_date: string;
    /** 'HH:mm' (text compares in time order) */
    start_time: string;
    end_time: string;
    location: string | null;
    created_at: Timestamp;
    /* the builder's fields (decision 044); defaults for decision-009 programs */
    description: ColumnType<string, string | undefined, string>;
    activity_type: ColumnType<string, string | undefined, string>;
    category_type: ColumnType<string, string | undefined, string>;
    age_category: ColumnType<string, string | undefined, string>;
    age_min: ColumnType<number | null, number | null | undefined, number | null>;
    age_max: ColumnType<number | null, number | null | undefined, number | null>;
    genders: ColumnType<string[], string[] | undefined, string[]>;
    /** null: no limit */
    members_limit: ColumnType<number | null, number | null | undefined, number | null>;
    waitlist: ColumnType<boolean, boolean | undefined, boolean>;
    coach_ids: ColumnType<string[], string[] | undefined, string[]>;
    points_per_session: ColumnType<number, number | undefined, number>;
    /** 'YYYY-MM-DD' the day it was archived; null: active */
    archived_on: ColumnType<string | null, string | null | undefined, string | null>;
    copied_from: ColumnType<string | null, string | null | undefined, string | null>;
    updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  /** who waits for a place, in the order they joined (`position`: the event's global position) */
  rm_program_waitlist: {
    program_id: string;
    participant_id: string;
    organization_id: string;
    position: ColumnType<string, number | string, number | string>;
    joined_at: Timestamp;
  };
  /** every schedule version's weekly sessions: version 0 from the build, one more per schedule edit */
  rm_program_schedules: {
    program_id: string;
    organization_id: string;
    version: number;
    from_date: string;
    cycle_start: string;
    cycle_end: string;
    day: Weekday;
    start_time: string;
    end_time: string;
  };
  rm_program_registrations: {
    program_id: string;
    participant_id: string;
    /** the program's organization, for scoping without a join */
    organization_id: string;
    registered_at: Timestamp;
  };
  /** each participant's latest mark of a session (decision 046); one row per program, session and participant */
  rm_program_attendance: {
    program_id: string;
    organization_id: string;
    /** the session: its day 'YYYY-MM-DD' and start 'HH:mm' (text compares in order) */
    session_date: string;
    start_time: string;
    participant_id: string;
    status: "present" | "absent" | "late" | "excused";
    note: string | null;
    marked_by: string | null;
    marked_at: Timestamp;
  };
  /** each participant's marks per program, counted from rm_program_attendance (decision 057) */
  rm_program_person_tallies: {
    program_id: string;
    participant_id: string;
    organization_id: string;
    /** present or late */
    attended: number;
    absent: number;
    /** every mark, excused included */
    marked: number;
  };
  /** who joined one session without registering */
  rm_program_drop_ins: {
    program_id: string;
    organization_id: string;
    session_date: string;
    start_time: string;
    participant_id: string;
    added_by: string | null;
    added_at: Timestamp;
  };
};
