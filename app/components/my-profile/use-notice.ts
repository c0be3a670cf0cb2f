import { useEffect } from "react";
import type { Notice } from "../user-groups/types";
import type { MyProfileActionData } from "./types";

/** Hands a finished submission's notice to the page (which shows it as a toast) once. */
export function useNotice(fetcher: { state: string; data?: MyProfileActionData }, onDone: (notice: Notice) => void) {
  const notice = fetcher.state === "idle" ? fetcher.data?.notice : undefined;
  useEffect(() => {
    if (notice) onDone(notice);
  }, [notice, onDone]);
}
