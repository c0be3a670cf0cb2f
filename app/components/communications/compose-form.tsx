import { Button, Callout, Card, Flex, Heading, RadioGroup, Text, TextField } from "@radix-ui/themes";
import { Form, Link as RemixLink, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { apiSend } from "../api-client";
import { RecipientPicker, type Recipient } from "../inbox/recipient-picker";
import { AttachmentsPicker } from "./attachments-picker";
import { ChoiceList } from "./choice-list";
import { RichTextEditor } from "./rich-text-editor";
import { CHANNEL_LABELS, type AnnouncementView, type ComposeOptions, type PageAnswer } from "./types";

const FLAG_OPTIONS = [
  { id: "stop", label: "Members with an active stop flag" },
  { id: "warn", label: "Members with an active warning flag" },
];

function ErrorText({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <Text id={id} size="2" color="red" role="alert">
      {errors.join(" ")}
    </Text>
  ) : null;
}

/** The live count of the audience (decision 088): asked again a moment after each change. */
function useAudienceCount(audience: Record<string, string[]>) {
  const [count, setCount] = useState<number | null>(null);
  const key = JSON.stringify(audience);
  useEffect(() => {
    const timer = setTimeout(() => {
      apiSend<{ data: { count: number } }>("POST", "/api/communication/audience", JSON.parse(key))
        .then((answer) => setCount(answer.data.count))
        .catch(() => setCount(null));
    }, 250);
    return () => clearTimeout(timer);
  }, [key]);
  return count;
}

/**
 * Compose or edit a draft (decisions 088, 090): type, subject, formatted message, audience with its live count,
 * channels the organization enabled, now or a time in the organization's zone. Save keeps the draft; Send saves
 * then sends (or schedules).
 */
export function ComposeForm({ draft, people, options, commandId, closeHref, answer, timeZoneLabel }: { draft: AnnouncementView | null; people: Recipient[]; options: ComposeOptions; commandId: string; closeHref: string; answer?: PageAnswer; timeZoneLabel: string }) {
  const busy = useNavigation().state !== "idle";
  const errors = answer?.fieldErrors ?? {};
  const [groups, setGroups] = useState(draft?.audience.group_ids ?? []);
  const [programs, setPrograms] = useState(draft?.audience.program_ids ?? []);
  const [events, setEvents] = useState(draft?.audience.event_ids ?? []);
  const [flags, setFlags] = useState<string[]>(draft?.audience.flag_types ?? []);
  const [chosen, setChosen] = useState<Recipient[]>(people);
  const count = useAudienceCount({ group_ids: groups, program_ids: programs, event_ids: events, flag_types: flags, user_ids: chosen.map((c) => c.id) });
  const fieldError = (key: string) => errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];
  return (
    <Card size="3" asChild>
      <section aria-labelledby="compose-title" data-testid="compose">
        <Form method="post">
          <input type="hidden" name="command_id" value={commandId} />
          {draft ? <input type="hidden" name="id" value={draft.id} /> : null}
          <Flex direction="column" gap="4">
            <Heading as="h2" size="5" id="compose-title">
              {draft ? "Edit Draft" : "New Communication"}
            </Heading>
            {answer?.problem ? (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{answer.problem}</Callout.Text>
              </Callout.Root>
            ) : null}
            <fieldset className="rc-comm-fieldset">
              <legend>
                <Text size="2" weight="medium">
                  Type
                </Text>
              </legend>
              <RadioGroup.Root name="kind" defaultValue={draft?.kind ?? "announcement"} aria-label="Type">
                <RadioGroup.Item value="announcement">Announcement (reaches everyone in the audience)</RadioGroup.Item>
                <RadioGroup.Item value="newsletter">Newsletter (e-mail skips people who unsubscribed)</RadioGroup.Item>
              </RadioGroup.Root>
            </fieldset>
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor="comm-subject" size="2" weight="medium">
                Subject
              </Text>
              <TextField.Root id="comm-subject" name="subject" defaultValue={draft?.subject ?? ""} maxLength={150} aria-invalid={errors.subject ? true : undefined} aria-describedby={errors.subject ? "comm-subject-error" : undefined} />
              <ErrorText id="comm-subject-error" errors={errors.subject} />
            </Flex>
            <Flex direction="column" gap="2">
              <Text id="comm-body-label" size="2" weight="medium">
                Message
              </Text>
              <RichTextEditor name="body" initialHtml={draft?.body ?? ""} labelledBy="comm-body-label" describedBy={`comm-body-hint${errors.body ? " comm-body-error" : ""}`} invalid={Boolean(errors.body)} />
              <Text id="comm-body-hint" size="1" color="gray">
                Formatting: bold, italic, paragraphs, lists, links, headings and quotes. Anything else is removed when saved.
              </Text>
              <ErrorText id="comm-body-error" errors={errors.body} />
            </Flex>
            <AttachmentsPicker initial={(draft?.attachments ?? []).map((f) => ({ path: f.path, name: f.name, bytes: f.bytes }))} errors={fieldError("attachments")} />
            <Heading as="h3" size="3">
              Audience
            </Heading>
            <div className="rc-comm-audience">
              <ChoiceList legend="User groups" name="group_ids" options={options.groups} chosen={groups} onChange={setGroups} empty="No user groups." />
              <ChoiceList legend="Programs (registered participants or their parents)" name="program_ids" options={options.programs} chosen={programs} onChange={setPrograms} empty="No programs yet." />
              <ChoiceList legend="Events (registered participants or their parents)" name="event_ids" options={options.events} chosen={events} onChange={setEvents} empty="No recent or coming events." />
              <ChoiceList legend="Flagged members" name="flag_types" options={FLAG_OPTIONS} chosen={flags} onChange={setFlags} empty="" />
            </div>
            <RecipientPicker chosen={chosen} onChange={setChosen} errorId="comm-people-error" errors={fieldError("user_ids")} />
            <Text size="3" weight="medium" role="status" aria-live="polite" data-testid="audience-count">
              {count === null ? "Counting recipients…" : count === 1 ? "1 recipient" : `${count} recipients`}
            </Text>
            <ErrorText id="comm-audience-error" errors={fieldError("audience")} />
            <fieldset className="rc-comm-fieldset">
              <legend>
                <Text size="2" weight="medium">
                  Channels
                </Text>
              </legend>
              {options.channels.length === 0 ? (
                <Text size="2" color="gray">
                  No sending methods are enabled for this organization (Customize Scoreboard).
                </Text>
              ) : (
                <Flex gap="4" wrap="wrap">
                  {options.channels.map((c) => (
                    <Text as="label" size="2" key={c}>
                      <Flex gap="2" align="center">
                        <input type="checkbox" name="channels" value={c} defaultChecked={draft ? draft.channels.includes(c) : c === "INTERNAL"} />
                        {CHANNEL_LABELS[c] ?? c}
                      </Flex>
                    </Text>
                  ))}
                </Flex>
              )}
              <ErrorText id="comm-channels-error" errors={fieldError("channels")} />
            </fieldset>
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor="comm-send-at" size="2" weight="medium">
                Schedule (optional, {timeZoneLabel})
              </Text>
              <input id="comm-send-at" className="rc-comm-datetime" type="datetime-local" name="send_at_local" aria-describedby="comm-send-at-hint" />
              <Text id="comm-send-at-hint" size="1" color="gray">
                Leave empty to send now.
              </Text>
              <ErrorText id="comm-send-at-error" errors={errors.send_at} />
            </Flex>
            <Flex gap="3" justify="end" wrap="wrap">
              <Button asChild variant="soft" color="gray">
                <RemixLink to={closeHref}>Cancel</RemixLink>
              </Button>
              <Button type="submit" name="intent" value="save" variant="soft" loading={busy}>
                Save Draft
              </Button>
              <Button type="submit" name="intent" value="send" loading={busy}>
                Send
              </Button>
            </Flex>
          </Flex>
        </Form>
      </section>
    </Card>
  );
}
