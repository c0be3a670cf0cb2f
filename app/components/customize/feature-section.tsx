import { Box, Card, Flex, Grid, Heading } from "@radix-ui/themes";
import { useState, type ReactNode } from "react";
import { SENDING_METHODS } from "#modules/organizations/client";
import { CheckboxItem } from "../user-groups/checkbox-item";
import { FieldGroup } from "../user-groups/field-group";
import { SwitchField } from "./switch-field";

/** One feature: its is_enabled switch, and its own fields shown while it is on (kept in the form while off). */
export function FeatureSection({ name, title, description, defaultEnabled, children }: { name: string; title: string; description: string; defaultEnabled: boolean; children?: ReactNode }) {
  const [enabled, setEnabled] = useState(defaultEnabled);
  return (
    <Card>
      <SwitchField name={name} label={title} description={description} checked={enabled} onCheckedChange={setEnabled} />
      {children ? (
        // display, not the hidden attribute: Box's own display rule would win over [hidden]
        <Box mt="4" data-feature-fields={name} style={enabled ? undefined : { display: "none" }}>
          {children}
        </Box>
      ) : null}
    </Card>
  );
}

const METHOD_LABELS: Record<(typeof SENDING_METHODS)[number], string> = { INTERNAL: "Internal", SMS: "SMS", EMAIL: "E-mail" };

/** The communication feature's sending methods (INTERNAL, SMS, EMAIL). */
export function SendingMethods({ name, defaultValue, errors }: { name: string; defaultValue: readonly string[]; errors?: string[] }) {
  return (
    <FieldGroup legend="Sending Methods" errors={errors}>
      <Flex gap="4">
        {SENDING_METHODS.map((method) => (
          <CheckboxItem key={method} name={name} value={method} defaultChecked={defaultValue.includes(method)} label={METHOD_LABELS[method]} />
        ))}
      </Flex>
    </FieldGroup>
  );
}

export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="3">
        {title}
      </Heading>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        {children}
      </Grid>
    </Card>
  );
}
