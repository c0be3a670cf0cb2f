/** What /communications' loader hands its components (JSON-serialized rows of projections/announcements). */
export type AudienceView = { group_ids: string[]; program_ids: string[]; event_ids: string[]; flag_types: ("stop" | "warn")[]; user_ids: string[] };
export type AnnouncementView = {
  id: string;
  kind: string;
  subject: string;
  body: string;
  audience: AudienceView;
  channels: string[];
  /** decision 107: each with a short-lived signed url */
  attachments: { path: string; name: string; content_type: string; bytes: number; url?: string | null }[];
  status: string;
  author_name: string;
  send_at: string | null;
  sent_at: string | null;
  recipient_count: number | null;
  retract_reason: string | null;
  retracted_at: string | null;
  updated_at: string;
};
export type DeliveryViewRow = { user_id: string; name: string; channel: string; address: string | null; status: string; reason: string | null; updated_at: string };
export type Option = { id: string; label: string };
export type ComposeOptions = { groups: Option[]; programs: Option[]; events: Option[]; channels: string[] };
export type PageAnswer = { problem: string | null; fieldErrors?: Record<string, string[]> };

export const STATUS_LABELS: Record<string, string> = { draft: "Draft", scheduled: "Scheduled", sending: "Sending", sent: "Sent", retracted: "Retracted" };
export const CHANNEL_LABELS: Record<string, string> = { INTERNAL: "In-app", EMAIL: "E-mail", SMS: "Text message" };
export const DELIVERY_LABELS: Record<string, string> = { queued: "Queued", sent: "Sent", delivered: "Delivered", read: "Read", skipped: "Skipped", failed: "Failed", cancelled: "Cancelled" };
