import type { ColumnType } from "kysely";

/** One row per signed waiver (the participant's organization and parent come from rm_participants). */
export type WaiverTables = {
  rm_waivers: {
    participant_id: string;
    /** the full name typed by whoever signed */
    signed_by_name: string;
    signed_at: ColumnType<Date, Date | string, Date | string>;
    ip: string;
    /** the waiver text signed (modules/participants/waiver-text.ts); null before versions */
    waiver_version: string | null;
    /** the signed-in user who signed, when there was one (a parent from an e-mail link is usually signed out) */
    signed_by_user_id: string | null;
  };
  /** the organizations' published waiver texts (decision 100) */
  rm_waiver_versions: {
    organization_id: string;
    version_id: string;
    title: string;
    body: string;
    effective_from: ColumnType<Date, Date | string, Date | string>;
    published_by: string | null;
  };
};
