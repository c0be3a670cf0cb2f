import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { io } from "socket.io-client";
import { INBOX_CHANGED } from "#modules/communications/client";

/**
 * The signed-in user's own inbox topic (decision 073): a change to one of their conversations reloads the page's
 * data, so the sidebar's badge and an open inbox follow at once; a (re)connection asks once too.
 */
export function InboxLive({ live }: { live: { organizationId: string; topic: string } | null }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const organizationId = live?.organizationId ?? null;
  const topic = live?.topic ?? null;
  useEffect(() => {
    if (!organizationId || !topic) return;
    const socket = io({ withCredentials: true, reconnectionDelayMax: 5000 });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connected = false;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => revalidate.current(), 200);
    };
    socket.on("connect", () => {
      void socket
        .timeout(5000)
        .emitWithAck("subscribe", { organizationId, topic })
        .catch(() => undefined)
        .then(() => {
          // a reconnection may have missed changes; the first connection has the page's fresh data
          if (connected) soon();
          connected = true;
        });
    });
    socket.on(INBOX_CHANGED, soon);
    return () => {
      clearTimeout(timer);
      socket.disconnect();
    };
  }, [organizationId, topic]);
  return null;
}
