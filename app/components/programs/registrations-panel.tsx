import { AlertDialog, Badge, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link as RemixLink, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { RosterPerson } from "#modules/programs";
import { UserSearch, type FoundUser } from "~/components/check-in/user-search";
import { staffRegistrationForm, type StaffRegistrationRefusal } from "./staff-registration-form";

export type PanelPerson = RosterPerson & {
  attendance?: "present" | "absent" | null;
};

type Props = {
  kind: "program" | "event";
  targetId: string;
  name: string;
  /** the lines under the name: when, where, figures */
  summary: ReactNode;
  registered: PanelPerson[];
  /** the waitlist in order; null where there is none (events) */
  waitlist: PanelPerson[] | null;
  canRegister: boolean;
  /** why nobody can be registered or removed now (archived program, ended event), or null */
  closed: string | null;
  reportHref: string | null;
  closeHref: string;
  refusal: StaffRegistrationRefusal | null;
  commandId: string;
};

/** A hidden-field form posting one registration change to the page's action. */
function ChangeForm({
  intent,
  targetId,
  participantId,
  commandId,
  children,
}: {
  intent: "register" | "remove";
  targetId: string;
  participantId: string;
  commandId: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="target" value={targetId} />
      <input type="hidden" name="participant_id" value={participantId} />
      <input type="hidden" name="command_id" value={`${commandId}-${intent}-${participantId}`} />
      {children}
    </Form>
  );
}

/** 'Remove' after a confirmation that says what follows (the first waiting member takes a freed place). */
function RemoveButton({ person, targetId, commandId, consequence }: { person: PanelPerson; targetId: string; commandId: string; consequence: string }) {
  const busy = useNavigation().state !== "idle";
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button size="1" variant="soft" color="red" aria-label={`Remove ${person.full_name}`}>
          Remove
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Remove {person.full_name}?</AlertDialog.Title>
        <AlertDialog.Description size="2">{consequence}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <ChangeForm intent="remove" targetId={targetId} participantId={person.participant_id} commandId={commandId}>
            <Button type="submit" color="red" loading={busy}>
              Remove {person.full_name}
            </Button>
          </ChangeForm>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/** 'Register a member': the participant search (the check-in dialog's combobox), then Register for the one chosen. */
function RegisterBox({ kind, targetId, exclude, commandId }: { kind: Props["kind"]; targetId: string; exclude: string[]; commandId: string }) {
  const [chosen, setChosen] = useState<FoundUser | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = useNavigation().state !== "idle";
  return (
    <Flex direction="column" gap="2" data-testid="register-box">
      <UserSearch type="in" exclude={exclude} onPick={(u) => (setChosen(u), setProblem(null))} label="Register a member" autoFocus={false} />
      {chosen ? (
        <Flex align="center" justify="between" gap="2" wrap="wrap" className="rc-staff-chosen" data-testid="register-chosen">
          <Text size="2">
            <Text weight="bold">{chosen.full_name}</Text> <Text color="gray">· {chosen.member_id}</Text>
          </Text>
          <Flex gap="2">
            <Button variant="soft" color="gray" type="button" onClick={() => setChosen(null)}>
              Clear
            </Button>
            <Form
              method="post"
              preventScrollReset
              onSubmit={(event) => {
                const checked = staffRegistrationForm.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
                if (!checked.success) {
                  event.preventDefault();
                  setProblem(checked.error.issues[0]?.message ?? "Choose a member first");
                }
              }}
            >
              <input type="hidden" name="intent" value="register" />
              <input type="hidden" name="target" value={targetId} />
              <input type="hidden" name="participant_id" value={chosen.id} />
              <input type="hidden" name="command_id" value={`${commandId}-register-${chosen.id}`} />
              <Button type="submit" loading={busy} aria-label={`Register ${chosen.full_name} to this ${kind}`}>
                Register
              </Button>
            </Form>
          </Flex>
        </Flex>
      ) : null}
      {problem ? (
        <Text size="2" color="red" role="alert">
          {problem}
        </Text>
      ) : null}
    </Flex>
  );
}

function PersonRow({ person, action, lead, extra }: { person: PanelPerson; action: ReactNode; lead?: ReactNode; extra?: ReactNode }) {
  return (
    <li className="rc-staff-person" data-participant-id={person.participant_id}>
      {lead}
      <Flex direction="column" gap="1" style={{ minWidth: 0, flex: 1 }}>
        <Text size="2" weight="bold">
          {person.full_name}
        </Text>
        <Text size="1" color="gray">
          {person.member_id ? `Member ID ${person.member_id} · ` : ""}
          {person.position ? "Joined" : "Registered"} {person.date}
        </Text>
      </Flex>
      {extra}
      {action}
    </li>
  );
}

/**
 * The registrations of one program or event (decision 053): who is registered (in the order they
 * registered) and, for a program, its waitlist in order; staff with 'create programs and events' register
 * a member (the decider answers: registered, a waitlist place with its number, or why not) and remove one
 * after a confirmation. The program report's link for staff who export.
 */
export function RegistrationsPanel(p: Props) {
  const noun = p.kind === "program" ? "program" : "event";
  const first = p.waitlist?.[0];
  const editable = p.canRegister && p.closed === null;
  const refusal = p.refusal && p.refusal.error ? p.refusal : null;
  // another program or event opened from the list: its name takes the focus (on a phone the list is gone)
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(p.targetId);
  useEffect(() => {
    const active = document.activeElement as HTMLElement | null;
    const lost = active !== null && active !== document.body && active.offsetParent === null;
    if (shown.current !== p.targetId || lost) heading.current?.focus();
    shown.current = p.targetId;
  }, [p.targetId]);
  return (
    <Card size="2" asChild>
      <section aria-labelledby="registrations-title" data-testid="registrations">
        <Flex justify="between" align="start" gap="3" wrap="wrap" mb="3">
          <Flex direction="column" gap="1" style={{ minWidth: 0 }}>
            <Heading as="h2" size="5" id="registrations-title" ref={heading} tabIndex={-1}>
              {p.name}
            </Heading>
            {p.summary}
          </Flex>
          <Flex gap="2" wrap="wrap">
            {p.reportHref ? (
              <Button variant="soft" asChild>
                <RemixLink to={p.reportHref} data-testid="report-link">
                  {p.kind === "program" ? "Program report" : "Event report"}
                </RemixLink>
              </Button>
            ) : null}
            <Button variant="soft" color="gray" asChild>
              <RemixLink to={p.closeHref} preventScrollReset aria-label={`Close the registrations of ${p.name}`}>
                Close
              </RemixLink>
            </Button>
          </Flex>
        </Flex>
        {refusal ? (
          <Callout.Root color="red" role="alert" mb="3" data-testid="registration-refused">
            <Callout.Text>{refusal.error}</Callout.Text>
          </Callout.Root>
        ) : null}
        {p.closed ? (
          <Callout.Root color="gray" mb="3">
            <Callout.Text>{p.closed}</Callout.Text>
          </Callout.Root>
        ) : null}
        {editable ? (
          <div className="rc-staff-register">
            <RegisterBox
              // a change of the lists (a registration or removal went through) starts the box afresh; a refusal keeps the member chosen
              key={[...p.registered, ...(p.waitlist ?? [])].map((r) => r.participant_id).join(",")}
              kind={p.kind}
              targetId={p.targetId}
              exclude={[...p.registered, ...(p.waitlist ?? [])].map((r) => r.participant_id)}
              commandId={p.commandId}
            />
          </div>
        ) : null}
        <Heading as="h3" size="3" mt="4" mb="2">
          Registered ({p.registered.length})
        </Heading>
        {p.registered.length === 0 ? (
          <Text as="p" size="2" color="gray">
            Nobody is registered to this {noun} yet.
          </Text>
        ) : (
          <ul className="rc-staff-people" aria-label="Registered members" data-testid="registered-list">
            {p.registered.map((r) => (
              <PersonRow
                key={r.participant_id}
                person={r}
                extra={r.attendance ? <Badge color={r.attendance === "present" ? "green" : "gray"}>{r.attendance === "present" ? "Present" : "Absent"}</Badge> : null}
                action={
                  editable ? (
                    <RemoveButton
                      person={r}
                      targetId={p.targetId}
                      commandId={p.commandId}
                      consequence={
                        first
                          ? `${r.full_name} will no longer be registered to ${p.name}. ${first.full_name}, first on the waitlist, takes the place.`
                          : `${r.full_name} will no longer be registered to ${p.name}.`
                      }
                    />
                  ) : null
                }
              />
            ))}
          </ul>
        )}
        {p.waitlist ? (
          <>
            <Heading as="h3" size="3" mt="4" mb="2">
              Waitlist ({p.waitlist.length})
            </Heading>
            {p.waitlist.length === 0 ? (
              <Text as="p" size="2" color="gray">
                Nobody is waiting.
              </Text>
            ) : (
              <ol className="rc-staff-people" aria-label="Waitlist, in order" data-testid="waitlist">
                {p.waitlist.map((w) => (
                  <PersonRow
                    key={w.participant_id}
                    person={w}
                    lead={
                      <Badge size="2" color="amber" variant="soft" aria-label={`Number ${w.position} on the waitlist`}>
                        {w.position}
                      </Badge>
                    }
                    action={
                      editable ? (
                        <RemoveButton
                          person={w}
                          targetId={p.targetId}
                          commandId={p.commandId}
                          consequence={`${w.full_name} will be taken off the waitlist of ${p.name}; those after move up.`}
                        />
                      ) : null
                    }
                  />
                ))}
              </ol>
            )}
          </>
        ) : null}
        {!p.canRegister ? (
          <Text as="p" size="1" color="gray" mt="3">
            You can view this {noun}'s registrations. Registering and removing members needs the permission to create programs and events.
          </Text>
        ) : null}
      </section>
    </Card>
  );
}
