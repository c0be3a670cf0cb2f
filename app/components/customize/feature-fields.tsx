import type { FieldMetadata } from "@conform-to/react";
import { Flex, Grid, Heading, Text } from "@radix-ui/themes";
import type { OrganizationSettings, OrganizationSettingsInput } from "#modules/organizations/client";
import { TextFieldRow } from "../user-groups/text-field-row";
import { FeatureSection, SendingMethods } from "./feature-section";
import { SimpleSwitch } from "./switch-field";

type Props = {
  meta: FieldMetadata<OrganizationSettingsInput["features"], OrganizationSettingsInput, string[]>;
  settings: OrganizationSettings["features"];
};

/** The features object (spec-1 section 3): one switch each, and each feature's fields while it is on. */
export function FeatureFields({ meta, settings }: Props) {
  const f = meta.getFieldset();
  const communication = f.communication.getFieldset();
  const report = f.report.getFieldset();
  const program = f.program.getFieldset();
  const event = f.event.getFieldset();
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        Features
      </Heading>
      <FeatureSection
        name={f.program_builder.getFieldset().is_enabled.name}
        title="Program Builder"
        description="Build programs from sessions."
        defaultEnabled={settings.program_builder.is_enabled}
      />
      <FeatureSection name={communication.is_enabled.name} title="Communication" description="Send messages to members." defaultEnabled={settings.communication.is_enabled}>
        <SendingMethods name={communication.sending_methods.name} defaultValue={settings.communication.sending_methods} errors={communication.sending_methods.errors} />
      </FeatureSection>
      <FeatureSection name={report.is_enabled.name} title="Reports" description="Embedded dashboards in the sidebar." defaultEnabled={settings.report.is_enabled}>
        <Flex direction="column" gap="3">
          {report.nav.getFieldList().map((entry, index) => {
            const nav = entry.getFieldset();
            return (
              <Grid key={entry.key} columns={{ initial: "1", sm: "2" }} gap="3">
                <TextFieldRow meta={nav.title} label={`Report ${index + 1} Title`} />
                <TextFieldRow meta={nav.tableau_link} label={`Report ${index + 1} Tableau Link`} type="url" />
              </Grid>
            );
          })}
          <Grid columns={{ initial: "1", sm: "2" }} gap="3">
            <TextFieldRow meta={report.client_id} label="Client ID" />
            <TextFieldRow meta={report.user_email} label="User Email" type="email" />
            <TextFieldRow meta={report.audience} label="Audience" />
            <TextFieldRow meta={report.scope} label="Scope" />
            <TextFieldRow meta={report.algorithm} label="Algorithm" />
            <TextFieldRow meta={report.secret_id} label="Secret ID" />
            <TextFieldRow meta={report.secret_value} label="Secret Value" type="password" />
          </Grid>
        </Flex>
      </FeatureSection>
      <FeatureSection name={program.is_enabled.name} title="Programs" description="Program registration and schedule." defaultEnabled={settings.program.is_enabled}>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <TextFieldRow meta={program.program_cycle_start} label="Program Cycle Start" type="date" />
          <TextFieldRow meta={program.program_cycle_end} label="Program Cycle End" type="date" />
          <TextFieldRow meta={program.program_schedule_start} label="Schedule Start (hour)" type="number" step="0.5" />
          <TextFieldRow meta={program.program_schedule_end} label="Schedule End (hour)" type="number" step="0.5" />
          <TextFieldRow meta={program.register_subtitle} label="Register Subtitle" />
          <TextFieldRow meta={program.max_no_of_programs} label="Max No. of Programs" type="number" step="1" />
          <SimpleSwitch name={program.has_saturday.name} label="Saturday" description="Programs run on Saturdays." defaultChecked={settings.program.has_saturday} />
          <SimpleSwitch name={program.has_sunday.name} label="Sunday" description="Programs run on Sundays." defaultChecked={settings.program.has_sunday} />
        </Grid>
      </FeatureSection>
      <FeatureSection name={event.is_enabled.name} title="Events" description="Event registration." defaultEnabled={settings.event.is_enabled}>
        <TextFieldRow meta={event.event_subtitle} label="Event Subtitle" />
      </FeatureSection>
      <FeatureSection
        name={f.document.getFieldset().is_enabled.name}
        title="Documents"
        description="Documents for members."
        defaultEnabled={settings.document.is_enabled}
      />
      <Text size="1" color="gray">
        A feature&apos;s details are kept while it is off.
      </Text>
    </Flex>
  );
}
