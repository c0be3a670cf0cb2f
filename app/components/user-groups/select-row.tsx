import type { FieldMetadata } from "@conform-to/react";
import { Flex, Text } from "@radix-ui/themes";
import { FieldError } from "../forms";

export type SelectOption = { value: string; label: string };

/** Choices of plain strings, each its own label. */
export const selectOptions = (values: readonly string[]): SelectOption[] => values.map((v) => ({ value: v, label: v }));

/**
 * A labelled native select bound to a conform field, with the field's first error under it: it posts
 * without JavaScript, and conform revalidates on its input. `blank` adds an empty first choice; `className`
 * is the page's select style (its stylesheet is the route's).
 */
export function SelectRow<T>({
  meta,
  label,
  options,
  blank,
  className,
  onChange,
}: {
  meta: FieldMetadata<T, Record<string, unknown>, string[]>;
  label: string;
  options: readonly SelectOption[];
  blank?: string;
  className: string;
  onChange?: (value: string) => void;
}) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={meta.id} size="2" weight="medium">
        {label}
      </Text>
      <select
        id={meta.id}
        name={meta.name}
        key={meta.key}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : ""}
        aria-invalid={meta.errors ? true : undefined}
        aria-describedby={meta.errors ? meta.errorId : undefined}
        className={className}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
      >
        {blank !== undefined ? <option value="">{blank}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError meta={meta} />
    </Flex>
  );
}
