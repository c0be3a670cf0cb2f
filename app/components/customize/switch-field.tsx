import { Flex, Switch, Text } from "@radix-ui/themes";
import { useState } from "react";

type Props = { name: string; label: string; description?: string; checked: boolean; onCheckedChange: (checked: boolean) => void };

/** A switch that posts "on" or "off" under `name` (see settings-form-schema.ts), controlled by its parent. */
export function SwitchField({ name, label, description, checked, onCheckedChange }: Props) {
  return (
    <Text as="label" size="2">
      <Flex gap="3" align="start">
        <Switch checked={checked} onCheckedChange={onCheckedChange} mt="1px" />
        <Flex direction="column">
          <Text weight="medium">{label}</Text>
          {description ? <Text color="gray">{description}</Text> : null}
        </Flex>
      </Flex>
      <input type="hidden" name={name} value={checked ? "on" : "off"} />
    </Text>
  );
}

/** A switch that keeps its own state. */
export function SimpleSwitch({ defaultChecked, ...props }: Omit<Props, "checked" | "onCheckedChange"> & { defaultChecked: boolean }) {
  const [checked, setChecked] = useState(defaultChecked);
  return <SwitchField {...props} checked={checked} onCheckedChange={setChecked} />;
}
