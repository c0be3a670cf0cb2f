import type { FieldMetadata } from "@conform-to/react";
import { Card, Flex, Grid, Heading, RadioGroup, Text } from "@radix-ui/themes";
import {
  REGISTRATION_FIELD_KEYS,
  REGISTRATION_FIELD_LABELS,
  REGISTRATION_FIELD_MODE_LABELS,
  REGISTRATION_FIELD_MODES,
  type OrganizationSettingsInput,
  type RegistrationFields,
} from "#modules/organizations/client";
import { registrationModeOf } from "#modules/participants/client";

type Props = {
  meta: FieldMetadata<OrganizationSettingsInput["registration_fields"], OrganizationSettingsInput, string[]>;
  /** the organization's registration_fields as stored (absent: every field at its default) */
  value: RegistrationFields | undefined;
};

const HINTS: Partial<Record<(typeof REGISTRATION_FIELD_KEYS)[number], string>> = {
  school_name: "Required means required unless 'School does not apply' is ticked.",
};

/**
 * spec-1 section 3's registration_fields (decision 070): for each optional field of the participant form,
 * Hidden, Optional or Required, as a radio group in a fieldset named by the field. Every field posts its mode
 * (registration_fields.email=required), so what the page shows is what is stored.
 */
export function RegistrationFieldsSection({ meta, value }: Props) {
  const fields = meta.getFieldset();
  return (
    <Card size="2" asChild>
      <section aria-labelledby="registration-fields-heading">
        <Heading as="h2" size="4" mb="1" id="registration-fields-heading">
          Registration Fields
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          Which fields the participant form asks for, and which must be filled in. First and last name, date of birth, gender and pick-up permission are always asked and required.
        </Text>
        {meta.errors?.length ? (
          <Text as="p" size="2" color="red" mb="2" id={meta.errorId} role="alert">
            {meta.errors[0]}
          </Text>
        ) : null}
        <Grid columns={{ initial: "1", sm: "2" }} gapX="5" gapY="4">
          {REGISTRATION_FIELD_KEYS.map((key) => {
            const field = fields[key];
            const hint = HINTS[key];
            const invalid = Boolean(field.errors?.length);
            return (
              // a fieldset and its legend name each group (not aria-labelledby: the field names would then
              // also label these groups, beside the address inputs of the same names on this page)
              <fieldset key={key} data-registration-field={key} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
                <Text as="div" size="2" weight="medium" mb="1" asChild>
                  <legend style={{ padding: 0 }}>{REGISTRATION_FIELD_LABELS[key]}</legend>
                </Text>
                <RadioGroup.Root
                  name={field.name}
                  defaultValue={registrationModeOf(value, key)}
                  aria-describedby={[hint ? `${field.id}-hint` : "", invalid ? field.errorId : ""].filter(Boolean).join(" ") || undefined}
                  aria-invalid={invalid || undefined}
                  orientation="horizontal"
                  size="2"
                >
                  <Flex gap="4" wrap="wrap">
                    {REGISTRATION_FIELD_MODES.map((mode) => (
                      <RadioGroup.Item key={mode} value={mode}>
                        {REGISTRATION_FIELD_MODE_LABELS[mode]}
                      </RadioGroup.Item>
                    ))}
                  </Flex>
                </RadioGroup.Root>
                {hint ? (
                  <Text as="p" size="1" color="gray" mt="1" id={`${field.id}-hint`}>
                    {hint}
                  </Text>
                ) : null}
                {invalid ? (
                  <Text as="p" size="1" color="red" mt="1" id={field.errorId}>
                    {field.errors![0]}
                  </Text>
                ) : null}
              </fieldset>
            );
          })}
        </Grid>
      </section>
    </Card>
  );
}
