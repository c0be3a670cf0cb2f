import { useCallback, useEffect, useRef, useState } from "react";
import { memberIdInput } from "#modules/check-in/client";
import { SCANNER_MIN_LENGTH } from "./rules";

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

export type Scanner = ReturnType<typeof useScanner>;

/**
 * The Member ID being entered (spec-1 sections 4 and 5), by the Member ID field (a touch keyboard or a
 * scanner focused on it) or, while `active`, by keys typed anywhere else on the page (a scanner is a
 * keyboard): letters and digits, upper case, cut to 8; any other character is kept aside in `invalid`
 * for the field to name (issue 15), never dropped silently. Enter submits unless it is shorter than 5,
 * which is ignored. Keys typed into another text field, shortcuts and a focused button's keys are left alone.
 */
export function useScanner(active: boolean, onScan: (memberId: string) => void) {
  const [value, setValue] = useState("");
  const [invalid, setInvalid] = useState<string[]>([]);
  const current = useRef("");
  const rejected = useRef<string[]>([]);
  const submit = useRef(onScan);
  submit.current = onScan;

  const set = useCallback((next: string, bad: string[] = []) => {
    current.current = next;
    rejected.current = bad;
    setValue(next);
    setInvalid(bad);
  }, []);
  /**
   * The field's whole text, or what the page's keys added. The characters it could not take stay named
   * until the entry is emptied or sent: a scanner's dash must not flash by under the next digits.
   */
  const type = useCallback(
    (raw: string) => {
      const entered = memberIdInput(raw);
      const keep = entered.value === "" ? [] : rejected.current;
      set(entered.value, [...new Set([...keep, ...entered.invalid])]);
    },
    [set],
  );

  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const onButton = event.target instanceof HTMLButtonElement;
      if (event.key === "Enter") {
        const scanned = current.current;
        // Enter on a focused button is that button's, unless a scan is waiting
        if (!scanned && onButton) return;
        event.preventDefault();
        set("");
        if (scanned.length >= SCANNER_MIN_LENGTH) submit.current(scanned);
        return;
      }
      if (event.key === "Backspace") {
        type(current.current.slice(0, -1));
        return;
      }
      if (event.key.length === 1 && !(onButton && event.key === " ")) {
        event.preventDefault();
        type(current.current + event.key);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [active, set, type]);

  useEffect(() => {
    if (!active) set("");
  }, [active, set]);

  /** Done, or Enter in the field: submit what was entered (same rule as Enter). */
  const done = () => {
    const scanned = current.current;
    set("");
    if (scanned.length >= SCANNER_MIN_LENGTH) submit.current(scanned);
  };
  return { value, invalid, type, clear: () => set(""), done };
}
