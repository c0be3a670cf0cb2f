import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Flex, Text } from "@radix-ui/themes";
import type { TimeZoneOption } from "#modules/organizations/client";
import { FieldError } from "../forms";

const GROUPS = ["Canada and the United States", "Other time zones"] as const;

/**
 * 'Time Zone' (decision 032): a native select (keyboard, screen readers and type-to-find work as the
 * platform does), the zones of Canada and the United States first, then every other zone. The options
 * come from the loader, so the server's and the browser's lists never differ on hydration.
 */
export function TimeZoneField<T, F extends Record<string, unknown>>({ meta, options }: { meta: FieldMetadata<T, F, string[]>; options: readonly TimeZoneOption[] }) {
  const { key, ...selectProps } = getSelectProps(meta);
  const hintId = `${meta.id}-hint`;
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={meta.id} size="2" weight="medium">
        Time Zone
      </Text>
      <select
        key={key}
        {...selectProps}
        aria-describedby={[hintId, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ")}
        className="rt-reset"
        style={{
          font: "inherit",
          fontSize: "var(--font-size-2)",
          height: "var(--space-6)",
          padding: "0 var(--space-2)",
          borderRadius: "var(--radius-2)",
          border: "1px solid var(--gray-a7)",
          background: "var(--color-surface)",
          color: "var(--gray-12)",
        }}
      >
        {GROUPS.map((group) => (
          <optgroup key={group} label={group}>
            {options
              .filter((o) => o.group === group)
              .map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <Text id={hintId} size="1" color="gray">
        &quot;Today&quot; on the check-in board and the kiosk, the daily screening, programs and the dates in exports follow this zone.
      </Text>
      <FieldError meta={meta} />
    </Flex>
  );
}
