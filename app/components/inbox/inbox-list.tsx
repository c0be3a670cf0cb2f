import { Badge, Flex, Text, VisuallyHidden } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import { useTimeZone } from "../time-zone";
import { whenText, type InboxRowView } from "./types";

/** The conversations, newest message first: unread ones in bold with a dot; the open one marked as current. */
export function InboxList({ rows, hrefOf, selectedId, emptyText }: { rows: InboxRowView[]; hrefOf: (id: string) => string; selectedId: string | null; emptyText: string }) {
  const timeZone = useTimeZone();
  if (rows.length === 0)
    return (
      <Text as="p" size="2" color="gray" data-testid="inbox-empty">
        {emptyText}
      </Text>
    );
  return (
    <ul className="rc-inbox-list" data-testid="inbox-list">
      {rows.map((row) => (
        <li key={row.id}>
          <RemixLink to={hrefOf(row.id)} preventScrollReset aria-current={row.id === selectedId ? "true" : undefined} className="rc-inbox-item" data-unread={row.is_read ? undefined : ""}>
            <Flex justify="between" gap="2" align="baseline">
              <Text size="2" weight={row.is_read ? "regular" : "bold"} className="rc-inbox-subject">
                {row.is_read ? null : <span className="rc-inbox-dot" aria-hidden="true" />}
                {row.is_read ? null : <VisuallyHidden>Unread: </VisuallyHidden>}
                {row.subject}
              </Text>
              {/* the server's words stand: its zone data and the browser's can differ (America/Vancouver in 2026) */}
              <Text size="1" color="gray" className="rc-inbox-when" suppressHydrationWarning>
                {whenText(row.last_message_at, timeZone)}
              </Text>
            </Flex>
            <Text as="div" size="1" color="gray" truncate>
              {row.with_names ? `With ${row.with_names}` : "Only you"}
            </Text>
            <Text as="div" size="2" truncate>
              {row.last_author_name ? `${row.last_author_name}: ` : ""}
              {row.preview}
            </Text>
            {row.unread > 1 ? (
              <Badge size="1" color="blue" variant="soft" mt="1">
                {row.unread} new
              </Badge>
            ) : null}
          </RemixLink>
        </li>
      ))}
    </ul>
  );
}
