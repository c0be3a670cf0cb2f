import type { ColumnType } from "kysely";
import type { ChallengeAudience, ChallengeRuleKind, CompletionKind } from "../../modules/challenges";

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/** Challenges and each member's progress (modules/challenges, decision 102, migration 2601). */
export type ChallengeTables = {
  rm_challenges: {
    id: string;
    organization_id: string;
    title: string;
    description: string;
    image: string | null;
    starts_on: string;
    ends_on: string;
    audience: Json<ChallengeAudience>;
    points: number;
    rule_kind: ChallengeRuleKind;
    survey_id: string | null;
    program_id: string | null;
    sessions_needed: number | null;
    archived: boolean;
    completions: number;
    created_by: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  rm_challenge_progress: {
    challenge_id: string;
    participant_id: string;
    organization_id: string;
    sessions: number;
    completed_at: Timestamp | null;
    completed_how: CompletionKind | null;
    completed_by: string | null;
    updated_at: Timestamp;
  };
};
