import { useEffect, useRef } from "react";
import { io } from "socket.io-client";

/**
 * Follows one organization topic of points or the store (decision 075: `leaderboard`, `store`) and calls `onChange`
 * shortly after a change (and after a reconnection, which may have missed one).
 */
export function useLiveTopic(organizationId: string | null, topic: "leaderboard" | "store", onChange: () => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!organizationId) return;
    const socket = io({ withCredentials: true, reconnectionDelayMax: 5000 });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connected = false;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), 250);
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
    socket.on(topic === "store" ? "store:changed" : "points:changed", soon);
    return () => {
      clearTimeout(timer);
      socket.disconnect();
    };
  }, [organizationId, topic]);
}
