import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from "react";
import { io, type Socket } from "socket.io-client";
import { useToast } from "~/components/toast/toaster";
import { EMPTY_EXPORT_TEXT, EXPORT_CHANGED, EXPORT_PROGRESS, NO_RECORDS, type ExportListItem, type ExportLive, type ExportProgress } from "./types";

type Listener = { onChanged?: (row: ExportListItem) => void; onProgress?: (progress: ExportProgress) => void };
const Listeners = createContext<(listener: Listener) => () => void>(() => () => undefined);

/** Follow the signed-in user's export topic from a component (the Downloads page). */
export function useExportEvents(listener: Listener) {
  const subscribe = useContext(Listeners);
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => subscribe({ onChanged: (row) => current.current.onChanged?.(row), onProgress: (p) => current.current.onProgress?.(p) }), [subscribe]);
}

/**
 * One socket per page for the user's own export topic (`exp-{userId}`): progress for the Downloads
 * page, and a toast wherever the user is when one of their exports finishes.
 */
export function ExportLiveProvider({ live, children }: { live: ExportLive | null; children: ReactNode }) {
  const showToast = useToast();
  const listeners = useRef(new Set<Listener>());
  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const organizationId = live?.organizationId;
  const topic = live?.topic;
  useEffect(() => {
    if (!organizationId || !topic) return;
    const socket: Socket = io({ withCredentials: true, reconnectionDelayMax: 5000 });
    const announced = new Set<string>();
    socket.on("connect", () => {
      void socket.timeout(5000).emitWithAck("subscribe", { organizationId, topic }).catch(() => undefined);
    });
    socket.on(EXPORT_PROGRESS, (progress: ExportProgress) => listeners.current.forEach((l) => l.onProgress?.(progress)));
    socket.on(EXPORT_CHANGED, (row: ExportListItem) => {
      listeners.current.forEach((l) => l.onChanged?.(row));
      if (announced.has(row.id) || (row.status !== "Completed" && row.status !== "Failed")) return;
      announced.add(row.id);
      if (row.status === "Failed") {
        showToast({ type: "error", title: "Export failed", description: `${row.file_name}: ${row.reason ?? ""}`.trim() });
      } else if (row.rows === 0) {
        showToast({ type: "warning", title: NO_RECORDS, description: EMPTY_EXPORT_TEXT[row.kind] ?? "", link: DOWNLOADS_LINK });
      } else {
        const rows = `${(row.rows ?? 0).toLocaleString()} ${row.rows === 1 ? "row" : "rows"}`;
        showToast({ type: "success", title: "Your export is ready", description: `${row.file_name} (${rows})`, durationMs: 10_000, link: DOWNLOADS_LINK });
      }
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [organizationId, topic, showToast]);

  return <Listeners.Provider value={subscribe}>{children}</Listeners.Provider>;
}

const DOWNLOADS_LINK = { to: "/exports", label: "Open Downloads" };
