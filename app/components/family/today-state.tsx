import { Badge, Flex, Text } from "@radix-ui/themes";
import type { ChildCardModel } from "./child-card";
import { useTimeLabels } from "./format";

/** 'Checked in at 3:30 PM (Art Club)', 'Checked out at 5:45 PM, picked up by Farah Ahmed (Parent)', or 'Not checked in today'. */
export function TodayState({ person, timeZone }: { person: ChildCardModel["person"]; timeZone: string }) {
  const labels = useTimeLabels();
  const programs = (person.programs_and_events ?? []).map((p) => p.name).join(", ");
  if (!person.check_in_time) {
    return (
      <Flex direction="column" gap="1" data-testid="today-state" data-state="out">
        <Badge color="gray" variant="soft" size="2" style={{ alignSelf: "flex-start" }}>
          Not checked in
        </Badge>
        <Text size="2">Not checked in today.</Text>
      </Flex>
    );
  }
  const inAt = labels.time(person.check_in_time, timeZone);
  if (!person.check_out_time) {
    return (
      <Flex direction="column" gap="1" data-testid="today-state" data-state="in">
        <Badge color="green" variant="soft" size="2" style={{ alignSelf: "flex-start" }}>
          Checked in
        </Badge>
        <Text size="2">
          Checked in at {inAt}
          {programs ? ` (${programs})` : ""}.
        </Text>
      </Flex>
    );
  }
  const who = person.pick_up_name && person.pick_up_name !== "NA" ? person.pick_up_name : null;
  const relationship = person.pick_up_relationship && person.pick_up_relationship !== "NA" ? person.pick_up_relationship : null;
  return (
    <Flex direction="column" gap="1" data-testid="today-state" data-state="left">
      <Badge color="blue" variant="soft" size="2" style={{ alignSelf: "flex-start" }}>
        Picked up
      </Badge>
      <Text size="2">
        Checked in at {inAt}
        {programs ? ` (${programs})` : ""}. Checked out at {labels.time(person.check_out_time, timeZone)}
        {who ? `, picked up by ${who}${relationship ? ` (${relationship})` : ""}` : " (went home on their own)"}.
      </Text>
    </Flex>
  );
}
