import { Badge, Flex, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import { CHANNEL_LABELS, STATUS_LABELS, type AnnouncementView } from "./types";

const STATUS_COLORS = { draft: "gray", scheduled: "blue", sending: "amber", sent: "green", retracted: "red" } as const;

export function StatusBadge({ status }: { status: string }) {
  return <Badge color={STATUS_COLORS[status as keyof typeof STATUS_COLORS] ?? "gray"}>{STATUS_LABELS[status] ?? status}</Badge>;
}

/** The organization's announcements, newest change first; each opens its detail beside the list. */
export function AnnouncementList({ rows, hrefOf, openId }: { rows: AnnouncementView[]; hrefOf: (id: string) => string; openId: string | null }) {
  if (rows.length === 0)
    return (
      <Text as="p" size="2" color="gray">
        No communications yet.
      </Text>
    );
  return (
    <ul className="rc-comm-list" data-testid="communication-list">
      {rows.map((r) => (
        <li key={r.id} data-open={r.id === openId ? "" : undefined}>
          <RemixLink to={hrefOf(r.id)} aria-current={r.id === openId ? "true" : undefined}>
            <Flex direction="column" gap="1">
              <Flex gap="2" align="center" wrap="wrap">
                <Text weight="medium">{r.subject}</Text>
                <StatusBadge status={r.status} />
              </Flex>
              <Text size="1" color="gray">
                {r.channels.map((c) => CHANNEL_LABELS[c] ?? c).join(", ")}
                {r.recipient_count !== null ? ` · ${r.recipient_count} ${r.recipient_count === 1 ? "recipient" : "recipients"}` : ""} · {r.author_name}
              </Text>
            </Flex>
          </RemixLink>
        </li>
      ))}
    </ul>
  );
}
