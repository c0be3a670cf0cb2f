import { Badge, Flex, Text } from "@radix-ui/themes";
import type { StaffProgram } from "#modules/programs";
import { PROGRAM_TYPE_COLORS, PROGRAM_TYPE_LABELS } from "#modules/programs/client";
import { StaffCards } from "./staff-cards";
import { coachesLabel, mdy, sessionsLabel } from "./staff-labels";

/** '10 of 10 registered' and the waitlist, the figures a coordinator looks for first. */
export function ProgramFigures({ program }: { program: StaffProgram }) {
  const full = program.members_limit !== null && program.registered_count >= program.members_limit;
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <Text size="2" weight="medium" data-testid="program-registered">
        {program.registered_count}
        {program.members_limit !== null ? ` / ${program.members_limit}` : ""} registered
      </Text>
      {full ? (
        <Badge color="red" variant="soft">
          Full
        </Badge>
      ) : null}
      {program.waitlist_count > 0 ? (
        <Badge color="amber" variant="soft" data-testid="program-waitlist">
          {program.waitlist_count} on the waitlist
        </Badge>
      ) : null}
    </Flex>
  );
}

/** The programs of one page of /programs: a card each with a link that opens its registrations (?program=). */
export function StaffProgramList({ programs, selectedId }: { programs: StaffProgram[]; selectedId: string | null }) {
  return (
    <StaffCards
      items={programs}
      selectedId={selectedId}
      label="Programs"
      param="program"
      badges={(p) => (
        <>
          <Badge color={PROGRAM_TYPE_COLORS[p.type]}>{PROGRAM_TYPE_LABELS[p.type]}</Badge>
          {p.status === "archived" ? <Badge color="gray">Archived</Badge> : null}
        </>
      )}
    >
      {(p) => (
        <>
          <Text size="2">{sessionsLabel(p)}</Text>
          <Text size="2" color="gray">
            {coachesLabel(p.coaches)}
          </Text>
          <ProgramFigures program={p} />
          <Text size="1" color="gray">
            {mdy(p.start_date)} to {mdy(p.end_date)}
            {p.location ? ` · ${p.location}` : ""}
          </Text>
        </>
      )}
    </StaffCards>
  );
}
