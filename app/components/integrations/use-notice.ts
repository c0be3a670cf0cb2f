import { useEffect } from "react";
import { useToast } from "../toast/toaster";
import type { IntegrationsActionData } from "./types";

/** Shows the notice a form post answered, once it has come back. */
export function useNoticeToast(fetcher: { state: string; data?: IntegrationsActionData }) {
  const showToast = useToast();
  const notice = fetcher.state === "idle" ? fetcher.data?.notice : undefined;
  useEffect(() => {
    if (notice) showToast(notice);
  }, [notice, showToast]);
}
