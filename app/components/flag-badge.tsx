import { Badge } from "@radix-ui/themes";
import { FLAG_COLOR, flagLabel, type FlagType } from "#modules/flags/client";


/** A flag's badge in the one flag language (decision 037): 'Stop flag' solid red, 'Warn flag' soft amber. */
export function FlagBadge({ type, ...rest }: { type: FlagType; ml?: "2"; "data-testid"?: string }) {
  return (
    <Badge color={FLAG_COLOR[type]} variant={type === "stop" ? "solid" : "soft"} {...rest}>
      {flagLabel(type)}
    </Badge>
  );
}
