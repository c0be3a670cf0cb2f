import { useEffect, useRef, useState } from "react";
import { MEMBER_ID_LENGTH, SCANNER_MIN_LENGTH } from "./rules";

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * The barcode scanner (spec-1 sections 4 and 5): while `active`, keys typed anywhere on the page
 * (a scanner is a keyboard) fill the Member ID, cut to 8 characters; Enter submits it unless it is
 * shorter than 5, which is ignored. Keys typed into a text field and shortcuts are left alone.
 */
export function useScanner(active: boolean, onScan: (memberId: string) => void) {
  const [value, setValue] = useState("");
  const current = useRef("");
  const submit = useRef(onScan);
  submit.current = onScan;

  const set = (next: string) => {
    current.current = next;
    setValue(next);
  };

  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === "Enter") {
        const scanned = current.current;
        // Enter on a focused button is that button's, unless a scan is waiting
        if (!scanned && event.target instanceof HTMLButtonElement) return;
        event.preventDefault();
        set("");
        if (scanned.length >= SCANNER_MIN_LENGTH) submit.current(scanned);
        return;
      }
      if (event.key === "Backspace") {
        set(current.current.slice(0, -1));
        return;
      }
      if (/^[a-z0-9]$/i.test(event.key)) {
        event.preventDefault();
        set((current.current + event.key.toUpperCase()).slice(0, MEMBER_ID_LENGTH));
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [active]);

  useEffect(() => {
    if (!active) set("");
  }, [active]);

  /** Done: submit what was typed (same rule as Enter). */
  const done = () => {
    const scanned = current.current;
    set("");
    if (scanned.length >= SCANNER_MIN_LENGTH) submit.current(scanned);
  };
  return { value, clear: () => set(""), done };
}
