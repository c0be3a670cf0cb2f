import { useEffect, useRef } from "react";
import { io } from "socket.io-client";
import { isNoteAdmin } from "./api";

const CHANGED = "notes:changed";

export type LiveNotesViewer = { organizationId: string; userId: string; groupId: string | null; level: number };

const compact = (id: string) => id.toLowerCase().replace(/-/g, "");

/** The notes topics this viewer follows (projections/notes names them; the server refuses any other). */
export function notesTopicsFor(viewer: LiveNotesViewer): string[] {
  return ["notes", ...(isNoteAdmin(viewer.level) ? ["notes-admin"] : []), ...(viewer.groupId ? [`notes-g-${compact(viewer.groupId)}`] : []), `notes-u-${compact(viewer.userId)}`];
}

/**
 * Live notes: `notes:changed { note_id, participant_id }` on the topics the viewer may follow; a change of
 * this participant's notes calls `onChange` (the tab then asks the list again, with its visibility), and so
 * does each (re)subscription, for the changes made while nobody here was listening.
 */
export function useLiveNotes(viewer: LiveNotesViewer | null, participantId: string, onChange: () => void) {
  const callback = useRef(onChange);
  callback.current = onChange;
  const organizationId = viewer?.organizationId ?? null;
  const userId = viewer?.userId ?? "";
  const groupId = viewer?.groupId ?? null;
  const level = viewer?.level ?? 0;
  useEffect(() => {
    if (!organizationId) return;
    const topics = notesTopicsFor({ organizationId, userId, groupId, level });
    const socket = io({ withCredentials: true, reconnectionDelayMax: 5000 });
    let timer: ReturnType<typeof setTimeout> | undefined;
    socket.on("connect", () => {
      const acks = topics.map((topic) => socket.timeout(5000).emitWithAck("subscribe", { organizationId, topic }).catch(() => undefined));
      // once followed (first time and after a dropped connection), ask the list again: a note written
      // between the page's load and the subscription, or while offline, sent its change to nobody here
      void Promise.all(acks).then(() => callback.current());
    });
    socket.on(CHANGED, (payload: { participant_id?: string }) => {
      if (payload?.participant_id !== participantId) return;
      // several changes at once (a note and its comment) ask once
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), 150);
    });
    return () => {
      clearTimeout(timer);
      socket.disconnect();
    };
  }, [organizationId, userId, groupId, level, participantId]);
}
