import type { ColumnType } from "kysely";

type Day = ColumnType<string, string, string>;

/** The built-in dashboards' read models (decision 093). Program '' is "every program"; hour -1 is "the whole day". */
export type ReportTables = {
  rm_report_counts: {
    organization_id: string;
    metric: string;
    program_id: string;
    day: Day;
    hour: number;
    group_id: string;
    age_band: string;
    gender: string;
    n: ColumnType<string, number | string, number | string>;
  };
  rm_report_member_months: {
    participant_id: string;
    /** the first day of the organization's month */
    month: Day;
    organization_id: string;
    group_id: string;
    age_band: string;
    gender: string;
    program_ids: string[];
    /** the member's first month with a check-in */
    is_first: boolean;
    /** the member checked in the next month too (not lapsed then) */
    continued: ColumnType<boolean, boolean | undefined, boolean>;
  };
  rm_report_members: {
    participant_id: string;
    organization_id: string;
    gender: string;
    dob: string;
    user_id: string | null;
    program_ids: string[];
    first_month: Day | null;
    last_day: Day | null;
  };
  rm_report_users: { user_id: string; group_id: string };
  rm_report_orgs: { organization_id: string; time_zone: string };
  rm_report_marks: { program_id: string; session_date: string; start_time: string; participant_id: string; status: string };
};
