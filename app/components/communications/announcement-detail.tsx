import { Box, Button, Callout, Card, Flex, Heading, Table, Text, TextArea } from "@radix-ui/themes";
import { Form, Link as RemixLink, useNavigation } from "@remix-run/react";
import { AttachmentLinks } from "./attachments-picker";
import { StatusBadge } from "./announcement-list";
import { CHANNEL_LABELS, DELIVERY_LABELS, type AnnouncementView, type DeliveryViewRow, type PageAnswer } from "./types";

type Detail = AnnouncementView & { deliveries: DeliveryViewRow[]; delivery_tally: Record<string, number>; delivery_count: number };

/**
 * One announcement (decisions 088, 089): what it said (the sanitized HTML), where it stands, its delivery per
 * recipient and channel with the tally; a draft is edited or sent, a scheduled or sent one retracted with a reason.
 */
export function AnnouncementDetail({ item, editHref, closeHref, commandId, answer, formatTime }: { item: Detail; editHref: string; closeHref: string; commandId: string; answer?: PageAnswer; formatTime: (iso: string) => string }) {
  const busy = useNavigation().state !== "idle";
  const retractable = item.status === "scheduled" || item.status === "sending" || item.status === "sent";
  return (
    <Card size="3" asChild>
      <section aria-labelledby="communication-title" data-testid="communication-detail">
        <Flex direction="column" gap="3">
          <Flex justify="between" align="start" gap="2" wrap="wrap">
            <Heading as="h2" size="5" id="communication-title">
              {item.subject}
            </Heading>
            <Button asChild variant="ghost" color="gray" size="1">
              <RemixLink to={closeHref}>Close</RemixLink>
            </Button>
          </Flex>
          <Flex gap="2" align="center" wrap="wrap">
            <StatusBadge status={item.status} />
            <Text size="2" color="gray">
              {item.kind === "newsletter" ? "Newsletter" : "Announcement"} by {item.author_name} · {item.channels.map((c) => CHANNEL_LABELS[c] ?? c).join(", ")}
              {item.status === "scheduled" && item.send_at ? ` · goes out ${formatTime(item.send_at)}` : ""}
              {item.sent_at ? ` · sent ${formatTime(item.sent_at)}` : ""}
            </Text>
          </Flex>
          {answer?.problem ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{answer.problem}</Callout.Text>
            </Callout.Root>
          ) : null}
          {item.status === "retracted" ? (
            <Callout.Root color="amber" data-testid="retract-reason">
              <Callout.Text>
                Retracted{item.retracted_at ? ` ${formatTime(item.retracted_at)}` : ""}: {item.retract_reason}
              </Callout.Text>
            </Callout.Root>
          ) : null}
          {/* sanitized on the server to the allow-list (decision 090) before it was stored */}
          <Box className="rc-comm-body" dangerouslySetInnerHTML={{ __html: item.body }} />
          <AttachmentLinks files={(item.attachments ?? []).map((f) => ({ name: f.name, bytes: f.bytes, url: f.url ?? null }))} />
          {item.status === "draft" ? (
            <Flex gap="3" wrap="wrap">
              <Button asChild>
                <RemixLink to={editHref}>Edit and Send</RemixLink>
              </Button>
            </Flex>
          ) : null}
          {item.delivery_count > 0 ? (
            <>
              <Heading as="h3" size="3">
                Delivery
              </Heading>
              <Text size="2" data-testid="delivery-tally">
                {Object.entries(item.delivery_tally)
                  .map(([status, n]) => `${DELIVERY_LABELS[status] ?? status}: ${n}`)
                  .join(" · ")}
              </Text>
              <Box className="rc-comm-table">
                <Table.Root size="1" variant="surface">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>Recipient</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Channel</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {item.deliveries.map((d) => (
                      <Table.Row key={`${d.user_id}-${d.channel}`}>
                        <Table.Cell>{d.name}</Table.Cell>
                        <Table.Cell>{CHANNEL_LABELS[d.channel] ?? d.channel}</Table.Cell>
                        <Table.Cell>
                          {DELIVERY_LABELS[d.status] ?? d.status}
                          {d.reason && (d.status === "failed" || d.status === "skipped" || d.status === "cancelled") ? `: ${d.reason}` : ""}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
              {item.delivery_count > item.deliveries.length ? (
                <Text size="1" color="gray">
                  The first {item.deliveries.length} of {item.delivery_count} deliveries.
                </Text>
              ) : null}
            </>
          ) : item.status === "sending" ? (
            <Text size="2" color="gray">
              Queued: deliveries appear here as they go out.
            </Text>
          ) : null}
          {retractable ? (
            <Form method="post" className="rc-comm-retract">
              <input type="hidden" name="intent" value="retract" />
              <input type="hidden" name="id" value={item.id} />
              <input type="hidden" name="command_id" value={commandId} />
              <Flex direction="column" gap="2">
                <Text as="label" htmlFor="retract-reason" size="2" weight="medium">
                  Retract with a reason (it stays visible; nothing is deleted)
                </Text>
                <TextArea id="retract-reason" name="reason" rows={2} maxLength={500} />
                <Flex justify="end">
                  <Button type="submit" color="red" variant="soft" loading={busy}>
                    Retract
                  </Button>
                </Flex>
              </Flex>
            </Form>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}
