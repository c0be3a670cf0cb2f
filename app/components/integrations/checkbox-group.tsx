import { Flex, Text } from "@radix-ui/themes";
import type { FieldMetadata } from "@conform-to/react";
import { FieldError } from "../forms";

/** A labelled group of native checkboxes posting one field as a list (conform reads repeated names as an array). */
export function CheckboxGroup<T>({ meta, legend, options }: { meta: FieldMetadata<T, Record<string, unknown>, string[]>; legend: string; options: readonly { value: string; label: string }[] }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
      <legend style={{ padding: 0, marginBottom: "var(--space-1)", fontSize: "var(--font-size-2)", fontWeight: "var(--font-weight-medium)" }}>{legend}</legend>
      <Flex wrap="wrap" gap="3">
        {options.map((option) => (
          <Text as="label" size="2" key={option.value}>
            <Flex gap="1" align="center">
              <input type="checkbox" name={meta.name} value={option.value} />
              {option.label}
            </Flex>
          </Text>
        ))}
      </Flex>
      <FieldError meta={meta} />
    </fieldset>
  );
}
