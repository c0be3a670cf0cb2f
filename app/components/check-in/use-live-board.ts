import { useCallback, useEffect, useRef, useState } from "react";
import { io } from "socket.io-client";
import { apiGet, localDay, type BoardFlag, type BoardRow, type BoardProgram } from "./api";
import { mergeRow, rowMatches } from "./rules";
import { useRenderedDay, useTimeZone } from "../time-zone";

/** The board's rows as each audience may see them (decision 027): staff, or the kiosk without pick-up details. */
const topicFor = (kiosk: boolean) => (kiosk ? "check-in-kiosk" : "check-in");
const CHANGED = "check-in:changed";
const FLAG_CHANGED = "flag:changed";
/** Dispatched on window for each live flag change, so an open participant dialog can reload its member. */
export const FLAG_CHANGED_EVENT = "rollcall:flag-changed";
const RETRY_MS = 5000;

export type LiveState = "connecting" | "live" | "offline" | "refused";

/** Milliseconds until the day's end, the organization's next midnight (the board then shows the new day). */
const untilEndOf = (day: { end: string }) => Math.max(0, Date.parse(day.end) - Date.now()) + 500;

/**
 * Today's board, the whole day: GET /api/check-in?type=notYetCheckout&all=true&start&end, then every
 * `check-in:changed` row of the organization's live topic merged in (insert or replace by id): no
 * reload, no polling. After a dropped connection it resubscribes and fetches the day once to fill the
 * gap. The page's search filters what it shows of these rows; the headcounts count them all (issue 15).
 */
export function useLiveBoard(organizationId: string, kiosk = false) {
  // the organization's day, in its time zone (decision 032)
  const timeZone = useTimeZone();
  // the first render (hydration) takes the day the server rendered; the effect below moves to the browser's
  const rendered = useRenderedDay();
  const [day, setDay] = useState(() => rendered ?? localDay(timeZone));
  const [rows, setRows] = useState<BoardRow[]>([]);
  const [programs, setPrograms] = useState<BoardProgram[]>([]);
  const [flags, setFlags] = useState<Map<string, BoardFlag>>(() => new Map());
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState<LiveState>("connecting");
  const query = useRef({ day });
  query.current = { day };

  const load = useCallback(async (mode: "replace" | "merge") => {
    const asked = query.current;
    try {
      const answer = await apiGet<{ data: BoardRow[]; additional_info?: { programs?: BoardProgram[]; flags?: BoardFlag[] } }>("/api/check-in", {
        type: "notYetCheckout",
        all: "true",
        start: asked.day.start,
        end: asked.day.end,
      });
      // a newer query was started meanwhile: its answer wins
      if (query.current.day !== asked.day) return;
      setRows((current) => (mode === "replace" ? answer.data : answer.data.reduce(mergeRow, current)));
      setPrograms(answer.additional_info?.programs ?? []);
      setFlags(new Map((answer.additional_info?.flags ?? []).map((f) => [f.participant_id, f])));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : "The check-ins could not be loaded");
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    setLoading(true);
    void load("replace");
  }, [day, load]);

  useEffect(() => {
    // a changed zone (saved on /customize) moves the day at once; else the next day starts at its midnight
    const current = localDay(timeZone);
    if (current.start !== day.start) {
      setDay(current);
      return;
    }
    const timer = setTimeout(() => setDay(localDay(timeZone)), untilEndOf(day));
    return () => clearTimeout(timer);
  }, [day, timeZone]);

  useEffect(() => {
    // same origin: the session cookie goes with the handshake
    const socket = io({ withCredentials: true, reconnectionDelayMax: 5000 });
    let connectedBefore = false;
    socket.on("connect", () => {
      socket
        .timeout(5000)
        .emitWithAck("subscribe", { organizationId, topic: topicFor(kiosk) })
        .then((ack: { ok: boolean }) => {
          setLive(ack.ok ? "live" : "refused");
          if (ack.ok && connectedBefore) void load("merge");
          connectedBefore = true;
        })
        .catch(() => socket.disconnect().connect());
    });
    // socket.io retries a dropped transport by itself, but not a server-side disconnect (a restart) nor a
    // refused handshake: those are retried here after a pause
    let retry: ReturnType<typeof setTimeout> | undefined;
    const retryLater = () => {
      clearTimeout(retry);
      retry = setTimeout(() => !socket.active && socket.connect(), RETRY_MS);
    };
    socket.on("disconnect", () => {
      setLive("offline");
      if (!socket.active) retryLater();
    });
    socket.on("connect_error", () => {
      setLive("offline");
      if (!socket.active) retryLater();
    });
    socket.on(FLAG_CHANGED, (change: BoardFlag) => {
      setFlags((current) => {
        const next = new Map(current);
        if (change.stop || change.warn) next.set(change.participant_id, change);
        else next.delete(change.participant_id);
        return next;
      });
      window.dispatchEvent(new CustomEvent(FLAG_CHANGED_EVENT, { detail: change }));
    });
    socket.on(CHANGED, (row: BoardRow) => {
      if (rowMatches(row, query.current.day, "")) setRows((current) => mergeRow(current, row));
    });
    return () => {
      clearTimeout(retry);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [organizationId, kiosk, load]);

  return { rows, programs, flags, loading, error, live, day, timeZone };
}
