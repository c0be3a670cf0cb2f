import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import type { z } from "zod";

/**
 * A conform form checked by its zod schema, the house's way: the browser checks on submit, then again
 * on each keystroke of a field already shown wrong; the server's answer (`lastResult`) shows its errors
 * in the same places. `coerce: false` keeps every value a string (a form that coerces itself).
 * `constraintOf` names the schema whose rules the browser's own checks take, when it is not the one parsing.
 */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<S>>;
    coerce?: false;
    /** the browser's checks (required, lengths) from another schema than the one that parses */
    constraintOf?: z.ZodType;
  },
) {
  const { constraintOf = schema } = options;
  const constraint = useMemo(() => getZodConstraint(constraintOf), [constraintOf]);
  return useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: options.coerce === false }),
  });
}
