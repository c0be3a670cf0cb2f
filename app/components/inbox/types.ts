import type { AttachmentView, InboxRow, MessageRow, ThreadMemberRow } from "#modules/communications/client";

/** Type-only: the shapes the inbox screens read, as the server answers them (decision 073). */
export type InboxRowView = InboxRow;
export type ThreadView = { id: string; subject: string; unread: number; status: "Active" | "Archived"; members: ThreadMemberRow[]; messages: (Omit<MessageRow, "attachments"> & { attachments: AttachmentView[] })[] };
export type InboxActionData = { problem: string | null; result: unknown };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * "Nov 27, 14:05" in the organization's time zone, built from numeric parts with a 00-23 hour: the same text from
 * the server's ICU and the browser's (their short month names differ, and a bare hour12: false reads midnight as
 * "24" in one and "00" in the other: React then throws away the server's page).
 */
export function whenText(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, month: "numeric", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${MONTHS[Number(get("month")) - 1] ?? ""} ${get("day")}, ${get("hour")}:${get("minute")}`;
}
