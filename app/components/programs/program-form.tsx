import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useSchemaForm } from "../use-schema-form";
import { Button, Card, Flex, Grid, Heading, IconButton, Text, TextArea } from "@radix-ui/themes";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { useMemo, useState, type ReactNode } from "react";
import { ACTIVITY_TYPES, PROGRAM_GENDERS, PROGRAM_TYPE_LABELS, PROGRAM_TYPES, WEEKDAY_NAMES, programFormSchema, type ProgramRules } from "#modules/programs/client";
import { FieldError, FormErrors } from "../forms";
import { CheckboxItem } from "../user-groups/checkbox-item";
import { FieldGroup } from "../user-groups/field-group";
import { SelectRow } from "../user-groups/select-row";
import { TextFieldRow } from "../user-groups/text-field-row";
import type { BuilderActionData, EditedProgram, StaffOption } from "./builder-types";
import { ProgramPhoto } from "./program-photo";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="2">
      <Heading as="h2" size="3" mb="3">
        {title}
      </Heading>
      <Flex direction="column" gap="3">
        {children}
      </Flex>
    </Card>
  );
}

const defaultsOf = (p: EditedProgram | null) =>
  p
    ? {
        name: p.name,
        description: p.description,
        type: p.type,
        activity_type: p.activity_type,
        category_type: p.category_type,
        age_category: p.age_category,
        age_min: p.age_min === null ? "" : String(p.age_min),
        age_max: p.age_max === null ? "" : String(p.age_max),
        genders: p.genders,
        members_limit: p.members_limit === null ? "" : String(p.members_limit),
        waitlist: p.waitlist ? "true" : "false",
        start_date: p.start_date,
        end_date: p.end_date,
        sessions: p.sessions.map((s) => ({ week_day: String(s.week_day), start_time: s.start_time, end_time: s.end_time })),
        location: p.location ?? "",
        coach_ids: p.coach_ids,
        points_per_session: String(p.points_per_session),
      }
    : { type: "registered", waitlist: "true", points_per_session: "0", sessions: [{ week_day: "2", start_time: "15:30", end_time: "17:00" }] };

/**
 * The program builder's form (decision 049): one zod schema with the organization's rules here and on the
 * server (`programFormSchema`), posted to the page's action. Every field is labelled, errors name the field.
 */
export function ProgramForm({ program, photoUrl = null, staff, rules, commandId }: { program: EditedProgram | null; photoUrl?: string | null; staff: StaffOption[]; rules: ProgramRules; commandId: string }) {
  const result = useActionData<BuilderActionData>();
  const busy = useNavigation().state !== "idle";
  const schema = useMemo(() => programFormSchema(rules), [rules]);
  const [form, fields] = useSchemaForm(schema, {
    id: program ? `program-${program.id}` : "program-new",
    lastResult: result && "result" in result ? result.result : undefined,
    defaultValue: defaultsOf(program),
  });
  const sessions = fields.sessions.getFieldList();
  const [days] = useState(() => WEEKDAY_NAMES.map((name, i) => ({ value: String(i), label: name })).filter((d) => !(d.value === "6" && rules.hasSaturday === false) && !(d.value === "0" && rules.hasSunday === false)));
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="program-form-title" data-testid="program-form">
      <input type="hidden" name="intent" value={program ? "update" : "create"} />
      <input type="hidden" name="command_id" value={commandId} />
      {program ? <input type="hidden" name="id" value={program.id} /> : null}
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5" id="program-form-title">
          {program ? `Edit ${program.name}` : "Build a Program"}
        </Heading>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Section title="About">
          <TextFieldRow meta={fields.name} label="Name" />
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor={fields.description.id} size="2" weight="medium">
              Description
            </Text>
            <TextArea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} />
            <FieldError meta={fields.description} />
          </Flex>
          <ProgramPhoto program={program} photoUrl={photoUrl} />
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <SelectRow className="rc-native-select" meta={fields.type} label="Type" options={PROGRAM_TYPES.map((t) => ({ value: t, label: PROGRAM_TYPE_LABELS[t] }))} />
            <SelectRow className="rc-native-select" meta={fields.activity_type} label="Activity Type" blank="Choose an activity type" options={ACTIVITY_TYPES.map((a) => ({ value: a, label: a }))} />
            <TextFieldRow meta={fields.category_type} label="Category Type" />
            <TextFieldRow meta={fields.location} label="Location" />
          </Grid>
        </Section>
        <Section title="Who may join">
          <Grid columns={{ initial: "1", sm: "3" }} gap="3">
            <TextFieldRow meta={fields.age_category} label="Age Category" />
            <TextFieldRow meta={fields.age_min} label="Age Min" type="number" />
            <TextFieldRow meta={fields.age_max} label="Age Max" type="number" />
          </Grid>
          <FieldGroup legend="Genders (none: everyone)" errorId={fields.genders.errorId} errors={fields.genders.errors}>
            <Grid columns={{ initial: "2", sm: "4" }} gapX="4" gapY="2">
              {PROGRAM_GENDERS.map((g) => (
                <CheckboxItem key={g} name={fields.genders.name} value={g} label={g} defaultChecked={program?.genders.includes(g)} />
              ))}
            </Grid>
          </FieldGroup>
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <TextFieldRow meta={fields.members_limit} label="Members Limit" type="number" hint="Empty: no limit" />
            <SelectRow className="rc-native-select"
              meta={fields.waitlist}
              label="When full"
              options={[
                { value: "true", label: "Keep a waitlist" },
                { value: "false", label: "Refuse new registrations" },
              ]}
            />
          </Grid>
        </Section>
        <Section title="When">
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <TextFieldRow meta={fields.start_date} label="Start Date" type="date" hint={rules.cycleStart && rules.cycleEnd ? `Within the program cycle, ${rules.cycleStart} to ${rules.cycleEnd}` : undefined} />
            <TextFieldRow meta={fields.end_date} label="End Date" type="date" />
          </Grid>
          <FieldGroup legend="Weekly sessions" errorId={fields.sessions.errorId} errors={fields.sessions.errors}>
            <Flex direction="column" gap="2">
              {sessions.map((session, index) => {
                const s = session.getFieldset();
                return (
                  <Flex key={session.key} gap="2" align="end" wrap="wrap" data-testid="program-session">
                    <SelectRow className="rc-native-select" meta={s.week_day} label={`Session ${index + 1} day`} options={days} />
                    <TextFieldRow meta={s.start_time} label="Start Time" type={"time" as "text"} />
                    <TextFieldRow meta={s.end_time} label="End Time" type={"time" as "text"} />
                    <IconButton
                      type="button"
                      variant="soft"
                      color="gray"
                      aria-label={`Remove session ${index + 1}`}
                      disabled={sessions.length === 1}
                      {...form.remove.getButtonProps({ name: fields.sessions.name, index })}
                    >
                      ✕
                    </IconButton>
                  </Flex>
                );
              })}
              <Button type="button" variant="soft" {...form.insert.getButtonProps({ name: fields.sessions.name, defaultValue: { week_day: "2", start_time: "15:30", end_time: "17:00" } })}>
                Add Session
              </Button>
            </Flex>
          </FieldGroup>
        </Section>
        <Section title="Coaches and points">
          <FieldGroup legend="Coaches" errorId={fields.coach_ids.errorId} errors={fields.coach_ids.errors}>
            <Grid columns={{ initial: "1", sm: "2" }} gapX="4" gapY="2">
              {staff.map((s) => (
                <CheckboxItem key={s.id} name={fields.coach_ids.name} value={s.id} label={`${s.name} (${s.role})`} defaultChecked={program?.coach_ids.includes(s.id)} />
              ))}
            </Grid>
          </FieldGroup>
          <TextFieldRow meta={fields.points_per_session} label="Points per attended session" type="number" />
        </Section>
        <Flex gap="3" justify="end">
          <Button variant="soft" color="gray" asChild>
            <RemixLink to="/program-builder">Cancel</RemixLink>
          </Button>
          <Button type="submit" loading={busy}>
            {program ? "Save Changes" : "Build Program"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}


