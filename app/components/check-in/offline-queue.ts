import type { CheckInType } from "./api";

/** A scan that could not be sent: its command id (the Idempotency-Key) and the time it was scanned. */
export type QueuedScan = { organizationId: string; commandId: string; memberId: string; type: CheckInType; time: string; start: string; end: string };

const KEY = "rollcall:check-in:queue";
/** The server takes a scan time up to 24 hours old; an older scan is dropped rather than refused forever. */
const MAX_AGE_MS = 23 * 60 * 60 * 1000;

const isScan = (v: unknown): v is QueuedScan => {
  const s = v as QueuedScan;
  return !!s && typeof s.organizationId === "string" && typeof s.commandId === "string" && typeof s.memberId === "string" && (s.type === "in" || s.type === "out") && typeof s.time === "string";
};

/** The scans waiting, oldest first; with an organization, only that organization's (another may sign in on this browser). */
export function readQueue(organizationId?: string): QueuedScan[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isScan).filter((s) => Date.now() - Date.parse(s.time) < MAX_AGE_MS && (!organizationId || s.organizationId === organizationId));
  } catch {
    return [];
  }
}

const write = (scans: QueuedScan[]) => {
  localStorage.setItem(KEY, JSON.stringify(scans));
  window.dispatchEvent(new Event("rollcall:queue"));
};

/** Adds a scan once (by command id). */
export function enqueue(scan: QueuedScan) {
  const scans = readQueue();
  if (!scans.some((s) => s.commandId === scan.commandId)) write([...scans, scan]);
}

export function dequeue(commandId: string) {
  write(readQueue().filter((s) => s.commandId !== commandId));
}

/** Is the browser offline as far as it knows? (A failed fetch is the other sign.) */
export const browserOffline = () => typeof navigator !== "undefined" && navigator.onLine === false;
