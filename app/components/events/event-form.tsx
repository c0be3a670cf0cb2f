import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useSchemaForm } from "../use-schema-form";
import { Button, Card, Flex, Grid, Heading, Text, TextArea } from "@radix-ui/themes";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { eventFormSchema } from "#modules/appointments/client";
import { FieldError, FormErrors } from "../forms";
import { CheckboxItem } from "../user-groups/checkbox-item";
import { FieldGroup } from "../user-groups/field-group";
import { TextFieldRow } from "../user-groups/text-field-row";
import type { EventFormActionData, EventFormEvent, EventFormStaff } from "./event-form-types";

const defaultsOf = (e: EventFormEvent | null) =>
  e
    ? {
        name: e.name,
        description: e.description,
        start: e.start,
        end: e.end,
        capacity: e.capacity === null ? "" : String(e.capacity),
        location: e.location,
        coach_ids: e.coach_ids,
        points: String(e.points),
      }
    : { points: "0" };

/**
 * The event form (decision 056): name, description, start and end as the organization's wall-clock times
 * (its zone is named under them), capacity, location, coaches and points; one zod schema here and on the
 * server (`eventFormSchema`), posted to /events. Every field is labelled; errors name the field.
 */
export function EventForm({ event, staff, timeZone, commandId }: { event: EventFormEvent | null; staff: EventFormStaff[]; timeZone: string; commandId: string }) {
  const answer = useActionData<EventFormActionData>();
  const busy = useNavigation().state !== "idle";
  const schema = useMemo(() => eventFormSchema(timeZone, { now: new Date().toISOString() }), [timeZone]);
  const [form, fields] = useSchemaForm(schema, {
    id: event ? `event-${event.id}` : "event-new",
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: defaultsOf(event),
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="event-form-title" data-testid="event-form">
      <input type="hidden" name="intent" value={event ? "update-event" : "create-event"} />
      <input type="hidden" name="command_id" value={commandId} />
      {event ? <input type="hidden" name="id" value={event.id} /> : null}
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5" id="event-form-title">
          {event ? `Edit ${event.name}` : "Create an Event"}
        </Heading>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Card size="2">
          <Flex direction="column" gap="3">
            <TextFieldRow meta={fields.name} label="Name" />
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={fields.description.id} size="2" weight="medium">
                Description
              </Text>
              <TextArea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} />
              <FieldError meta={fields.description} />
            </Flex>
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              <TextFieldRow meta={fields.start} label="Start Date" type={"datetime-local" as "text"} hint={`Time zone: ${timeZone}`} />
              <TextFieldRow meta={fields.end} label="End Date" type={"datetime-local" as "text"} hint="An event lasts at most 31 days" />
              <TextFieldRow meta={fields.capacity} label="Capacity" type="number" hint={event ? `Empty: no limit. ${event.registered_count} registered now` : "Empty: no limit"} />
              <TextFieldRow meta={fields.location} label="Location" />
              <TextFieldRow meta={fields.points} label="Points for attending" type="number" />
            </Grid>
            <FieldGroup legend="Coaches" errorId={fields.coach_ids.errorId} errors={fields.coach_ids.errors}>
              <Grid columns={{ initial: "1", sm: "2" }} gapX="4" gapY="2">
                {staff.map((s) => (
                  <CheckboxItem key={s.id} name={fields.coach_ids.name} value={s.id} label={`${s.name} (${s.role})`} defaultChecked={event?.coach_ids.includes(s.id)} />
                ))}
              </Grid>
            </FieldGroup>
          </Flex>
        </Card>
        <Flex gap="3" justify="end">
          <Button variant="soft" color="gray" asChild>
            <RemixLink to="/events">Cancel</RemixLink>
          </Button>
          <Button type="submit" loading={busy}>
            {event ? "Save Changes" : "Create Event"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
