import { Badge, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link as RemixLink, useNavigation } from "@remix-run/react";
import type { AttendancePanel as Panel } from "#modules/programs";
import { dayTitle } from "./schedule-parts";

const STATUSES = [
  { value: "present", label: "Present" },
  { value: "late", label: "Late" },
  { value: "absent", label: "Absent" },
  { value: "excused", label: "Excused" },
] as const;

/**
 * A session's attendance (decision 046) on the Schedule's day view: each registered member and drop-in
 * with Present, Late, Absent or Excused; a member checked in on the board is offered as present (chosen,
 * not yet saved). Saving sends the chosen marks in one request; a member left unmarked stays so.
 */
export function AttendancePanel({ panel, back, commandId, refusal }: { panel: Panel; back: string; commandId: string; refusal: string | null }) {
  const busy = useNavigation().state !== "idle";
  if (panel.error !== null) {
    return (
      <Callout.Root color="red" role="alert" mt="4" data-testid="attendance-refused">
        <Callout.Text>{panel.error}</Callout.Text>
      </Callout.Root>
    );
  }
  return (
    <Card size="2" mt="4" asChild>
      <section aria-labelledby="attendance-title" data-testid="attendance">
        <Flex justify="between" align="start" gap="3" wrap="wrap" mb="3">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="4" id="attendance-title">
              Attendance: {panel.name}
            </Heading>
            <Text size="2" color="gray">
              {dayTitle(panel.date, true)}, {panel.start_label} – {panel.end_label} · {panel.roster.length} on the roster
            </Text>
          </Flex>
          <Button variant="soft" color="gray" asChild>
            <RemixLink to={back}>Close</RemixLink>
          </Button>
        </Flex>
        {refusal ? (
          <Callout.Root color="red" role="alert" mb="3">
            <Callout.Text>{refusal}</Callout.Text>
          </Callout.Root>
        ) : null}
        {panel.roster.length === 0 ? (
          <Text as="p" size="2" color="gray">
            Nobody is registered to this program yet.
          </Text>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="attendance" />
            <input type="hidden" name="program" value={panel.program_id} />
            <input type="hidden" name="date" value={panel.date} />
            <input type="hidden" name="start" value={panel.start_time} />
            <input type="hidden" name="command_id" value={commandId} />
            <Flex direction="column" gap="2" asChild>
              <ul className="rc-sched-list">
                {panel.roster.map((entry) => {
                  const id = entry.participant.participant_id as string;
                  const name = String(entry.participant.full_name ?? entry.participant.member_id ?? id);
                  const chosen = entry.attendance ?? entry.offered ?? "";
                  return (
                    <li key={id} data-testid="attendance-row" data-participant-id={id}>
                      <fieldset className="rc-att-row">
                        <legend className="rc-att-name">
                          <Text size="2" weight="bold">
                            {name}
                          </Text>
                        </legend>
                        <Flex gap="2" align="center" wrap="wrap" className="rc-att-badges">
                          {entry.participant.member_id ? (
                            <Text size="1" color="gray">
                              {String(entry.participant.member_id)}
                            </Text>
                          ) : null}
                          {entry.checked_in ? (
                            <Badge color="grass" size="1">
                              Checked in
                            </Badge>
                          ) : null}
                          {entry.drop_in ? (
                            <Badge color="green" variant="outline" size="1">
                              Drop-in
                            </Badge>
                          ) : null}
                          {entry.attendance === null && entry.offered ? (
                            <Text size="1" color="gray">
                              offered as present, not saved
                            </Text>
                          ) : null}
                        </Flex>
                        <Flex gap="3" wrap="wrap" className="rc-att-choices">
                          {STATUSES.map((s) => (
                            <Text as="label" size="2" key={s.value} className="rc-att-choice">
                              <input type="radio" name={`status.${id}`} value={s.value} defaultChecked={chosen === s.value} />
                              {s.label}
                            </Text>
                          ))}
                        </Flex>
                      </fieldset>
                    </li>
                  );
                })}
              </ul>
            </Flex>
            <Flex justify="end" mt="3">
              <Button type="submit" loading={busy}>
                Save Attendance
              </Button>
            </Flex>
          </Form>
        )}
      </section>
    </Card>
  );
}
