import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Events (appointments, decision 047), who is registered and their attendance. Ids are text. */
export type AppointmentTables = {
  rm_appointment_events: {
    id: string;
    organization_id: string;
    name: string;
    description: string;
    start_at: Timestamp;
    end_at: Timestamp;
    /** null: no limit */
    capacity: number | null;
    location: string;
    coach_ids: string[];
    points: number;
    created_at: Timestamp;
    updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  /** one row per registered participant; `attendance` null until marked */
  rm_appointment_registrations: {
    event_id: string;
    participant_id: string;
    organization_id: string;
    registered_at: Timestamp;
    attendance: ColumnType<"present" | "absent" | null, "present" | "absent" | null | undefined, "present" | "absent" | null>;
    marked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
};
