import { Flex, Text } from "@radix-ui/themes";
import type { InputHTMLAttributes } from "react";

/**
 * A native checkbox with its label, in the theme's accent colour: it posts without JavaScript and fires
 * the input events conform revalidates on (a Radix checkbox only mirrors itself into a hidden input).
 */
export function CheckboxItem({ label, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: string }) {
  return (
    <Text as="label" size="2">
      <Flex gap="2" align="center">
        <input type="checkbox" {...props} style={{ width: 16, height: 16, margin: 0, flexShrink: 0, accentColor: "var(--accent-9)" }} />
        {label}
      </Flex>
    </Text>
  );
}
