import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A pick-up contact as the read side speaks of it (spec-1 section 3, snake_case). */
export type PickupContactRow = { first_name: string; last_name: string; phone_number: string; relationship: string; can_pickup: boolean };

export type ParticipantTables = {
  rm_participants: {
    id: string;
    organization_id: string;
    member_id: string;
    first_name: string;
    last_name: string;
    full_name: string;
    /** YYYY-MM-DD */
    dob: string;
    gender: string;
    medical_conditions: string[];
    has_epi_pen: string;
    has_medications: string;
    school_not_applicable: boolean;
    school_name: string;
    contact_name: string;
    phone_number: string;
    email: string;
    preferred_contact: string;
    address: string;
    parent_id: string | null;
    user_id: string | null;
    pickup_contacts: ColumnType<PickupContactRow[], string, string>;
    pick_up_permission: string;
    status: string;
    /** why Inactive or Alumni (decision 065); null when Active */
    status_reason: string | null;
    /** the profile's further answers (decision 065), camelCase as the events hold them */
    details: ColumnType<Record<string, unknown>, string | undefined, string>;
    is_waiver_signed: boolean;
    waiver_signed_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
    waiver_signed_by: string | null;
    /** the waiver text signed (decision 100; migration 2401-waiver-versions); null: none, or signed before versions */
    waiver_version: string | null;
    /** the stream revision last applied: updates apply only over an older one */
    revision: number;
    created_date: Timestamp;
    updated_date: Timestamp;
  };
};
