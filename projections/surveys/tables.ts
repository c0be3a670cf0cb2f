import type { ColumnType } from "kysely";
import type { AnswerValue, SurveyPage, SurveyStatus } from "../../modules/surveys";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Surveys (modules/surveys, decision 074). */
export type SurveyTables = {
  rm_surveys: {
    id: string;
    organization_id: string;
    name: string;
    description: string;
    status: SurveyStatus;
    version: number;
    age_min: number | null;
    age_max: number | null;
    genders: Json<string[]>;
    start_date: string | null;
    end_date: string | null;
    created_at: Timestamp;
    published_at: Timestamp | null;
    closed_at: Timestamp | null;
    /** the pre survey this one is the post survey of (decision 105) */
    pairs_with: string | null;
    /** the audience's user groups and programs, the points a submission awards, the picture (decision 111) */
    group_ids: ColumnType<string[], string | undefined, string>;
    program_ids: ColumnType<string[], string | undefined, string>;
    points: ColumnType<number, number | undefined, number>;
    image: ColumnType<string | null, string | null | undefined, string | null>;
    /** parents answer for their children under this age; null: members answer for themselves only (decision 117) */
    parents_answer_under: ColumnType<number | null, number | null | undefined, number | null>;
  };
  rm_survey_versions: { survey_id: string; version: number; pages: Json<SurveyPage[]> };
  rm_survey_responses: {
    survey_id: string;
    participant_id: string;
    organization_id: string;
    version: number;
    answers: Json<Record<string, AnswerValue>>;
    last_page: number;
    completed: boolean;
    started_at: Timestamp;
    updated_at: Timestamp;
    completed_at: Timestamp | null;
  };
  /** the numeric answers, one per response and item code: what the pre/post evaluation reads (decision 105) */
  rm_survey_answer_values: { survey_id: string; participant_id: string; item_code: string; organization_id: string; value: number };
};
