import { Checkbox, Flex, Text } from "@radix-ui/themes";
import type { Option } from "./types";

/** A labelled group of checkboxes, each a hidden-free native checkbox named `name` (so the form posts them). */
export function ChoiceList({ legend, name, options, chosen, onChange, empty }: { legend: string; name: string; options: Option[]; chosen: string[]; onChange: (next: string[]) => void; empty: string }) {
  return (
    <fieldset className="rc-comm-fieldset">
      <legend>
        <Text size="2" weight="medium">
          {legend}
        </Text>
      </legend>
      {options.length === 0 ? (
        <Text size="2" color="gray">
          {empty}
        </Text>
      ) : (
        <Flex direction="column" gap="1" className="rc-comm-choices">
          {options.map((o) => (
            <Text as="label" size="2" key={o.id}>
              <Flex gap="2" align="center">
                <Checkbox
                  name={name}
                  value={o.id}
                  checked={chosen.includes(o.id)}
                  onCheckedChange={(on) => onChange(on === true ? [...chosen, o.id] : chosen.filter((c) => c !== o.id))}
                />
                {o.label}
              </Flex>
            </Text>
          ))}
        </Flex>
      )}
    </fieldset>
  );
}
