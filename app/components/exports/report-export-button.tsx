import { Button, Flex, Link as ThemeLink, Progress, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ApiError, apiGet } from "~/components/api-client";
import { useToast } from "~/components/toast/toaster";
import { postExport } from "./api";
import { useExportEvents } from "./export-live";
import { browserTimeZone, EMPTY_EXPORT_TEXT, NO_RECORDS, type ExportListItem } from "./types";

type Running = { id: string; fileName: string; percent: number; rows: number; total: number; status: "Requested" | "Completed" | "Failed" | "Expired"; downloadUrl: string | null; reason: string | null; count: number | null };

/** How often the list is read while an export runs, besides the live progress (a missed socket message is caught up). */
const POLL_MS = 1500;

/**
 * A report page's 'Export CSV' button (decision 054): requests the export of its kind and filters, then
 * shows the export's progress under it (live, and by reading the list while it runs), and when the file is
 * ready a link to download it and one to the Downloads page. One request per click (the command id is
 * kept while the request is out).
 */
export function ReportExportButton({ kind, filters, testId = "export-report", label = "Export CSV" }: { kind: string; filters: Record<string, unknown>; testId?: string; label?: string }) {
  const showToast = useToast();
  const [busy, setBusy] = useState(false);
  const [running, setRunning] = useState<Running | null>(null);
  const commandId = useRef<string | null>(null);

  const update = (row: ExportListItem) =>
    setRunning((current) =>
      current && current.id === row.id
        ? {
            ...current,
            status: row.status as Running["status"],
            // the live message carries no link: the list's read brings it
            downloadUrl: row.download_url ?? current.downloadUrl,
            reason: row.reason ?? null,
            count: row.rows ?? null,
            ...(row.progress ? { percent: row.progress.percent, rows: row.progress.rows, total: row.progress.total } : {}),
            ...(row.status === "Completed" ? { percent: 100 } : {}),
          }
        : current,
    );
  useExportEvents({
    onProgress: (p) => setRunning((current) => (current && current.id === p.id && current.status === "Requested" ? { ...current, percent: p.percent, rows: p.rows, total: p.total } : current)),
    onChanged: update,
  });

  // read the list while the export runs, and once more when it finished without a link yet
  const waiting = running && (running.status === "Requested" || (running.status === "Completed" && !running.downloadUrl && running.count !== 0));
  const id = waiting ? running.id : null;
  useEffect(() => {
    if (!id) return;
    const timer = setInterval(() => {
      apiGet<{ data: ExportListItem[] }>("/api/export")
        .then((list) => {
          const row = list.data.find((r) => r.id === id);
          if (row) update(row);
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [id]);

  const send = async () => {
    setBusy(true);
    try {
      const answer = commandId.current ? await postExport(kind, { ...filters, timeZone: browserTimeZone() }, commandId.current) : await postExport(kind, { ...filters, timeZone: browserTimeZone() });
      commandId.current = null;
      setRunning({ id: answer.data.id, fileName: answer.data.file_name ?? "The file", percent: 0, rows: 0, total: 0, status: "Requested", downloadUrl: null, reason: null, count: null });
    } catch (error) {
      showToast({ type: "error", description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex direction="column" gap="2" align={{ initial: "stretch", sm: "end" }}>
      <Button variant="outline" loading={busy} disabled={busy || running?.status === "Requested"} onClick={() => void send()} data-testid={testId}>
        <svg width="15" height="15" viewBox="0 0 15 15" fill="none" aria-hidden="true">
          <path d="M7.5 1.5v8m0 0L4.5 6.5m3 3 3-3M2 11v1.5h11V11" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {label}
      </Button>
      {running ? <ExportStatus running={running} kind={kind} /> : null}
    </Flex>
  );
}

function ExportStatus({ running, kind }: { running: Running; kind: string }) {
  const downloads = (
    <ThemeLink asChild size="2">
      <Link to="/exports">Open Downloads</Link>
    </ThemeLink>
  );
  if (running.status === "Requested") {
    return (
      <Flex direction="column" gap="1" style={{ minWidth: 220 }} data-testid="report-export-status" data-status="Requested" role="status">
        <Text size="1" color="gray">
          Preparing {running.fileName}: {running.percent}%{running.total ? ` · ${running.rows.toLocaleString()} of ${running.total.toLocaleString()} rows` : ""}
        </Text>
        <Progress value={running.percent} max={100} aria-label={`Export progress ${running.percent}%`} />
      </Flex>
    );
  }
  if (running.status === "Failed" || running.status === "Expired") {
    return (
      <Flex gap="2" align="center" wrap="wrap" data-testid="report-export-status" data-status={running.status} role="status">
        <Text size="2" color="red">
          {running.reason ?? "The export could not be built."}
        </Text>
        {downloads}
      </Flex>
    );
  }
  return (
    <Flex gap="3" align="center" wrap="wrap" data-testid="report-export-status" data-status="Completed" role="status">
      {running.count === 0 ? (
        <Text size="2">
          {NO_RECORDS}: {EMPTY_EXPORT_TEXT[kind] ?? ""}
        </Text>
      ) : running.downloadUrl ? (
        <ThemeLink size="2" href={running.downloadUrl} download data-testid="report-export-download">
          Download {running.fileName}
        </ThemeLink>
      ) : (
        <Text size="2">{running.fileName} is ready.</Text>
      )}
      {downloads}
    </Flex>
  );
}
