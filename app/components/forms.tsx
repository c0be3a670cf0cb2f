import { Callout, Flex, Text, TextField } from "@radix-ui/themes";
import { useId, type ComponentProps } from "react";
import { ErrorIcon } from "./icons";

type InputProps = Omit<ComponentProps<typeof TextField.Root>, "children"> & { key?: string | null };

/** A labelled text input for conform's `getInputProps`, with its errors under it (linked by aria-describedby). */
export function Field({ label, inputProps, errors, hint }: { label: string; inputProps: InputProps; errors?: string[]; hint?: string }) {
  const fallbackId = useId();
  const { key, id = fallbackId, ...rest } = inputProps;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        key={key ?? undefined}
        id={id}
        size="3"
        {...rest}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      {errorId ? (
        <Text id={errorId} size="1" color="red" role="alert">
          {errors!.join(" ")}
        </Text>
      ) : null}
    </Flex>
  );
}

/** The form-level errors of a submission (e.g. 'Incorrect username or password.'). */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <Callout.Root id={id} color="red" role="alert">
      <Callout.Icon>
        <ErrorIcon />
      </Callout.Icon>
      <Callout.Text>{errors.join(" ")}</Callout.Text>
    </Callout.Root>
  );
}

/** A conform field's first error under its input, with the id the input's aria-describedby names. */
export function FieldError({ meta }: { meta: { errorId: string; errors?: string[] } }) {
  if (!meta.errors?.length) return null;
  return (
    <Text id={meta.errorId} size="1" color="red">
      {meta.errors[0]}
    </Text>
  );
}
