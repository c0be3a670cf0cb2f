import { Callout, Flex, Heading, Text } from "@radix-ui/themes";
import type { ProgramOption, ParticipantPlace } from "#projections/programs";
import type { RegistrationAnswer } from "~/utils/registration-page.server";
import { AnswerCallout } from "./answer-callout";
import { dayText, placeWhen } from "./format";
import { PageFrame } from "./page-frame";
import { ParticipantChooser } from "./participant-chooser";
import { PlacesList } from "./places-list";
import { ProgramOptionCard } from "./program-option-card";

type Person = { id: string; first_name?: string; full_name?: string; age?: number | null };
export type ProgramRegistrationData =
  | { allowed: false; subtitle: string; message: string }
  | {
      allowed: true;
      subtitle: string;
      data: ProgramOption[];
      participants: Person[];
      participant: Person | null;
      places: ParticipantPlace[];
      cycle: { start: string | null; end: string | null };
      closed: boolean;
      commandId: string;
    };

/** /program-registration (decision 052): who, the open programs as cards, and the chosen participant's places. */
export function ProgramRegistrationPage({ page, parent, answer }: { page: ProgramRegistrationData; parent: boolean; answer: RegistrationAnswer | null }) {
  if (!page.allowed) return <PageFrame title="Program Registration" subtitle={page.subtitle} refusal={page.message} />;
  const who = page.participant ? { id: page.participant.id, name: page.participant.first_name ?? page.participant.full_name ?? "" } : null;
  const held = new Map(page.places.map((p) => [p.program_id, p]));
  const withdrawn = answer?.intent === "withdraw" ? answer : null;
  return (
    <PageFrame title="Program Registration" subtitle={page.subtitle}>
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
            title={`${who.name}'s programs`}
            who={who}
            field="program_id"
            empty={`${who.name} is not registered to any program yet.`}
            notice={withdrawn ? <div style={{ marginBottom: "var(--space-3)" }}><AnswerCallout answer={withdrawn} /></div> : null}
            rows={page.places.map((p) => ({ id: p.program_id, name: p.name, when: placeWhen(p), location: p.location, status: p.status, position: p.position }))}
          />
        ) : null}
        <section aria-labelledby="options-title">
          <Heading as="h2" size="5" id="options-title" mb="2">
            Programs open for registration
          </Heading>
          {page.cycle.start && page.cycle.end ? (
            <Text as="p" size="2" color="gray" mb="3">
              This cycle runs from {dayText(page.cycle.start)} to {dayText(page.cycle.end)}.
            </Text>
          ) : null}
          {page.data.length === 0 ? (
            <Text as="p" size="2" color="gray" data-testid="options-empty">
              {page.closed ? "Registration for this cycle has closed." : "No programs are open for registration right now."}
            </Text>
          ) : (
            <ul className="registration-grid" aria-labelledby="options-title">
              {page.data.map((program) => {
                const place = held.get(program.id);
                return (
                  <li key={program.id}>
                    <ProgramOptionCard
                      program={program}
                      who={who}
                      held={place ? { status: place.status, position: place.position } : null}
                      answer={answer?.intent === "register" && answer.target === program.id ? answer : null}
                      commandId={page.commandId}
                    />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </Flex>
    </PageFrame>
  );
}
