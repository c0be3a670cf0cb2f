import { Badge, Card, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import type { StaffEvent } from "#modules/appointments";
import { useQueryHref } from "./staff-list-controls";
import { coachesLabel } from "./staff-labels";

/** '8 / 8 registered' with Full, or 'no limit'. */
export function EventFigures({ event }: { event: StaffEvent }) {
  const full = event.capacity !== null && event.registered_count >= event.capacity;
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Text size="2" weight="medium" data-testid="event-registered">
        {event.registered_count}
        {event.capacity !== null ? ` / ${event.capacity}` : ""} registered
        {event.capacity === null ? " (no limit)" : ""}
      </Text>
      {full ? (
        <Badge color="red" variant="soft">
          Full
        </Badge>
      ) : null}
      {event.ended ? (
        <Text size="2" color="gray">
          · {event.attendees_count} attended
        </Text>
      ) : null}
    </Flex>
  );
}

/** The events of one page of /events: a card each with a link that opens its registrations (?event=). */
export function StaffEventList({ events, selectedId }: { events: StaffEvent[]; selectedId: string | null }) {
  const href = useQueryHref();
  return (
    <ul className="rc-staff-cards" aria-label="Events">
      {events.map((e) => {
        const selected = e.id === selectedId;
        return (
          <li key={e.id}>
            <Card data-testid="staff-event-card" data-event-id={e.id} data-selected={selected || undefined} className="rc-staff-card">
              <Flex direction="column" gap="1">
                <Flex gap="2" align="center" wrap="wrap">
                  <Heading as="h3" size="3">
                    <Link asChild>
                      <RemixLink to={href({ event: e.id })} preventScrollReset aria-current={selected ? "true" : undefined}>
                        {e.name}
                      </RemixLink>
                    </Link>
                  </Heading>
                  {e.ended ? <Badge color="gray">Ended</Badge> : null}
                </Flex>
                <Text size="2">{e.when}</Text>
                <Text size="2" color="gray">
                  {e.location || "No location"} · {coachesLabel(e.coaches)}
                </Text>
                <EventFigures event={e} />
              </Flex>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
