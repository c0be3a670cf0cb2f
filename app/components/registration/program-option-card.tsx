import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ProgramOption } from "#projections/programs";
import type { RegistrationAnswer } from "~/utils/registration-page.server";
import { AnswerCallout } from "./answer-callout";
import { agesText, datesText, gendersText, placesText, sessionLines } from "./format";
import { RegisterForm } from "./register-form";

export type HeldPlace = { status: "registered" | "waitlisted"; position: number | null };

/**
 * One program open for registration (decision 052): name, description, days and times, dates, location,
 * who it is for, places left or 'Full — join the waitlist'; Register (or what the participant holds), and
 * the decider's answer when this card's form was the last one posted.
 */
export function ProgramOptionCard({ program, who, held, answer, commandId }: { program: ProgramOption; who: { id: string; name: string } | null; held: HeldPlace | null; answer: RegistrationAnswer | null; commandId: string }) {
  const places = placesText(program.members_limit, program.registered_count, { has: program.waitlist, length: program.waitlist_count });
  const closed = places.full && !program.waitlist;
  return (
    <Card data-testid="program-option" data-program-id={program.id} style={{ height: "100%" }}>
      <Flex direction="column" gap="2" height="100%">
        <Flex justify="between" align="start" gap="2" wrap="wrap">
          <Heading as="h3" size="4">
            {program.name}
          </Heading>
          <Badge size="2" color={places.full ? "orange" : "green"} data-testid="places">
            {places.text}
          </Badge>
        </Flex>
        {program.description ? (
          <Text as="p" size="2">
            {program.description}
          </Text>
        ) : null}
        <dl className="registration-facts">
          <dt>When</dt>
          <dd>
            {sessionLines(program.sessions).map((line) => (
              <span key={line} style={{ display: "block" }}>
                {line}
              </span>
            ))}
          </dd>
          <dt>Dates</dt>
          <dd>{datesText(program.start_date, program.end_date)}</dd>
          {program.location ? (
            <>
              <dt>Where</dt>
              <dd>{program.location}</dd>
            </>
          ) : null}
          <dt>For</dt>
          <dd>
            {agesText(program.age_min, program.age_max)} · {gendersText(program.genders)}
          </dd>
        </dl>
        <Flex direction="column" gap="2" mt="auto">
          {answer ? <AnswerCallout answer={answer} /> : null}
          {held ? (
            <Badge size="3" color={held.status === "registered" ? "green" : "amber"} data-testid="held" style={{ alignSelf: "start" }}>
              {held.status === "registered" ? `${who?.name ?? "Registered"}: registered` : `${who?.name ?? "Waitlist"}: number ${held.position} on the waitlist`}
            </Badge>
          ) : who && !closed ? (
            <RegisterForm field="program_id" target={program.id} participantId={who.id} commandId={commandId} label={places.full ? "Join the waitlist" : "Register"} name={`${program.name}, ${who.name}`} />
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}
