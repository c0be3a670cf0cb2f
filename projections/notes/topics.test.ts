import { describe, expect, it } from "vitest";
import { isNotesTopic, mayFollowNotesTopic, notesGroupTopic, notesUserTopic } from "./projection";

const coach = { userId: "b12cb722-dc3b-51a9-8022-ec487cfafc9a", groupId: "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f", level: 2 };
const admin = { userId: "9a9a9a9a-7d0e-5c1a-9d1e-1a2b3c4d5e6f", groupId: "7f3c8a52-4a8e-4f0b-9f7e-2d7c1b6a0e11", level: 3 };

describe("notes live topics follow the notes' visibility", () => {
  it("lets staff follow the notes for everyone; never participants, parents or the kiosk", () => {
    expect(mayFollowNotesTopic("notes", coach)).toBe(true);
    expect(mayFollowNotesTopic("notes", { ...coach, level: 1 })).toBe(false);
    expect(mayFollowNotesTopic("notes", { ...coach, level: 7 })).toBe(false);
    expect(mayFollowNotesTopic("notes", { ...coach, level: null })).toBe(false);
  });

  it("keeps the restricted notes' topics for admins, the listed group and the author", () => {
    expect(mayFollowNotesTopic("notes-admin", admin)).toBe(true);
    expect(mayFollowNotesTopic("notes-admin", coach)).toBe(false);
    expect(mayFollowNotesTopic(notesGroupTopic(coach.groupId), coach)).toBe(true);
    expect(mayFollowNotesTopic(notesGroupTopic(admin.groupId), coach)).toBe(false);
    expect(mayFollowNotesTopic(notesUserTopic(coach.userId), coach)).toBe(true);
    expect(mayFollowNotesTopic(notesUserTopic(admin.userId), coach)).toBe(false);
    expect(mayFollowNotesTopic(notesUserTopic(admin.userId), admin)).toBe(true);
    expect(mayFollowNotesTopic(notesGroupTopic(coach.groupId), admin)).toBe(false);
  });

  it("names the notes topics", () => {
    expect(["notes", "notes-admin", notesGroupTopic(coach.groupId), notesUserTopic(admin.userId)].every(isNotesTopic)).toBe(true);
    // topics are slugs of at most 40 characters (modules/kernel/live)
    for (const topic of [notesGroupTopic(coach.groupId), notesUserTopic(admin.userId)]) expect(topic).toMatch(/^[a-z][a-z0-9-]{0,39}$/);
    expect(isNotesTopic("notesy")).toBe(false);
    expect(isNotesTopic("check-in")).toBe(false);
  });
});
