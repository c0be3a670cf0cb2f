import { getFormProps } from "@conform-to/react";
import { useSchemaForm } from "../use-schema-form";
import { Box, Button, Callout, Card, Flex, Heading } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { organizationSettingsSchema, type OrganizationSettings, type TimeZoneOption } from "#modules/organizations/client";
import { TextFieldRow } from "../user-groups/text-field-row";
import type { Notice } from "../user-groups/types";
import { FeatureFields } from "./feature-fields";
import { RegistrationFieldsSection } from "./registration-fields";
import { SectionCard } from "./feature-section";
import { settingsFormSchema, UNEDITED_SETTINGS } from "./settings-form-schema";
import { SimpleSwitch, SwitchField } from "./switch-field";
import { TimeZoneField } from "./time-zone-field";
import type { CustomizeActionData } from "./types";


/**
 * The organization settings (spec-1 section 3) with the rules of section 5: conform in the browser and
 * the same schema in the action; errors read '{Label} is required' beside their fields. The whole
 * settings object posts: what this page does not edit rides along in hidden inputs.
 */
export function OrganizationSettingsForm({ settings, timeZones, onDone }: { settings: OrganizationSettings; timeZones: readonly TimeZoneOption[]; onDone: (notice: Notice) => void }) {
  const fetcher = useFetcher<CustomizeActionData>();
  const [form, fields] = useSchemaForm(settingsFormSchema, {
    id: "organization-settings",
    lastResult: fetcher.data?.result,
    constraintOf: organizationSettingsSchema,
    defaultValue: settings,
    coerce: false,
  });
  const notice = fetcher.state === "idle" ? fetcher.data?.notice : undefined;
  useEffect(() => {
    if (notice) onDone(notice);
  }, [notice, onDone]);
  const [socialFeed, setSocialFeed] = useState(settings.is_social_feed);
  const address = fields.address.getFieldset();

  return (
    <fetcher.Form method="post" {...getFormProps(form)} aria-labelledby="settings-heading">
      <input type="hidden" name="intent" value="settings" />
      {UNEDITED_SETTINGS.map((key) => (
        <input key={key} type="hidden" name={key} value={settings[key]} />
      ))}
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5" id="settings-heading">
          Organization Settings
        </Heading>
        {form.errors?.length ? (
          <Callout.Root color="red" role="alert" id={form.errorId}>
            <Callout.Text>{form.errors[0]}</Callout.Text>
          </Callout.Root>
        ) : null}
        <SectionCard title="Organization">
          <TextFieldRow meta={fields.name} label="Name" />
          <TextFieldRow meta={fields.school_option} label="School Option" />
          <TextFieldRow meta={fields.phone_number} label="Phone Number" type="tel" />
          <TextFieldRow meta={fields.email} label="Email" type="email" />
          <TextFieldRow meta={fields.support_email} label="Support Email" type="email" hint="Shown in the 'Get In Touch' dialog." />
          <TimeZoneField meta={fields.time_zone} options={timeZones} />
        </SectionCard>
        <SectionCard title="Address">
          <TextFieldRow meta={address.street_address} label="Street Address" />
          <TextFieldRow meta={address.unit} label="Unit" />
          <TextFieldRow meta={address.address} label="Address (second line)" />
          <TextFieldRow meta={address.city} label="City" />
          <TextFieldRow meta={address.state} label="State" hint="Province, territory or state." />
          <TextFieldRow meta={address.postal_code} label="Postal Code" />
        </SectionCard>
        <Card size="2">
          <Heading as="h2" size="4" mb="3">
            Switches
          </Heading>
          <Flex direction="column" gap="3">
            <SimpleSwitch
              name={fields.is_daily_screening_form.name}
              label="Daily Screening Form"
              description="Members fill in the daily health screening before they check in."
              defaultChecked={settings.is_daily_screening_form}
            />
            <SimpleSwitch
              name={fields.is_member_check_in_or_out.name}
              label="Member Check In/Out"
              description="Staff check members in and out from the sidebar."
              defaultChecked={settings.is_member_check_in_or_out}
            />
            <SimpleSwitch
              name={fields.is_security_codes.name}
              label="Security Codes and Tags"
              description="Each child checked in gets a 4-character code, printed on a name tag and on the adult's claim tag; the kiosk asks for it at check-out."
              defaultChecked={settings.is_security_codes}
            />
            <SwitchField name={fields.is_social_feed.name} label="Social Feed" description="Show the organization's social feed." checked={socialFeed} onCheckedChange={setSocialFeed} />
            <Box pl="7" style={socialFeed ? undefined : { display: "none" }}>
              <TextFieldRow meta={fields.social_feed} label="Social Feed Link" />
            </Box>
          </Flex>
        </Card>
        <FeatureFields meta={fields.features} settings={settings.features} />
        <RegistrationFieldsSection meta={fields.registration_fields} value={settings.registration_fields} />
        <Flex justify="end">
          <Button type="submit" size="3" loading={fetcher.state !== "idle"}>
            Save Settings
          </Button>
        </Flex>
      </Flex>
    </fetcher.Form>
  );
}
