import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Flex, Text, TextField } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { FieldError } from "../forms";

type InputType = "text" | "email" | "tel" | "url" | "number" | "date" | "password";

/** A labelled text input bound to a conform field, with the field's first error under it. */
export function TextFieldRow<T>({
  meta,
  label,
  type = "text",
  hint,
  step,
}: {
  meta: FieldMetadata<T, Record<string, unknown>, string[]>;
  label: string;
  type?: InputType;
  hint?: ReactNode;
  step?: string;
}) {
  const { key, ...inputProps } = getInputProps(meta, { type });
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={meta.id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root key={key} {...inputProps} step={step} />
      {hint ? (
        <Text size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <FieldError meta={meta} />
    </Flex>
  );
}
