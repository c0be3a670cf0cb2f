import { Badge } from "@radix-ui/themes";

/** A green / red badge for one yes-or-no health fact. */
export function StatusBadge({ ok, okLabel = "OK", downLabel = "Down" }: { ok: boolean; okLabel?: string; downLabel?: string }) {
  return (
    <Badge color={ok ? "green" : "red"} variant="soft" size="2">
      {ok ? okLabel : downLabel}
    </Badge>
  );
}
