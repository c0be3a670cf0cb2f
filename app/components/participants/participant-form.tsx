import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "../use-schema-form";
import { Button, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { Form, Link as RemixLink, useActionData, useNavigation } from "@remix-run/react";
import { useMemo, useState } from "react";
import type { RegistrationFieldKey, RegistrationFields } from "#modules/organizations/client";
import {
  BIRTHPLACE_OPTIONS,
  GENDER_OPTIONS,
  HOUSEHOLD_INCOME_OPTIONS,
  HOW_HEARD_OPTIONS,
  PARTICIPANT_FORM_LABELS as L,
  PARTICIPANT_STATUSES,
  participantFormSchema,
  PICK_UP_PERMISSIONS,
  PREFERRED_CONTACT_OPTIONS,
  PROGRAMME_INTEREST_OPTIONS,
  PRONOUN_OPTIONS,
  CANADIAN_PROVINCES,
  US_STATES,
  registrationModeOf,
  YES_NO,
} from "#modules/participants/client";
import { FieldError, FormErrors } from "../forms";
import { SelectRow, selectOptions } from "../user-groups/select-row";
import { TextFieldRow } from "../user-groups/text-field-row";
import { PhotoUploadButton } from "../uploads/photo-upload-button";

/**
 * The participant's photo (decision 065): through the upload flow, registered against the participant and
 * saved at once, apart from the form's fields (as a program's, decision 058). A new participant gets theirs
 * once created.
 */
function ParticipantPhoto({ participant }: { participant: EditedParticipant | null }) {
  const [url, setUrl] = useState(participant?.photo_url ?? null);
  return (
    <Flex direction="column" gap="2" data-testid="participant-photo">
      <Text as="p" size="2" weight="medium">
        Photo
      </Text>
      {participant ? (
        <Flex gap="3" align="center" wrap="wrap">
          {url ? (
            <img src={url} alt={`${participant.full_name}'s photo`} width={96} height={96} style={{ objectFit: "cover", borderRadius: "var(--radius-2)" }} />
          ) : (
            <Text size="2" color="gray">
              No photo yet.
            </Text>
          )}
          <PhotoUploadButton entity="participant" entityId={participant.id} hasPhoto={url !== null} onUploaded={setUrl} />
        </Flex>
      ) : (
        <Text size="2" color="gray">
          Add a photo once the participant is created: open them with Edit.
        </Text>
      )}
    </Flex>
  );
}

export type ParticipantFormActionData = { result: SubmissionResult<string[]> };

/** An existing participant's form values (the edit panel), with its id and name. */
export type EditedParticipant = { id: string; full_name: string; values: Record<string, unknown>; photo_url?: string | null };

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** Checkboxes of one list field (programme interest). */
function CheckboxesRow({ meta, label, choices }: { meta: Meta; label: string; choices: readonly string[] }) {
  const initial = Array.isArray(meta.initialValue) ? (meta.initialValue as string[]) : [];
  return (
    <fieldset className="rc-participant-fieldset" aria-describedby={meta.errors ? meta.errorId : undefined}>
      <legend>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </legend>
      <Flex gap="3" wrap="wrap">
        {choices.map((c) => (
          <Text as="label" size="2" key={c}>
            <Flex gap="1" align="center">
              <input type="checkbox" name={meta.name} value={c} defaultChecked={initial.includes(c)} /> {c}
            </Flex>
          </Text>
        ))}
      </Flex>
      <FieldError meta={meta} />
    </fieldset>
  );
}

/**
 * The participant form (decision 065): the profile's fields as the organization's registration_fields
 * ask for them (hidden ones are not shown; required ones are marked), the status and, for Inactive and
 * Alumni, its reason. One zod schema here and on the server.
 */
export function ParticipantForm({
  participant,
  rules,
  commandId,
  closeHref,
}: {
  participant: EditedParticipant | null;
  rules: { fields?: RegistrationFields; today: string };
  commandId: string;
  closeHref: string;
}) {
  const answer = useActionData<ParticipantFormActionData>();
  const busy = useNavigation().state !== "idle";
  const schema = useMemo(() => participantFormSchema(rules), [rules]);
  const initialStatus = typeof participant?.values.status === "string" ? participant.values.status : "Active";
  const [status, setStatus] = useState<string>(initialStatus);
  const [notApplicable, setNotApplicable] = useState<boolean>(participant?.values.school_not_applicable === "on");
  const [form, fields] = useSchemaForm(schema, {
    id: participant ? `participant-${participant.id}` : "participant-new",
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: (participant?.values ?? { status: "Active", has_epi_pen: "No", has_medications: "No" }) as Record<string, string>,
  });
  const f = fields as unknown as Record<string, Meta>;
  const shown = (key: RegistrationFieldKey) => registrationModeOf(rules.fields, key) !== "hidden";
  const label = (key: RegistrationFieldKey) => (registrationModeOf(rules.fields, key) === "required" ? `${L[key]} (required)` : L[key]);
  const title = participant ? `Edit ${participant.full_name}` : "Create a Participant";
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="participant-form-title" data-testid="participant-form">
      <input type="hidden" name="intent" value={participant ? "update-participant" : "create-participant"} />
      <input type="hidden" name="command_id" value={commandId} />
      {participant ? <input type="hidden" name="id" value={participant.id} /> : null}
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5" id="participant-form-title">
          {title}
        </Heading>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Card size="2">
          <Flex direction="column" gap="3">
            <Heading as="h3" size="3">
              Personal
            </Heading>
            <ParticipantPhoto participant={participant} />
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              <TextFieldRow meta={f.first_name!} label={`${L.first_name} (required)`} />
              <TextFieldRow meta={f.last_name!} label={`${L.last_name} (required)`} />
              <TextFieldRow meta={f.dob!} label={`${L.dob} (required)`} type="date" />
              <SelectRow className="rc-user-select" meta={f.gender!} label={`${L.gender} (required)`} options={selectOptions(GENDER_OPTIONS)} blank="Choose…" />
              {shown("pronouns") ? <SelectRow className="rc-user-select" meta={f.pronouns!} label={label("pronouns")} options={selectOptions(PRONOUN_OPTIONS)} blank="Not given" /> : null}
              {shown("birthplace") ? <SelectRow className="rc-user-select" meta={f.birthplace!} label={label("birthplace")} options={selectOptions(BIRTHPLACE_OPTIONS)} blank="Not given" /> : null}
              {shown("household_income") ? (
                <SelectRow className="rc-user-select" meta={f.household_income!} label={label("household_income")} options={HOUSEHOLD_INCOME_OPTIONS.map((o) => ({ value: o.value, label: `${o.value}: ${o.label}` }))} blank="Not given" />
              ) : null}
              {shown("how_heard") ? <SelectRow className="rc-user-select" meta={f.how_heard!} label={label("how_heard")} options={selectOptions(HOW_HEARD_OPTIONS)} blank="Not given" /> : null}
            </Grid>
            {shown("programme_interest") ? <CheckboxesRow meta={f.programme_interest!} label={label("programme_interest")} choices={PROGRAMME_INTEREST_OPTIONS} /> : null}
          </Flex>
        </Card>
        <Card size="2">
          <Flex direction="column" gap="3">
            <Heading as="h3" size="3">
              Contact
            </Heading>
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              {shown("contact_name") ? <TextFieldRow meta={f.contact_name!} label={label("contact_name")} /> : null}
              {shown("phone_number") ? <TextFieldRow meta={f.phone_number!} label={label("phone_number")} type="tel" /> : null}
              {shown("email") ? <TextFieldRow meta={f.email!} label={label("email")} type="email" /> : null}
              {shown("preferred_contact") ? <SelectRow className="rc-user-select" meta={f.preferred_contact!} label={label("preferred_contact")} options={selectOptions(PREFERRED_CONTACT_OPTIONS)} blank="Not given" /> : null}
              {shown("address") ? <TextFieldRow meta={f.address!} label={label("address")} /> : null}
              {shown("province") ? (
                <SelectRow className="rc-user-select"
                  meta={f.province!}
                  label={label("province")}
                  options={[...selectOptions(CANADIAN_PROVINCES).map((o) => ({ ...o, label: `${o.label} (Canada)` })), ...selectOptions(US_STATES).map((o) => ({ ...o, label: `${o.label} (USA)` }))]}
                  blank="Not given"
                />
              ) : null}
              {shown("postal_code") ? <TextFieldRow meta={f.postal_code!} label={label("postal_code")} hint="A1A 1A1 in Canada, 12345 in the United States" /> : null}
            </Grid>
          </Flex>
        </Card>
        <Card size="2">
          <Flex direction="column" gap="3">
            <Heading as="h3" size="3">
              School, health and pick-up
            </Heading>
            {shown("school_name") ? (
              <Grid columns={{ initial: "1", sm: "2" }} gap="3" align="end">
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <input type="checkbox" name={f.school_not_applicable!.name} defaultChecked={notApplicable} onChange={(e) => setNotApplicable(e.target.checked)} /> School does not apply
                  </Flex>
                </Text>
                {notApplicable ? null : <TextFieldRow meta={f.school_name!} label={label("school_name")} />}
              </Grid>
            ) : null}
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              {shown("medical_conditions") ? <TextFieldRow meta={f.medical_conditions!} label={label("medical_conditions")} hint="Separate them with commas" /> : null}
              <SelectRow className="rc-user-select" meta={f.has_epi_pen!} label={L.has_epi_pen} options={selectOptions(YES_NO)} />
              <SelectRow className="rc-user-select" meta={f.has_medications!} label={L.has_medications} options={selectOptions(YES_NO)} />
              <SelectRow className="rc-user-select" meta={f.pick_up_permission!} label={`${L.pick_up_permission} (required)`} options={selectOptions(PICK_UP_PERMISSIONS)} blank="Choose…" />
            </Grid>
          </Flex>
        </Card>
        <Card size="2">
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <SelectRow className="rc-user-select" meta={f.status!} label={L.status} options={selectOptions(PARTICIPANT_STATUSES)} onChange={setStatus} />
            {status === "Active" ? null : <TextFieldRow meta={f.status_reason!} label={`${L.status_reason} (required)`} hint={`Why this participant is ${status}: shown in the list.`} />}
          </Grid>
        </Card>
        <Flex gap="3" justify="end">
          <Button variant="soft" color="gray" asChild>
            <RemixLink to={closeHref} preventScrollReset>
              Cancel
            </RemixLink>
          </Button>
          <Button type="submit" loading={busy}>
            {participant ? "Save Changes" : "Create Participant"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
