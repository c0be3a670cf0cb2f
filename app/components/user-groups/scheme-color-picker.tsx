import { Flex } from "@radix-ui/themes";
import { FieldGroup } from "./field-group";
import { ACCENT_CHOICES } from "./options";

/**
 * The scheme's main colour: one radio per accent colour (native inputs, so the choice posts without
 * JavaScript), drawn as swatches. A group whose colour is not one of the 10 keeps it as an extra choice.
 */
export function SchemeColorPicker({ name, defaultValue, errorId, errors }: { name: string; defaultValue: string; errorId: string; errors?: string[] }) {
  const known = ACCENT_CHOICES.some((choice) => choice.hex.toUpperCase() === defaultValue.toUpperCase());
  const choices = known ? ACCENT_CHOICES : [{ name: "Current", hex: defaultValue }, ...ACCENT_CHOICES];
  return (
    <FieldGroup legend="Colour" errorId={errorId} errors={errors}>
      <Flex gap="2" wrap="wrap">
        {choices.map((choice) => (
          <label key={choice.hex} title={`${choice.name} ${choice.hex}`} style={{ position: "relative", cursor: "pointer" }}>
            <input
              type="radio"
              name={name}
              value={choice.hex}
              defaultChecked={choice.hex.toUpperCase() === defaultValue.toUpperCase()}
              aria-label={choice.name}
              className="rollcall-swatch-input"
              style={{ position: "absolute", opacity: 0, width: 1, height: 1 }}
            />
            <span className="rollcall-swatch" style={{ background: choice.hex }} aria-hidden />
          </label>
        ))}
      </Flex>
      <style>{SWATCH_CSS}</style>
    </FieldGroup>
  );
}

const SWATCH_CSS = `
.rollcall-swatch { display: block; width: 28px; height: 28px; border-radius: 50%; box-shadow: inset 0 0 0 1px var(--gray-a6); }
.rollcall-swatch-input:checked + .rollcall-swatch { box-shadow: 0 0 0 2px var(--color-panel-solid), 0 0 0 4px var(--gray-12); }
.rollcall-swatch-input:focus-visible + .rollcall-swatch { outline: 2px solid var(--focus-8); outline-offset: 4px; }
`;
