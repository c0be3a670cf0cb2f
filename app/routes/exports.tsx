import { Badge, Button, Card, Checkbox, Container, Flex, Heading, Link as ThemeLink, Progress, Table, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "~/components/check-in/api";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { postExport } from "~/components/exports/api";
import { useExportEvents } from "~/components/exports/export-live";
import { browserTimeZone, describeFilters, EMPTY_EXPORT_TEXT, formatBytes, KIND_LABELS, NO_RECORDS, type ExportListItem, type ExportProgress } from "~/components/exports/types";
import { useToast } from "~/components/toast/toaster";
import { exportsFor } from "#modules/exports";
import { signedInPage } from "~/utils/page-guard.server";

/** /exports (Downloads): the signed-in user's exports, newest first (decision 014). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  return json({ exports: await exportsFor(context.services, auth) }, { headers: { "Cache-Control": "private, no-store" } });
}

const STATUS_LOOK: Record<string, { color: "gray" | "green" | "red" | "amber"; text: string }> = {
  Requested: { color: "amber", text: "Preparing" },
  Completed: { color: "green", text: "Ready" },
  Failed: { color: "red", text: "Failed" },
  Expired: { color: "gray", text: "Expired" },
};

/** MM/DD/YYYY hh:mm a (spec-2 section 9). */
function when(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, "0");
  const h = d.getHours() % 12 || 12;
  return `${p(d.getMonth() + 1)}/${p(d.getDate())}/${d.getFullYear()} ${p(h)}:${p(d.getMinutes())} ${d.getHours() < 12 ? "am" : "pm"}`;
}

function StatusCell({ row, progress }: { row: ExportListItem; progress: ExportProgress | null }) {
  const look = STATUS_LOOK[row.status] ?? STATUS_LOOK.Requested!;
  if (row.status === "Requested") {
    const percent = progress?.percent ?? 0;
    return (
      <Flex direction="column" gap="1" style={{ minWidth: 180 }}>
        <Flex align="center" gap="2">
          <Badge color={look.color} variant="soft">
            {look.text}
          </Badge>
          <Text size="1" color="gray" data-testid="export-percent">
            {percent}%{progress ? ` · ${progress.rows.toLocaleString()} of ${progress.total.toLocaleString()} rows` : ""}
          </Text>
        </Flex>
        <Progress value={percent} max={100} aria-label={`Export progress ${percent}%`} data-testid="export-progress" />
      </Flex>
    );
  }
  if (row.status === "Completed" && row.rows === 0) {
    return (
      <Flex direction="column" gap="1" data-testid="export-empty">
        <Text size="2" weight="bold">
          {NO_RECORDS}
        </Text>
        <Text size="1" color="gray">
          {EMPTY_EXPORT_TEXT[row.kind] ?? ""}
        </Text>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="1">
      <Badge color={look.color} variant="soft" style={{ width: "fit-content" }} data-testid="export-status">
        {look.text}
      </Badge>
      {row.status === "Failed" && row.reason ? (
        <Text size="1" color="red">
          {row.reason}
        </Text>
      ) : null}
    </Flex>
  );
}

export default function ExportsPage() {
  const { exports } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const showToast = useToast();
  const [progress, setProgress] = useState<Record<string, ExportProgress>>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [bundling, setBundling] = useState(false);

  // a live event that came while the list was loading may concern a row that load missed: load once more after it
  const reloadAfter = useRef(false);
  const reload = () => {
    if (revalidator.state === "idle") revalidator.revalidate();
    else reloadAfter.current = true;
  };
  useEffect(() => {
    if (revalidator.state !== "idle" || !reloadAfter.current) return;
    reloadAfter.current = false;
    revalidator.revalidate();
  }, [revalidator]);
  useExportEvents({
    onProgress: (p) => {
      setProgress((current) => ({ ...current, [p.id]: p }));
      // an export this list does not show yet (requested in another tab): load the list again
      if (!exports.some((row) => row.id === p.id)) reload();
    },
    // a new, finished or expired export: load the list again (fresh download links)
    onChanged: reload,
  });
  // the progress stored with the list, for exports already running when the page opened
  useEffect(() => {
    setProgress((current) => {
      const next = { ...current };
      for (const row of exports) if (row.progress && !next[row.id]) next[row.id] = { id: row.id, ...row.progress };
      return next;
    });
  }, [exports]);

  const bundleable = exports.filter((r) => r.status === "Completed" && r.kind !== "bundle" && (r.rows ?? 0) > 0 && r.download_url);
  const bundle = async () => {
    setBundling(true);
    try {
      await postExport("bundle", { exportIds: selected, timeZone: browserTimeZone() });
      setSelected([]);
      showToast({ type: "success", title: "Export started", description: "The zip is being prepared." });
      revalidator.revalidate();
    } catch (error) {
      showToast({ type: "error", description: error instanceof ApiError ? error.message : undefined });
    } finally {
      setBundling(false);
    }
  };

  return (
    <Container size="4" px="5" py="6">
      <Flex align="end" justify="between" gap="4" wrap="wrap" mb="4">
        <div>
          <Heading as="h1" size="7">
            Downloads
          </Heading>
          <Text as="p" size="2" color="gray" mt="1">
            Your exports. Files are kept for 7 days; a download link works for 15 minutes after the page loads.
          </Text>
        </div>
        {bundleable.length >= 2 ? (
          <Button variant="soft" disabled={selected.length < 2 || bundling} loading={bundling} onClick={() => void bundle()}>
            Download selected as zip
          </Button>
        ) : null}
      </Flex>
      {exports.length === 0 ? (
        <Card size="3">
          <Text as="p" weight="bold">
            {NO_RECORDS}
          </Text>
          <Text as="p" size="2" color="gray">
            There are no exports yet. Use Export on the check-in board or the participant list.
          </Text>
        </Card>
      ) : (
        <Table.Root variant="surface" data-testid="exports-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell width="36px">
                <span style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>Select</span>
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Export</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Filters</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Requested</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Rows</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Size</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>File</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {exports.map((row) => (
              <Table.Row key={row.id} data-testid="export-row" data-status={row.status} data-kind={row.kind}>
                <Table.Cell>
                  {bundleable.includes(row) ? (
                    <Checkbox
                      aria-label={`Select ${row.file_name}`}
                      checked={selected.includes(row.id)}
                      onCheckedChange={(checked) => setSelected((ids) => (checked === true ? [...ids, row.id] : ids.filter((id) => id !== row.id)))}
                    />
                  ) : null}
                </Table.Cell>
                <Table.RowHeaderCell style={{ whiteSpace: "nowrap" }}>
                  <Text weight="medium">{KIND_LABELS[row.kind] ?? row.kind}</Text>
                </Table.RowHeaderCell>
                <Table.Cell>{describeFilters(row.kind, row.filters)}</Table.Cell>
                <Table.Cell style={{ whiteSpace: "nowrap" }}>{when(row.requested_at)}</Table.Cell>
                <Table.Cell>
                  <StatusCell row={row} progress={progress[row.id] ?? null} />
                </Table.Cell>
                <Table.Cell justify="end" data-testid="export-rows">
                  {row.rows === null ? "" : row.rows.toLocaleString()}
                </Table.Cell>
                <Table.Cell justify="end">{formatBytes(row.bytes)}</Table.Cell>
                <Table.Cell>
                  {row.download_url && row.rows !== 0 ? (
                    <ThemeLink href={row.download_url} download={row.file_name} data-testid="export-download">
                      {row.file_name}
                    </ThemeLink>
                  ) : (
                    <Text color="gray">{row.file_name}</Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
