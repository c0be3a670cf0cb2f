import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import { deciderSpec } from "../../test/support/decider-spec";
import { threadDecider, type Person, type ThreadCommand } from "./decide";
import type { ThreadEvent } from "./events";

const org = "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const other = "9a9a2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const now = new Date("2026-11-27T14:00:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: org, actorId: "coach" };
const person = (userId: string, level: number, over: Partial<Person> = {}): Person => ({ userId, organizationId: org, level, active: true, minor: false, guardianIds: [], ...over });

const coach = person("coach", 2);
const admin = person("admin", 3);
const maya = person("maya", 1, { minor: true, guardianIds: ["mum", "dad"] });
const adult = person("adult-member", 1);
const mum = person("mum", 1);
const kiosk = person("kiosk", 7);

const start = (author: Person, recipients: (Person | null)[], over: Partial<{ subject: string; body: string }> = {}): ThreadCommand => ({
  type: "StartThread",
  data: { threadId: "t-1", messageId: "m-1", subject: "Soccer tonight", body: "Soccer is cancelled tonight.", author, recipients, ...over },
  metadata: { ...metadata, actorId: author.userId },
});
const started = (members: { userId: string; reason: "author" | "recipient" | "guardian"; forUserId: string | null }[], authorId = "coach"): ThreadEvent[] => [
  { type: "ThreadStarted", data: { threadId: "t-1", organizationId: org, subject: "Soccer tonight", members } },
  { type: "MessagePosted", data: { threadId: "t-1", messageId: "m-1", authorId, body: "Soccer is cancelled tonight." } },
];
const toMaya = started([
  { userId: "coach", reason: "author", forUserId: null },
  { userId: "maya", reason: "recipient", forUserId: null },
  { userId: "mum", reason: "guardian", forUserId: "maya" },
  { userId: "dad", reason: "guardian", forUserId: "maya" },
]);
const post = (authorId: string, messageId = "m-2", body = "Thanks, see you Thursday."): ThreadCommand => ({ type: "PostMessage", data: { threadId: "t-1", messageId, body, authorId }, metadata: { ...metadata, actorId: authorId } });
const retract = (actorId: string, messageId = "m-1", reason = "Sent to the wrong family"): ThreadCommand => ({ type: "RetractMessage", data: { threadId: "t-1", messageId, reason, actorId }, metadata: { ...metadata, actorId } });
const read = (userId: string): ThreadCommand => ({ type: "MarkThreadRead", data: { threadId: "t-1", userId }, metadata: { ...metadata, actorId: userId } });
const archive = (userId: string, archived = true): ThreadCommand => ({ type: "ArchiveThread", data: { threadId: "t-1", userId, archived }, metadata: { ...metadata, actorId: userId } });

const given = deciderSpec(threadDecider, now);

describe("inbox conversations: decide (decision 073)", () => {
  it("copies a minor's guardians on a staff member's message to them", () => {
    given().when(start(coach, [maya])).then(toMaya);
  });

  it("copies the guardians when a minor writes to staff, and not an adult member's", () => {
    given()
      .when(start(maya, [coach]))
      .then(
        started(
          [
            { userId: "maya", reason: "author", forUserId: null },
            { userId: "coach", reason: "recipient", forUserId: null },
            { userId: "mum", reason: "guardian", forUserId: "maya" },
            { userId: "dad", reason: "guardian", forUserId: "maya" },
          ],
          "maya",
        ),
      );
    given()
      .when(start(coach, [adult, admin]))
      .then(
        started([
          { userId: "coach", reason: "author", forUserId: null },
          { userId: "adult-member", reason: "recipient", forUserId: null },
          { userId: "admin", reason: "recipient", forUserId: null },
        ]),
      );
  });

  it("lets a participant or parent write to staff only, never to another participant or family", () => {
    given().when(start(maya, [adult])).thenRefused("STAFF_ONLY", 403, "You can send messages to staff only");
    given().when(start(mum, [coach, maya])).thenRefused("STAFF_ONLY", 403);
  });

  it("keeps one family per conversation, so families never see each other's replies", () => {
    given().when(start(coach, [maya, adult])).thenRefused("VALIDATION", 400, "A conversation can include one participant or parent; send each family its own message");
  });

  it("refuses unknown, foreign, inactive and kiosk recipients alike, an empty audience, and bad text", () => {
    given().when(start(coach, [null])).thenRefused("RECIPIENT_NOT_FOUND", 404);
    given().when(start(coach, [person("x", 1, { organizationId: other })])).thenRefused("RECIPIENT_NOT_FOUND", 404);
    given().when(start(coach, [person("x", 1, { active: false })])).thenRefused("RECIPIENT_NOT_FOUND", 404);
    given().when(start(coach, [kiosk])).thenRefused("RECIPIENT_NOT_FOUND", 404);
    given().when(start(coach, [coach])).thenRefused("VALIDATION", 400, "Choose at least one recipient");
    given().when(start(coach, [maya], { subject: "  " })).thenRefused("VALIDATION", 400, "Subject is required");
    given().when(start(coach, [maya], { body: "" })).thenRefused("VALIDATION", 400, "Message is required");
    given().when(start(coach, [maya], { body: "x".repeat(5001) })).thenRefused("VALIDATION", 400, "Message must be at most 5000 characters");
    given().when(start(kiosk, [coach])).thenRefused("FORBIDDEN", 403);
  });

  it("lets members reply; anyone else, or another organization, is told it is not found", () => {
    given(...toMaya).when(post("mum")).then([{ type: "MessagePosted", data: { threadId: "t-1", messageId: "m-2", authorId: "mum", body: "Thanks, see you Thursday." } }]);
    given(...toMaya).when(post("admin")).thenRefused("THREAD_NOT_FOUND", 404);
    given(...toMaya)
      .when({ ...post("mum"), metadata: { ...metadata, organizationId: other } })
      .thenRefused("THREAD_NOT_FOUND", 404);
    given().when(post("mum")).thenRefused("THREAD_NOT_FOUND", 404);
    given(...toMaya)
      .when(post("mum", "m-2", " "))
      .thenRefused("VALIDATION", 400, "Message is required");
  });

  it("retracts a message only by its author, once, with a reason; the message stays in the stream", () => {
    const retracted: ThreadEvent = { type: "MessageRetracted", data: { threadId: "t-1", messageId: "m-1", reason: "Sent to the wrong family", retractedBy: "coach" } };
    given(...toMaya).when(retract("coach")).then([retracted]);
    given(...toMaya, retracted).when(retract("coach")).thenRefused("ALREADY_RETRACTED", 409);
    given(...toMaya).when(retract("mum")).thenRefused("NOT_YOUR_MESSAGE", 403);
    given(...toMaya).when(retract("coach", "m-9")).thenRefused("MESSAGE_NOT_FOUND", 404);
    given(...toMaya)
      .when(retract("coach", "m-1", ""))
      .thenRefused("VALIDATION", 400, "Reason is required");
    given(...toMaya)
      .when(retract("coach", "m-1", "x".repeat(501)))
      .thenRefused("VALIDATION", 400, "Reason must be at most 500 characters");
  });

  it("marks read once per new message: the author has read their own; a reply makes it unread for the others", () => {
    given(...toMaya).when(read("coach")).then([]);
    const mumRead: ThreadEvent = { type: "ThreadRead", data: { threadId: "t-1", userId: "mum" } };
    given(...toMaya).when(read("mum")).then([mumRead]);
    given(...toMaya, mumRead).when(read("mum")).then([]);
    const reply: ThreadEvent = { type: "MessagePosted", data: { threadId: "t-1", messageId: "m-2", authorId: "dad", body: "ok" } };
    given(...toMaya, mumRead, reply).when(read("mum")).then([mumRead]);
    given(...toMaya).when(read("stranger")).thenRefused("THREAD_NOT_FOUND", 404);
  });

  it("archives and restores for one member; a new message brings it back to everyone's inbox", () => {
    const archived: ThreadEvent = { type: "ThreadArchived", data: { threadId: "t-1", userId: "mum", archived: true } };
    given(...toMaya).when(archive("mum")).then([archived]);
    given(...toMaya, archived).when(archive("mum")).then([]);
    given(...toMaya, archived).when(archive("mum", false)).then([{ type: "ThreadArchived", data: { threadId: "t-1", userId: "mum", archived: false } }]);
    const state = given(...toMaya, archived, { type: "MessagePosted", data: { threadId: "t-1", messageId: "m-2", authorId: "coach", body: "Update" } }).state;
    expect(state.exists && state.members.mum!.archived).toBe(false);
  });
});
