import { useEffect, useRef } from "react";
import { io } from "socket.io-client";

/**
 * Follows one topic of the organization on the live channel (docs: /api/asyncapi.json) and calls `onChange`
 * shortly after each `event` (one name or several) on it (several close together make one call), and after a reconnection, which may
 * have missed one; the first connection does not call (the page's data is fresh). Nothing with no topic.
 */
export function useLiveTopic(live: { organizationId: string; topic: string } | null, event: string | readonly string[], onChange: () => void, delayMs = 250) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const organizationId = live?.organizationId ?? null;
  const topic = live?.topic ?? null;
  const events = typeof event === "string" ? event : event.join(" ");
  useEffect(() => {
    if (!organizationId || !topic) return;
    const socket = io({ withCredentials: true, reconnectionDelayMax: 5000 });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connected = false;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), delayMs);
    };
    socket.on("connect", () => {
      void socket
        .timeout(5000)
        .emitWithAck("subscribe", { organizationId, topic })
        .catch(() => undefined)
        .then(() => {
          if (connected) soon();
          connected = true;
        });
    });
    for (const name of events.split(" ")) socket.on(name, soon);
    return () => {
      clearTimeout(timer);
      socket.disconnect();
    };
  }, [organizationId, topic, events, delayMs]);
}
