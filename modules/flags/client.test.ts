import { describe, expect, it } from "vitest";
import { FLAG_COLOR, FLAG_NAME, flagLabel, flagReasons, flagTypeOfNote, KIOSK_WARN_TITLE } from "./client";

describe("one flag language (issue 15, decision 037)", () => {
  it("names the two types Stop (red) and Warn (amber) everywhere staff look", () => {
    expect(FLAG_NAME).toEqual({ stop: "Stop", warn: "Warn" });
    expect(FLAG_COLOR).toEqual({ stop: "red", warn: "amber" });
    expect(flagLabel("stop")).toBe("Stop flag");
    expect(flagLabel("warn")).toBe("Warn flag");
  });

  it("keeps the spec's 'Take Caution' for the kiosk's warning title", () => {
    expect(KIOSK_WARN_TITLE).toBe("Take Caution");
  });

  it("reads a flag note's type: Manual Warn Flag is a warning, Manual Flag and System Generated are stops", () => {
    expect(flagTypeOfNote({ is_flag_note: true, type: "Manual Warn Flag" })).toBe("warn");
    expect(flagTypeOfNote({ is_flag_note: true, type: "Manual Flag" })).toBe("stop");
    expect(flagTypeOfNote({ is_flag_note: true, type: "System Generated" })).toBe("stop");
    expect(flagTypeOfNote({ is_flag_note: false, type: "Late" })).toBeNull();
  });
});

describe("a flag's reasons for staff", () => {
  it("lists the messages of the active flags of one type, ignoring rows without one", () => {
    const rows = [{ type: "stop", message: "Custody order: no pick-up by father" }, { type: "warn", message: "Nut allergy" }, { type: "stop" }, null, "x"];
    expect(flagReasons(rows, "stop")).toEqual(["Custody order: no pick-up by father"]);
    expect(flagReasons(rows, "warn")).toEqual(["Nut allergy"]);
    expect(flagReasons(undefined, "stop")).toEqual([]);
  });
});
