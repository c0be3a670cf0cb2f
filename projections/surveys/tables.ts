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
  /** how many responses gave each value of each question, a multiple choice's values one by one: the report's chart (decision 123) */
  rm_survey_answer_counts: { survey_id: string; item_code: string; value: string; n: number };
  /** per pre/post pair (by its post survey), a member's values of an item code answered in both surveys (decision 123) */
  rm_survey_pair_scores: { post_id: string; participant_id: string; item_code: string; pre_id: string; pre_value: number; post_value: number };
  /** the members with at least one score in the pair (decision 123) */
  rm_survey_pair_members: { post_id: string; participant_id: string };
  /** per pair and item code: how many members answered it in both, and the sums of their pre and post values (decision 123) */
  rm_survey_pair_summary: { post_id: string; item_code: string; members: number; pre_sum: ColumnType<string, string | number, string | number>; post_sum: ColumnType<string, string | number, string | number> };
};
