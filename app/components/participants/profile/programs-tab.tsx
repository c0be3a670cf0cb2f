import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { PROFILE_TEXT } from "#modules/participants/client";
import { PROGRAM_TYPE_COLORS, PROGRAM_TYPE_LABELS, type ProgramType } from "#modules/programs/client";
import { formatCalendarDay, type Profile } from "./types";

type Program = NonNullable<Profile["programs"]>["registered"][number];

const TYPE_LABELS: Record<string, string> = PROGRAM_TYPE_LABELS;
const WEEKDAYS = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];

/** 'Mondays and Wednesdays, Sep 1, 2026 to Jun 30, 2027' or the listed dates. */
function scheduleOf(p: Program): string {
  const range = p.start_date === p.end_date ? formatCalendarDay(p.start_date) : `${formatCalendarDay(p.start_date)} to ${formatCalendarDay(p.end_date)}`;
  if (p.schedule_kind === "dates") return p.dates.length === 1 ? formatCalendarDay(p.dates[0]!) : `${p.dates.length} dates, ${range}`;
  const days = p.days.map((d) => WEEKDAYS[d]!);
  const list = days.length <= 1 ? days.join("") : `${days.slice(0, -1).join(", ")} and ${days[days.length - 1]}`;
  return `${list}, ${range}`;
}

function ProgramCard({ p }: { p: Program }) {
  const color = PROGRAM_TYPE_COLORS[p.type as ProgramType] ?? "gray";
  return (
    <Card size="2" data-testid="profile-program" style={{ borderLeft: `4px solid var(--${color}-9)` }}>
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <Flex direction="column" gap="1" minWidth="0">
          <Text weight="bold" size="3">
            {p.name}
          </Text>
          <Text size="2">
            {p.start_label} - {p.end_label}
            {p.location ? ` · ${p.location}` : ""}
          </Text>
          <Text size="2" color="gray" highContrast>
            {scheduleOf(p)}
          </Text>
        </Flex>
        <Flex gap="2">
          {p.is_past ? (
            <Badge color="gray" variant="soft">
              Ended
            </Badge>
          ) : null}
          <Badge color={color} variant="soft">
            {TYPE_LABELS[p.type] ?? p.type}
          </Badge>
        </Flex>
      </Flex>
    </Card>
  );
}

/** The Programs tab: the programs the participant is registered to, then the drop-in programs open to every member. */
export function ProgramsTab({ profile }: { profile: Profile }) {
  const programs = profile.programs;
  if (!programs) return null;
  return (
    <Flex direction="column" gap="5" data-testid="profile-programs">
      <section aria-labelledby="programs-registered-title">
        <Heading as="h2" size="4" mb="3" id="programs-registered-title">
          Registered Programs
        </Heading>
        {programs.registered.length === 0 ? (
          <Text as="p" size="2" color="gray" highContrast>
            {PROFILE_TEXT.noPrograms}
          </Text>
        ) : (
          <Flex direction="column" gap="3">
            {programs.registered.map((p) => (
              <ProgramCard key={p.id} p={p} />
            ))}
          </Flex>
        )}
      </section>
      {programs.dropIn.length > 0 ? (
        <section aria-labelledby="programs-dropin-title">
          <Heading as="h2" size="4" mb="1" id="programs-dropin-title">
            Drop-in Programs
          </Heading>
          <Text as="p" size="2" color="gray" highContrast mb="3">
            Open to every member without registration.
          </Text>
          <Flex direction="column" gap="3">
            {programs.dropIn.map((p) => (
              <ProgramCard key={p.id} p={p} />
            ))}
          </Flex>
        </section>
      ) : null}
    </Flex>
  );
}
