import { useRevalidator } from "@remix-run/react";
import { INBOX_CHANGED } from "#modules/communications/client";
import { useLiveTopic } from "../use-live-topic";

/**
 * The signed-in user's own inbox topic (decision 073): a change to one of their conversations reloads the page's
 * data, so the sidebar's badge and an open inbox follow at once; a (re)connection asks once too.
 */
export function InboxLive({ live }: { live: { organizationId: string; topic: string } | null }) {
  const revalidator = useRevalidator();
  useLiveTopic(live, INBOX_CHANGED, () => revalidator.revalidate(), 200);
  return null;
}
