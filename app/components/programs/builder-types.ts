import type { SubmissionResult } from "@conform-to/react";
import type { ProgramType } from "#modules/programs/client";

/** A program as the builder lists and edits it (projections/programs ProgramRow, with its current weekly sessions). */
export type EditedProgram = {
  id: string;
  name: string;
  description: string;
  type: ProgramType;
  activity_type: string;
  category_type: string;
  age_category: string;
  age_min: number | null;
  age_max: number | null;
  genders: string[];
  members_limit: number | null;
  waitlist: boolean;
  start_date: string;
  end_date: string;
  location: string | null;
  coach_ids: string[];
  points_per_session: number;
  sessions: { week_day: number; start_time: string; end_time: string }[];
};

export type StaffOption = { id: string; name: string; role: string };

/** What the builder's action answers: a failed form (conform's reply, 400), or a refusal of a list action. */
export type BuilderActionData = { result: SubmissionResult<string[]> } | { error: string };
