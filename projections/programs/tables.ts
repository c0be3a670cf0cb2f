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
  };
  rm_program_registrations: {
    program_id: string;
    participant_id: string;
    /** the program's organization, for scoping without a join */
    organization_id: string;
    registered_at: Timestamp;
  };
};
