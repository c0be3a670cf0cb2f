/**
 * The keys of an editable combobox over a list of results (WAI-ARIA APG "combobox with listbox popup",
 * decision 042). The focus stays in the text input; `aria-activedescendant` names the active option.
 * ArrowDown / ArrowUp move the active option and wrap (from none, ArrowDown goes to the first and ArrowUp
 * to the last; on a closed list they open it), Enter picks the active option, Escape closes the list
 * and, when it is closed already, clears the text. Home, End and the other keys edit the text.
 */
export type ListboxKeyResult =
  | { kind: "move"; active: number }
  | { kind: "pick"; index: number }
  | { kind: "close" }
  | { kind: "clear" }
  | { kind: "none" };

export function listboxKey(key: string, state: { open: boolean; active: number; count: number }): ListboxKeyResult {
  const { open, count } = state;
  const active = open && state.active >= 0 && state.active < count ? state.active : -1;
  switch (key) {
    case "ArrowDown":
      return count === 0 ? { kind: "none" } : { kind: "move", active: active < 0 ? 0 : (active + 1) % count };
    case "ArrowUp":
      return count === 0 ? { kind: "none" } : { kind: "move", active: active <= 0 ? count - 1 : active - 1 };
    case "Enter":
      return active >= 0 ? { kind: "pick", index: active } : { kind: "none" };
    case "Escape":
      return open ? { kind: "close" } : { kind: "clear" };
    default:
      return { kind: "none" };
  }
}

/**
 * For a dialog's onEscapeKeyDown: true when Escape was pressed in a combobox that has something to close
 * or clear (its list open, or text in it). The dialog's Escape listener runs before the input's own, so the
 * dialog asks first and stays open; the combobox then closes its list or clears its text (APG).
 */
export function escapeBelongsToCombobox(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLInputElement) || target.getAttribute("role") !== "combobox") return false;
  return target.getAttribute("aria-expanded") === "true" || target.value !== "";
}
