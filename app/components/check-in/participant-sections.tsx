import { Avatar, Badge, Box, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { PROGRAM_TYPE_COLORS, PROGRAM_TYPE_LABELS } from "#modules/programs/client";
import { LatestNotes } from "../notes/latest-notes";
import type { ParticipantDetail } from "./api";
import { TakeNoteLines } from "./icons";
import { ADULT_PICK_UP_TEXT, isIndependent } from "./rules";

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box asChild>
      <section aria-label={title} data-testid={testId}>
        <Heading as="h3" size="3" mb="2">
          {title}
        </Heading>
        {children}
      </section>
    </Box>
  );
}

/** Personal Info (not for a kiosk): age, medical considerations and the Take Note block. */
export function PersonalInfo({ p }: { p: ParticipantDetail }) {
  const epiPen = p.has_epi_pen === "Yes";
  const medication = p.has_medications === "Yes";
  return (
    <Section title="Personal Info">
      <Flex direction="column" gap="2">
        <Text size="2">
          <Text color="gray">Age </Text>
          {p.age ?? "Unknown"}
        </Text>
        <Text size="2">
          <Text color="gray">Medical Considerations </Text>
          {p.medical_conditions?.length ? p.medical_conditions.join(", ") : "None"}
        </Text>
        {epiPen || medication ? (
          <Card size="1" className="rc-ci-take-note" aria-label="Take Note">
            <Text as="p" weight="bold" size="2" color="red" mb="1">
              Take Note
            </Text>
            <TakeNoteLines epiPen={!!epiPen} medication={!!medication} />
          </Card>
        ) : null}
      </Flex>
    </Section>
  );
}

const TYPE_LABELS: Record<string, string> = PROGRAM_TYPE_LABELS;

/** Registered to Today's Programs: h:mm A times and the name, coloured by type. */
export function TodaysPrograms({ programs }: { programs: ParticipantDetail["programs_and_events"] }) {
  return (
    <Section title="Registered to Today's Programs" testId="todays-programs">
      {programs.length === 0 ? (
        <Text size="2" color="gray">
          No programs today.
        </Text>
      ) : (
        <Flex direction="column" gap="2">
          {programs.map((program) => {
            const color = PROGRAM_TYPE_COLORS[program.type as keyof typeof PROGRAM_TYPE_COLORS] ?? "gray";
            return (
              <Flex key={program.id} align="center" gap="3" className="rc-ci-program" style={{ borderLeftColor: `var(--${color}-9)` }}>
                <Text size="2" weight="medium" style={{ minWidth: 160 }}>
                  {program.start_label} - {program.end_label}
                </Text>
                <Text size="2">{program.name}</Text>
                <Badge color={color} variant="soft" ml="auto">
                  {TYPE_LABELS[program.type] ?? program.type}
                </Badge>
              </Flex>
            );
          })}
        </Flex>
      )}
    </Section>
  );
}

function Person({ name, phone, relationship, photo }: { name: string; phone: string | null; relationship: string; photo?: string | null }) {
  const parts = name.split(" ");
  return (
    <Flex align="center" gap="3">
      <Avatar size="2" radius="full" src={photo ?? undefined} fallback={`${parts[0]?.charAt(0) ?? ""}${parts[1]?.charAt(0) ?? ""}`} alt="" />
      <Flex direction="column">
        <Text size="2" weight="medium">
          {name}
        </Text>
        <Text size="1" color="gray">
          {relationship}
          {phone ? ` · ${phone}` : ""}
        </Text>
      </Flex>
    </Flex>
  );
}

/** Pick Up Permission (not for a kiosk, nor for a member who travels alone). */
export function PickUpSection({ p }: { p: ParticipantDetail }) {
  if (isIndependent(p)) return null;
  const contacts = (p.pickup_contacts ?? []).filter((c) => c.can_pickup);
  return (
    <Section title="Pick Up Permission" testId="pick-up-permission">
      <Text as="p" size="2" mb="3">
        {ADULT_PICK_UP_TEXT}
      </Text>
      <div className="rc-ci-people">
        {p.parent ? (
          <Person name={p.parent.full_name} phone={p.parent.phone_number} relationship="Parent" photo={p.parent.photo_url} />
        ) : p.contact_name ? (
          <Person name={p.contact_name} phone={p.phone_number ?? null} relationship="Primary Contact" />
        ) : null}
        {contacts.map((c, i) => (
          <Person key={i} name={`${c.first_name} ${c.last_name}`.trim()} phone={c.phone_number} relationship={c.relationship} />
        ))}
      </div>
    </Section>
  );
}

const NO_NOTES = { count: 0, data: [] };

/** Notes: the latest ones and 'Load More...', or 'No notes for this participant.' (app/components/notes). */
export function NotesSection({ notes: given, participantId }: { notes: ParticipantDetail["notes"]; participantId: string }) {
  const notes = given ?? NO_NOTES;
  return (
    <Section title="Notes" testId="participant-notes">
      <LatestNotes key={`${participantId}-${notes.count}`} participantId={participantId} notes={notes} />
    </Section>
  );
}
