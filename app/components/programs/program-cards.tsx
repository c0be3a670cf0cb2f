import { AlertDialog, Badge, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link as RemixLink } from "@remix-run/react";
import { formatTime, PROGRAM_TYPE_COLORS, PROGRAM_TYPE_LABELS, WEEKDAY_NAMES } from "#modules/programs/client";
import type { ProgramRow, ProgramSessionRow } from "#projections/programs";

export type ListedProgram = Pick<ProgramRow, "id" | "name" | "type" | "location" | "start_date" | "end_date" | "members_limit" | "registered_count" | "waitlist_count" | "status" | "archived_on"> & {
  sessions: ProgramSessionRow[];
};

/** 'Tuesday 3:30 PM – 5:00 PM, Thursday ...' */
const sessionsText = (sessions: ListedProgram["sessions"]) =>
  sessions.length ? sessions.map((s) => `${WEEKDAY_NAMES[s.week_day] ?? s.week_day} ${formatTime(s.start_time)} – ${formatTime(s.end_time)}`).join(", ") : "No weekly sessions";

/** A list action posted to the page's action, after a confirmation for the ones that cannot be undone. */
function ActionButton({ program, intent, label, confirm, commandId }: { program: ListedProgram; intent: string; label: string; confirm?: string; commandId: string }) {
  const form = (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={program.id} />
      <input type="hidden" name="command_id" value={`${commandId}-${intent}-${program.id}`} />
      <Button type="submit" size="1" variant="soft" color={confirm ? "red" : undefined} aria-label={`${label} ${program.name}`}>
        {label}
      </Button>
    </Form>
  );
  if (!confirm) return form;
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button size="1" variant="soft" color="red" aria-label={`${label} ${program.name}`}>
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="420px">
        <AlertDialog.Title>
          {label} {program.name}?
        </AlertDialog.Title>
        <AlertDialog.Description size="2">{confirm}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          {form}
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/** The builder's programs: one card each (every size), with Edit, Copy, Archive and Delete. */
export function ProgramCards({ programs, commandId }: { programs: ListedProgram[]; commandId: string }) {
  return (
    <Flex direction="column" gap="3" asChild>
      <ul style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label="Programs">
        {programs.map((p) => (
          <li key={p.id}>
            <Card data-testid="program-card" data-program-id={p.id}>
              <Flex direction={{ initial: "column", sm: "row" }} justify="between" gap="3">
                <Flex direction="column" gap="1" style={{ minWidth: 0 }}>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Heading as="h3" size="3">
                      {p.name}
                    </Heading>
                    <Badge color={PROGRAM_TYPE_COLORS[p.type]}>{PROGRAM_TYPE_LABELS[p.type]}</Badge>
                    {p.status === "archived" ? <Badge color="gray">Archived {p.archived_on}</Badge> : null}
                  </Flex>
                  <Text size="2">{sessionsText(p.sessions)}</Text>
                  <Text size="2" color="gray">
                    {p.start_date} to {p.end_date}
                    {p.location ? ` · ${p.location}` : ""}
                  </Text>
                  <Text size="2" color="gray">
                    {p.registered_count} registered{p.members_limit !== null ? ` of ${p.members_limit}` : ""}
                    {p.waitlist_count ? ` · ${p.waitlist_count} on the waitlist` : ""}
                  </Text>
                </Flex>
                <Flex gap="2" align="start" wrap="wrap">
                  {p.status === "active" ? (
                    <Button size="1" variant="soft" asChild>
                      <RemixLink to={`?edit=${p.id}`} aria-label={`Edit ${p.name}`}>
                        Edit
                      </RemixLink>
                    </Button>
                  ) : null}
                  <ActionButton program={p} intent="copy" label="Copy" commandId={commandId} />
                  {p.status === "active" ? (
                    <ActionButton program={p} intent="archive" label="Archive" commandId={commandId} confirm="It will have no sessions after today and take no new registrations. Its history stays for reports." />
                  ) : null}
                  <ActionButton program={p} intent="delete" label="Delete" commandId={commandId} confirm="Only a program nobody registered to and that has not started can be deleted; otherwise archive it." />
                </Flex>
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
