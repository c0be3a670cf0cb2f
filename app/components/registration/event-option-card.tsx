import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { EventOption } from "#projections/appointments";
import type { RegistrationAnswer } from "~/utils/registration-page.server";
import { AnswerCallout } from "./answer-callout";
import { placesText } from "./format";
import { RegisterForm } from "./register-form";

/** One event not ended (decision 052): name, description, when (labelled on the server), where, places left; Register. Events keep no waitlist (decision 047). */
export function EventOptionCard({ event, who, registered, answer, commandId }: { event: EventOption & { when: string }; who: { id: string; name: string } | null; registered: boolean; answer: RegistrationAnswer | null; commandId: string }) {
  const places = placesText(event.capacity, event.registered_count, { has: false, length: 0 });
  return (
    <Card data-testid="event-option" data-event-id={event.id} style={{ height: "100%" }}>
      <Flex direction="column" gap="2" height="100%">
        <Flex justify="between" align="start" gap="2" wrap="wrap">
          <Heading as="h3" size="4">
            {event.name}
          </Heading>
          <Badge size="2" color={places.full ? "orange" : "green"} data-testid="places">
            {places.text}
          </Badge>
        </Flex>
        {event.description ? (
          <Text as="p" size="2">
            {event.description}
          </Text>
        ) : null}
        <dl className="registration-facts">
          <dt>When</dt>
          <dd>{event.when}</dd>
          {event.location ? (
            <>
              <dt>Where</dt>
              <dd>{event.location}</dd>
            </>
          ) : null}
        </dl>
        <Flex direction="column" gap="2" mt="auto">
          {answer ? <AnswerCallout answer={answer} /> : null}
          {registered ? (
            <Badge size="3" color="green" data-testid="held" style={{ alignSelf: "start" }}>
              {who?.name}: registered
            </Badge>
          ) : who && !places.full ? (
            <RegisterForm field="event_id" target={event.id} participantId={who.id} commandId={commandId} label="Register" name={`${event.name}, ${who.name}`} />
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}
