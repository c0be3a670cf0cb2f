import type { ColumnType } from "kysely";
import type { ScreeningAnswer, ScreeningQuestion } from "../../modules/screening";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** The organizations' screening questions and each participant's days of screening (modules/screening). */
export type ScreeningTables = {
  rm_screening_questions: {
    organization_id: string;
    questions: ColumnType<ScreeningQuestion[], string, string>;
    updated_at: Timestamp;
  };
  rm_daily_screenings: {
    participant_id: string;
    /** the organization's day, YYYY-MM-DD */
    day: string;
    organization_id: string;
    status: "Filled" | "Declined";
    failed: boolean;
    answers: ColumnType<ScreeningAnswer[], string, string>;
    by_user: string | null;
    on_behalf: boolean;
    at: Timestamp;
  };
};
