import { Flex, Heading, Text } from "@radix-ui/themes";
import type { ChildCardModel } from "./child-card";
import { monthName, useTimeLabels } from "./format";

/** 'This month: 4 visits' and the latest few, each with its date and times. */
export function MonthVisits({ month, today, timeZone }: { month: ChildCardModel["month"]; today: string; timeZone: string }) {
  const name = monthName(today);
  const labels = useTimeLabels();
  return (
    <Flex direction="column" gap="2" data-testid="month-visits">
      <Heading as="h3" size="3">
        {name}: {month.count === 1 ? "1 visit" : `${month.count} visits`}
      </Heading>
      {month.count === 0 ? (
        <Text size="2" color="gray" highContrast>
          No visits yet this month.
        </Text>
      ) : (
        <ul style={{ margin: 0, paddingLeft: "1.1rem", display: "flex", flexDirection: "column", gap: 4 }}>
          {month.recent.map((v) => (
            <li key={v.id}>
              <Text size="2">
                {labels.date(v.check_in_time, timeZone)}: {labels.time(v.check_in_time, timeZone)}
                {v.check_out_time ? ` to ${labels.time(v.check_out_time, timeZone)}` : " (still in)"}
              </Text>
            </li>
          ))}
          {month.count > month.recent.length ? (
            <li style={{ listStyle: "none", marginLeft: "-1.1rem" }}>
              <Text size="2" color="gray" highContrast>
                and {month.count - month.recent.length} earlier
              </Text>
            </li>
          ) : null}
        </ul>
      )}
    </Flex>
  );
}
