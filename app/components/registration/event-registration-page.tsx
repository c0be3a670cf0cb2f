import { Callout, Flex, Heading, Text } from "@radix-ui/themes";
import type { EventOption, EventPlace } from "#projections/appointments";
import type { RegistrationAnswer } from "~/utils/registration-page.server";
import { AnswerCallout } from "./answer-callout";
import { EventOptionCard } from "./event-option-card";
import { PageFrame } from "./page-frame";
import { ParticipantChooser } from "./participant-chooser";
import { PlacesList } from "./places-list";

type Person = { id: string; first_name?: string; full_name?: string; age?: number | null };
type When = { when: string };
export type EventRegistrationData =
  | { allowed: false; subtitle: string; message: string }
  | { allowed: true; subtitle: string; data: (EventOption & When)[]; participants: Person[]; participant: Person | null; places: (EventPlace & When)[]; commandId: string };

/** /event-registration (decision 052): who, the events not ended as cards, and the chosen participant's registrations. */
export function EventRegistrationPage({ page, parent, answer }: { page: EventRegistrationData; parent: boolean; answer: RegistrationAnswer | null }) {
  if (!page.allowed) return <PageFrame title="Event Registration" subtitle={page.subtitle} refusal={page.message} />;
  const who = page.participant ? { id: page.participant.id, name: page.participant.first_name ?? page.participant.full_name ?? "" } : null;
  const registered = new Set(page.places.map((p) => p.event_id));
  const withdrawn = answer?.intent === "withdraw" ? answer : null;
  return (
    <PageFrame title="Event Registration" subtitle={page.subtitle}>
      {page.participants.length === 0 ? (
        <Callout.Root color="gray" role="status" mb="4">
          <Callout.Text>{parent ? "No children are linked to your account yet. Ask a staff member to link them." : "Your participant profile is not set up yet. Ask a staff member."}</Callout.Text>
        </Callout.Root>
      ) : (
        <ParticipantChooser people={page.participants} chosenId={page.participant?.id ?? null} parent={parent} />
      )}
      <Flex direction="column" gap="6">
        {who ? (
          <PlacesList
            title={`${who.name}'s events`}
            who={who}
            field="event_id"
            empty={`${who.name} is not registered to any upcoming event.`}
            notice={withdrawn ? <div style={{ marginBottom: "var(--space-3)" }}><AnswerCallout answer={withdrawn} /></div> : null}
            rows={page.places.map((p) => ({ id: p.event_id, name: p.name, when: p.when, location: p.location || null, status: "registered" as const, position: null }))}
          />
        ) : null}
        <section aria-labelledby="options-title">
          <Heading as="h2" size="5" id="options-title" mb="3">
            Upcoming events
          </Heading>
          {page.data.length === 0 ? (
            <Text as="p" size="2" color="gray" data-testid="options-empty">
              No events are open for registration right now.
            </Text>
          ) : (
            <ul className="registration-grid" aria-labelledby="options-title">
              {page.data.map((event) => (
                <li key={event.id}>
                  <EventOptionCard event={event} who={who} registered={registered.has(event.id)} answer={answer?.intent === "register" && answer.target === event.id ? answer : null} commandId={page.commandId} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </Flex>
    </PageFrame>
  );
}
