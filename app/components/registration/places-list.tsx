import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { WithdrawButton } from "./withdraw-button";

export type PlaceRow = {
  id: string;
  name: string;
  /** 'Tuesday 3:30 PM – 5:00 PM' or the event's dates */
  when: string;
  location: string | null;
  status: "registered" | "waitlisted";
  position: number | null;
};

/**
 * The chosen participant's registrations and waitlist places (decision 052), each with Withdraw after a
 * confirmation. One column on a phone, two from a tablet.
 */
export function PlacesList({ title, rows, who, field, empty, notice }: { title: string; rows: readonly PlaceRow[]; who: { id: string; name: string }; field: "program_id" | "event_id"; empty: string; notice?: ReactNode }) {
  return (
    <section aria-labelledby="places-title" data-testid="places-list">
      <Heading as="h2" size="5" id="places-title" mb="2">
        {title}
      </Heading>
      {notice}
      {rows.length === 0 ? (
        <Text as="p" size="2" color="gray" data-testid="places-empty">
          {empty}
        </Text>
      ) : (
        <ul className="registration-grid registration-grid--places" aria-labelledby="places-title">
          {rows.map((row) => (
            <li key={row.id}>
              <Card data-testid="place" data-target-id={row.id} data-status={row.status}>
                <Flex justify="between" align="center" gap="3" wrap="wrap">
                  <Flex direction="column" gap="1" style={{ minWidth: 0, flex: "1 1 12rem" }}>
                    <Flex gap="2" align="center" wrap="wrap">
                      <Heading as="h3" size="3">
                        {row.name}
                      </Heading>
                      <Badge color={row.status === "registered" ? "green" : "amber"}>{row.status === "registered" ? "Registered" : `Waitlist: number ${row.position}`}</Badge>
                    </Flex>
                    <Text size="2">{row.when}</Text>
                    {row.location ? (
                      <Text size="2" color="gray">
                        {row.location}
                      </Text>
                    ) : null}
                  </Flex>
                  <WithdrawButton field={field} target={row.id} participantId={who.id} what={row.name} who={who.name} waiting={row.status === "waitlisted"} />
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
