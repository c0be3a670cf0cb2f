import type { InboxRow, MessageRow, ThreadMemberRow } from "#modules/communications/client";

/** Type-only: the shapes the inbox screens read, as the server answers them (decision 073). */
export type InboxRowView = InboxRow;
export type ThreadView = { id: string; subject: string; unread: number; status: "Active" | "Archived"; members: ThreadMemberRow[]; messages: MessageRow[] };
export type InboxActionData = { problem: string | null; result: unknown };

/** "27 Nov, 14:05" in the organization's time zone: the same text on the server and in the browser. */
export function whenText(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date(iso));
}
