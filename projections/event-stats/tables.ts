export type EventStatsTables = {
  rm_event_type_counts: { type: string; count: number; last_position: number };
  rm_stream_summaries: {
    stream_id: string;
    category: string;
    organization_id: string | null;
    revision: number;
    last_type: string;
    last_position: number;
    last_occurred_at: Date | string;
  };
};
