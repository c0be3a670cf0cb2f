import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, isRetryable, postCheckIn, type CheckInAnswer } from "./api";
import { browserOffline, dequeue, readQueue, type QueuedScan } from "./offline-queue";

const RETRY_MS = 5000;

export type QueueOutcome = { scan: QueuedScan } & ({ ok: true; answer: CheckInAnswer } | { ok: false; error: ApiError });

/**
 * Sends the queued scans, oldest first, when the 'online' event fires and every 5 s while any wait.
 * Each keeps its command id (Idempotency-Key) and scan time, so a scan whose answer was lost is
 * applied once however often it is resent. A scan leaves the queue once the server decided it (done or
 * refused); without an answer, a gateway error or a 401 it stays.
 */
export function useOfflineQueue(organizationId: string, onOutcome: (outcome: QueueOutcome) => void) {
  const [waiting, setWaiting] = useState(0);
  const flushing = useRef(false);
  const report = useRef(onOutcome);
  report.current = onOutcome;

  const flush = useCallback(async () => {
    if (flushing.current || browserOffline()) return;
    flushing.current = true;
    try {
      for (const scan of readQueue(organizationId)) {
        try {
          const answer = await postCheckIn({ memberId: scan.memberId, type: scan.type, time: scan.time, start: scan.start, end: scan.end }, scan.commandId);
          dequeue(scan.commandId);
          report.current({ scan, ok: true, answer });
        } catch (error) {
          // no answer, or signed out: the scan waits (for the connection, or for someone to sign in again)
          if (isRetryable(error) || (error instanceof ApiError && error.status === 401)) break;
          dequeue(scan.commandId);
          report.current({ scan, ok: false, error: error instanceof ApiError ? error : new ApiError(0, "UNKNOWN", String(error)) });
        }
      }
    } finally {
      flushing.current = false;
      setWaiting(readQueue(organizationId).length);
    }
  }, [organizationId]);

  useEffect(() => {
    const sync = () => setWaiting(readQueue(organizationId).length);
    const online = () => void flush();
    sync();
    void flush();
    window.addEventListener("online", online);
    window.addEventListener("rollcall:queue", sync);
    window.addEventListener("storage", sync);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("rollcall:queue", sync);
      window.removeEventListener("storage", sync);
    };
  }, [flush, organizationId]);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, flush]);

  return { waiting, flush };
}
