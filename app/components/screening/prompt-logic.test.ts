import { describe, expect, it } from "vitest";
import { choosePrompt } from "./prompt-logic";

const user = (id: string, showScreening: boolean, isFlagged: boolean) => ({ user_id: id, name: `Kid ${id}`, showScreening, isFlagged });

describe("the screening prompt logic (spec-2 section 4)", () => {
  it("several users: the intro for those showing screening, else the follow-up for the flagged ones", () => {
    expect(choosePrompt({ isScreeningRequested: true, users: [user("a", true, false), user("b", false, true), user("c", true, true)] })).toEqual({
      start: "intro",
      people: [
        { id: "a", name: "Kid a" },
        { id: "c", name: "Kid c" },
      ],
    });
    expect(choosePrompt({ isScreeningRequested: true, users: [user("a", false, false), user("b", false, true)] })).toEqual({ start: "followUp", people: [{ id: "b", name: "Kid b" }] });
    expect(choosePrompt({ isScreeningRequested: true, users: [user("a", false, false), user("b", false, false)] })).toBeNull();
  });

  it("one user: the intro if screening applies, the follow-up if flagged", () => {
    expect(choosePrompt({ isScreeningRequested: true, users: [user("a", true, false)] })?.start).toBe("intro");
    expect(choosePrompt({ isScreeningRequested: true, users: [user("a", false, true)] })?.start).toBe("followUp");
    expect(choosePrompt({ isScreeningRequested: true, users: [user("a", false, false)] })).toBeNull();
  });

  it("nothing when the organization does not request the screening, or there is nobody", () => {
    expect(choosePrompt({ isScreeningRequested: false, users: [user("a", true, true)] })).toBeNull();
    expect(choosePrompt({ isScreeningRequested: true, users: [] })).toBeNull();
  });
});
