import { Badge, Box, Button, Flex, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { Form, Link as RemixLink, useNavigation } from "@remix-run/react";
import type { WaiverStatus } from "#modules/waivers/client";

/** One member's line as the page's loader sends it (GET /api/waiver's data). */
export type WaiverLineView = {
  participant_id: string;
  member_id: string;
  name: string;
  status: WaiverStatus;
  status_label: string;
  signed_at: string | null;
  signed_by_name: string | null;
  waiver_version: string | null;
};

const STATUS_COLOR: Record<WaiverStatus, "green" | "red" | "amber"> = { signed: "green", unsigned: "red", resign: "amber" };

export const WaiverBadge = ({ status, label }: { status: WaiverStatus; label: string }) => (
  <Badge color={STATUS_COLOR[status]} variant="soft" size="2">
    {label}
  </Badge>
);

const dateOf = (iso: string) => new Date(iso).toLocaleDateString("en-CA", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** Send the signing link: one click, its command id fixed for this page load (a double click sends once). */
function SendLink({ line, commandId }: { line: WaiverLineView; commandId: string }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("participant_id") === line.participant_id && navigation.formData?.get("intent") === "send";
  return (
    <Form method="post" replace preventScrollReset>
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="participant_id" value={line.participant_id} />
      <input type="hidden" name="command_id" value={commandId} />
      <Button type="submit" size="1" variant="soft" disabled={sending} aria-label={`${sending ? "Sending link" : "Send link"} for ${line.name}`}>
        {sending ? "Sending…" : "Send link"}
      </Button>
    </Form>
  );
}

/** Who signed, who did not, who must sign a new version; a send button for every member who needs to sign. */
export function WaiverStatusTable({ lines, nonce }: { lines: readonly WaiverLineView[]; nonce: string }) {
  if (lines.length === 0) {
    return (
      <Text as="p" color="gray" size="2">
        No members match.
      </Text>
    );
  }
  return (
    <Box style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Members and their waiver">
      <Table.Root variant="surface" size="1" data-testid="waiver-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Member</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Signed</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => (
            <Table.Row key={line.participant_id} data-testid="waiver-row" data-status={line.status}>
              <Table.RowHeaderCell>
                <Flex direction="column">
                  <RemixLink to={`/participants/${line.participant_id}`}>{line.name}</RemixLink>
                  <Text size="1" color="gray">
                    {line.member_id}
                  </Text>
                </Flex>
              </Table.RowHeaderCell>
              <Table.Cell>
                <WaiverBadge status={line.status} label={line.status_label} />
              </Table.Cell>
              <Table.Cell>
                {line.signed_at ? (
                  <Flex direction="column">
                    <Text size="2">{dateOf(line.signed_at)}</Text>
                    <Text size="1" color="gray">
                      {line.signed_by_name} · version {line.waiver_version}
                    </Text>
                  </Flex>
                ) : (
                  <Text size="2" color="gray">
                    Never
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <Flex gap="2" align="center" wrap="wrap">
                  {line.status !== "signed" ? <SendLink line={line} commandId={`${nonce}:${line.participant_id}`} /> : null}
                  {line.signed_at ? (
                    <RemixLink to={`/view-waiver/${line.participant_id}`} aria-label={`View waiver of ${line.name}`}>
                      <Text size="2">View</Text>
                    </RemixLink>
                  ) : null}
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
