import { Button, Dialog, Flex, Link as ThemeLink, Text, TextField } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { ApiError } from "~/components/check-in/api";
import { useToast } from "~/components/toast/toaster";
import { postExport } from "./api";
import { browserTimeZone } from "./types";
import { todayIn } from "#modules/organizations/client";
import { useTimeZone } from "../time-zone";

function DownloadIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path d="M7.5 1.5v8m0 0L4.5 6.5m3 3 3-3M2 11v1.5h11V11" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Sends the request once per click (the command id is kept while the request is out), then toasts. */
function useRequestExport() {
  const showToast = useToast();
  const [busy, setBusy] = useState(false);
  const commandId = useRef<string | null>(null);
  const send = async (kind: string, filters: Record<string, unknown>) => {
    setBusy(true);
    try {
      const answer = commandId.current ? await postExport(kind, filters, commandId.current) : await postExport(kind, filters);
      commandId.current = null;
      showToast({ type: "success", title: "Export started", description: `${answer.data.file_name ?? "The file"} is being prepared. You will be told when it is ready.`, link: { to: "/exports", label: "Open Downloads" } });
      return true;
    } catch (error) {
      showToast({ type: "error", description: error instanceof ApiError ? error.message : undefined });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, send };
}

/** The check-in board's Export button: a date range (today by default), written in the browser's time zone. */
export function ExportCheckInsButton() {
  const [open, setOpen] = useState(false);
  // the organization's today (the server writes the export in the organization's zone, decision 032)
  const timeZone = useTimeZone();
  const [from, setFrom] = useState(() => todayIn(timeZone, new Date()));
  const [to, setTo] = useState(() => todayIn(timeZone, new Date()));
  const { busy, send } = useRequestExport();
  const invalid = !from || !to || from > to;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button variant="outline" data-testid="export-check-ins">
          <DownloadIcon /> Export
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="610px">
        <Dialog.Title>Export check-ins</Dialog.Title>
        <Dialog.Description size="2" mb="4">
          A CSV of the visits in the date range is prepared in the background. You can keep working; it appears on the{" "}
          <ThemeLink asChild>
            <Link to="/exports">Downloads</Link>
          </ThemeLink>{" "}
          page.
        </Dialog.Description>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (invalid) return;
            void send("check-ins", { from, to, timeZone: browserTimeZone() }).then((ok) => ok && setOpen(false));
          }}
        >
          <Flex gap="4" wrap="wrap">
            <label>
              <Text as="div" size="2" weight="medium" mb="1">
                From
              </Text>
              <TextField.Root type="date" value={from} onChange={(e) => setFrom(e.target.value)} aria-label="From" required />
            </label>
            <label>
              <Text as="div" size="2" weight="medium" mb="1">
                To
              </Text>
              <TextField.Root type="date" value={to} onChange={(e) => setTo(e.target.value)} aria-label="To" required />
            </label>
          </Flex>
          {from && to && from > to ? (
            <Text as="p" size="2" color="red" mt="2">
              To must be on or after From
            </Text>
          ) : null}
          <Flex gap="3" mt="5" justify="end">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={busy || invalid} loading={busy}>
              Export CSV
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The participant list's Export button: the list as filtered now (search, and the status filter when one is chosen). */
export function ExportParticipantsButton({ search, statuses = [] }: { search: string; statuses?: string[] }) {
  const { busy, send } = useRequestExport();
  return (
    <Button variant="outline" loading={busy} disabled={busy} data-testid="export-participants" onClick={() => void send("participants", { statuses, search, timeZone: browserTimeZone() })}>
      <DownloadIcon /> Export
    </Button>
  );
}

/**
 * A participant's note and flag history (the auditor's timeline, built in the background; on the audit
 * page). Needs CAN_EXPORT_PARTICIPANT_PROFILE; the notes are in it for holders of CAN_VIEW_AUDIT_HISTORY.
 */
export function ExportFlagHistoryButton({ participantId, size = "1" }: { participantId: string; size?: "1" | "2" }) {
  const { busy, send } = useRequestExport();
  return (
    <Button variant="outline" size={size} loading={busy} disabled={busy} data-testid="export-history" onClick={() => void send("flag-history", { participantId, timeZone: browserTimeZone() })}>
      <DownloadIcon /> Export note and flag history
    </Button>
  );
}
