import { Box, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A group of inputs under one legend (radios, checkboxes, swatches), with the group's first error. */
export function FieldGroup({ legend, errorId, errors, children }: { legend: string; errorId?: string; errors?: string[]; children: ReactNode }) {
  const invalid = Boolean(errors?.length);
  return (
    <Box asChild>
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-describedby={invalid ? errorId : undefined}>
        <Text as="div" size="2" weight="medium" mb="1" asChild>
          <legend style={{ padding: 0 }}>{legend}</legend>
        </Text>
        {children}
        <FieldError id={errorId} errors={errors} />
      </fieldset>
    </Box>
  );
}

export function FieldError({ id, errors }: { id?: string; errors?: string[] }) {
  return errors?.length ? (
    <Text as="p" id={id} size="1" color="red" mt="1">
      {errors[0]}
    </Text>
  ) : null;
}
