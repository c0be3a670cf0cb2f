import { Badge, Flex, Text } from "@radix-ui/themes";
import type { StaffEvent } from "#modules/appointments";
import { StaffCards } from "./staff-cards";
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
  return (
    <StaffCards items={events} selectedId={selectedId} label="Events" param="event" badges={(e) => (e.ended ? <Badge color="gray">Ended</Badge> : null)}>
      {(e) => (
        <>
          <Text size="2">{e.when}</Text>
          <Text size="2" color="gray">
            {e.location || "No location"} · {coachesLabel(e.coaches)}
          </Text>
          <EventFigures event={e} />
        </>
      )}
    </StaffCards>
  );
}
