import { Text } from "@radix-ui/themes";
import { useId, type ReactNode, type RefObject } from "react";
import { KIOSK_TEXT, MEMBER_ID_LENGTH } from "#modules/check-in/client";
import type { Scanner } from "./use-scanner";

type Props = { scanner: Scanner; prompt: ReactNode; autoFocus?: boolean; inputRef?: RefObject<HTMLInputElement> };

/**
 * The eight Member ID boxes (spec-1 section 2) with a real text field behind them (issue 15): a tap on
 * the boxes focuses it, so a tablet raises its keyboard; a scanner types into it like a keyboard. It asks
 * for capitals and no corrections, and Enter submits. A character a Member ID cannot have is named below.
 */
export function MemberIdField({ scanner, prompt, autoFocus, inputRef }: Props) {
  const id = useId();
  const chars = Array.from({ length: MEMBER_ID_LENGTH }, (_, i) => scanner.value.charAt(i));
  return (
    <form
      className="rc-ci-entry"
      onSubmit={(event) => {
        event.preventDefault();
        scanner.done();
      }}
    >
      <Text as="label" htmlFor={`${id}-input`} size="4" weight="medium" align="center" id={`${id}-prompt`}>
        {prompt}
      </Text>
      <div className="rc-ci-boxes" data-testid="member-id-boxes">
        {chars.map((c, i) => (
          <span key={i} className="rc-ci-box" data-filled={c ? "true" : "false"} aria-hidden="true">
            {c}
          </span>
        ))}
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="rc-ci-input"
          data-testid="member-id-input"
          value={scanner.value}
          onChange={(event) => scanner.type(event.target.value)}
          type="text"
          inputMode="text"
          enterKeyHint="go"
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          // the screen's one task: a scan or a typed ID goes straight in
          autoFocus={autoFocus}
          aria-invalid={scanner.invalid.length > 0 ? true : undefined}
          aria-describedby={scanner.invalid.length > 0 ? `${id}-invalid` : undefined}
        />
      </div>
      {scanner.invalid.length > 0 ? (
        <Text id={`${id}-invalid`} role="alert" size="3" color="red" weight="medium" align="center" data-testid="member-id-invalid">
          {KIOSK_TEXT.invalid(scanner.invalid)}
        </Text>
      ) : null}
    </form>
  );
}
