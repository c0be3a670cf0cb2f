import { describe, expect, it } from "vitest";
import { listboxKey } from "./listbox-keys";

describe("listboxKey: the search results' keys (decision 042)", () => {
  const open = (active: number, count = 3) => ({ open: true, active, count });

  it("ArrowDown goes to the first option from none, then down, and wraps from the last to the first", () => {
    expect(listboxKey("ArrowDown", open(-1))).toEqual({ kind: "move", active: 0 });
    expect(listboxKey("ArrowDown", open(0))).toEqual({ kind: "move", active: 1 });
    expect(listboxKey("ArrowDown", open(2))).toEqual({ kind: "move", active: 0 });
  });

  it("ArrowUp goes to the last option from none, then up, and wraps from the first to the last", () => {
    expect(listboxKey("ArrowUp", open(-1))).toEqual({ kind: "move", active: 2 });
    expect(listboxKey("ArrowUp", open(2))).toEqual({ kind: "move", active: 1 });
    expect(listboxKey("ArrowUp", open(0))).toEqual({ kind: "move", active: 2 });
  });

  it("an arrow on a closed list opens it at the first (down) or last (up) option; with no results it does nothing", () => {
    expect(listboxKey("ArrowDown", { open: false, active: 1, count: 3 })).toEqual({ kind: "move", active: 0 });
    expect(listboxKey("ArrowUp", { open: false, active: 1, count: 3 })).toEqual({ kind: "move", active: 2 });
    expect(listboxKey("ArrowDown", open(-1, 0))).toEqual({ kind: "none" });
  });

  it("Enter picks the active option, and nothing when none is active or the list is closed", () => {
    expect(listboxKey("Enter", open(1))).toEqual({ kind: "pick", index: 1 });
    expect(listboxKey("Enter", open(-1))).toEqual({ kind: "none" });
    expect(listboxKey("Enter", { open: false, active: 1, count: 3 })).toEqual({ kind: "none" });
    // an index left over from a longer list is not picked
    expect(listboxKey("Enter", open(4, 2))).toEqual({ kind: "none" });
  });

  it("Escape closes an open list, and clears the text when the list is closed", () => {
    expect(listboxKey("Escape", open(0))).toEqual({ kind: "close" });
    expect(listboxKey("Escape", { open: false, active: -1, count: 3 })).toEqual({ kind: "clear" });
  });

  it("other keys (Home, End, letters) are the text input's", () => {
    for (const key of ["Home", "End", "a", "Tab"]) expect(listboxKey(key, open(1))).toEqual({ kind: "none" });
  });
});
