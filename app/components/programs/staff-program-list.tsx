import { Badge, Card, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import type { StaffProgram } from "#modules/programs";
import { PROGRAM_TYPE_COLORS, PROGRAM_TYPE_LABELS } from "#modules/programs/client";
import { useQueryHref } from "./staff-list-controls";
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
  const href = useQueryHref();
  return (
    <ul className="rc-staff-cards" aria-label="Programs">
      {programs.map((p) => {
        const selected = p.id === selectedId;
        return (
          <li key={p.id}>
            <Card data-testid="staff-program-card" data-program-id={p.id} data-selected={selected || undefined} className="rc-staff-card">
              <Flex direction="column" gap="1">
                <Flex gap="2" align="center" wrap="wrap">
                  <Heading as="h3" size="3">
                    <Link asChild>
                      <RemixLink to={href({ program: p.id })} preventScrollReset aria-current={selected ? "true" : undefined}>
                        {p.name}
                      </RemixLink>
                    </Link>
                  </Heading>
                  <Badge color={PROGRAM_TYPE_COLORS[p.type]}>{PROGRAM_TYPE_LABELS[p.type]}</Badge>
                  {p.status === "archived" ? <Badge color="gray">Archived</Badge> : null}
                </Flex>
                <Text size="2">{sessionsLabel(p)}</Text>
                <Text size="2" color="gray">
                  {coachesLabel(p.coaches)}
                </Text>
                <ProgramFigures program={p} />
                <Text size="1" color="gray">
                  {mdy(p.start_date)} to {mdy(p.end_date)}
                  {p.location ? ` · ${p.location}` : ""}
                </Text>
              </Flex>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
