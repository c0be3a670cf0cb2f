import { z } from "zod";
import { boardRowAnswer } from "../../modules/check-in";
import { INBOX_CHANGED, INBOX_TOPIC_PREFIX } from "../../modules/communications";
import { CHALLENGE_PROGRESS_CHANGED, CHALLENGE_TOPIC_PREFIX, CHALLENGES_CHANGED, CHALLENGES_TOPIC } from "../../modules/challenges";
import { exportProgressAnswer, exportRowAnswer } from "../../modules/exports";
import { CHECK_IN_CHANGED, CHECK_IN_KIOSK_TOPIC, CHECK_IN_TOPIC } from "../../projections/check-in";
import { EXPORT_CHANGED, EXPORT_PROGRESS, EXPORT_TOPIC_PREFIX } from "../../projections/exports";
import { FLAG_CHANGED } from "../../projections/flags";
import { NOTES_CHANGED, NOTES_TOPIC } from "../../projections/notes";
import { ORGANIZATION_LIVE_EVENT, ORGANIZATION_LIVE_TOPIC } from "../../projections/organizations";
import { PARTICIPANT_LIVE_EVENT, PARTICIPANT_LIVE_TOPIC } from "../../projections/participants";
import { LEADERBOARD_TOPIC, POINTS_CHANGED, STORE_CHANGED, STORE_TOPIC } from "../../projections/points";
import { SCREENING_CHANGED, SCREENING_TOPIC } from "../../projections/screening";
import { TOPIC_RULES } from "../live-auth";

/** One message a topic carries: the socket.io event's name and its one argument. */
export type LiveChannelMessage = { event: string; summary: string; payload: z.ZodType };

/**
 * One topic of the live channel (decision 082): its name (a `{placeholder}` for a family of topics),
 * the pattern its concrete names match, who may follow it, and what it carries. `followable: false`:
 * published by the server but refused to every subscriber (no rule yet).
 */
export type LiveChannel = { topic: string; pattern: RegExp; followers: string; followable: boolean; messages: readonly LiveChannelMessage[] };

/** The kiosk's board row: what its field policy hides is left out. */
const kioskBoardRow = boardRowAnswer.partial().required({ id: true, participant_id: true, check_in_time: true });
const flagChange = z.looseObject({ participant_id: z.string(), stop: z.boolean(), warn: z.boolean() }).describe("The member's active flags after the change (never their text)");
const checkInMessages = (row: z.ZodType): LiveChannelMessage[] => [
  { event: CHECK_IN_CHANGED, summary: "A visit began or ended, or the member's photo changed: the board row as it is now", payload: row },
  { event: FLAG_CHANGED, summary: "A member's flags changed", payload: flagChange },
];

/** A topic the server publishes that no rule lets a socket follow yet (runtime/live-auth.ts): documented as refused. */
const unfollowable = (topic: string, event: string, summary: string, payload: z.ZodType): LiveChannel => ({
  topic,
  pattern: new RegExp(`^${topic}$`),
  followers: "Nobody yet: published, but no rule lets a socket follow it (subscribing answers BAD_SUBSCRIPTION)",
  followable: false,
  messages: [{ event, summary, payload }],
});

const anyOf = (permissions: "members" | readonly string[]) => (permissions === "members" ? "any member of the organization" : `a holder of any of ${permissions.join(", ")}`);
const rule = (topic: string) => TOPIC_RULES[topic] ?? [];

/** Every topic the server publishes (decision 082). A topic published but missing here fails test/integration/api-contract.int.test.ts. */
export const LIVE_CHANNELS: readonly LiveChannel[] = [
  {
    topic: CHECK_IN_TOPIC,
    pattern: /^check-in$/,
    followers: `Staff (not the kiosk): ${anyOf(rule(CHECK_IN_TOPIC))}`,
    followable: true,
    messages: checkInMessages(boardRowAnswer),
  },
  {
    topic: CHECK_IN_KIOSK_TOPIC,
    pattern: /^check-in-kiosk$/,
    followers: `The kiosk only: ${anyOf(rule(CHECK_IN_KIOSK_TOPIC))}; its rows leave out the pick-up details and security code`,
    followable: true,
    messages: checkInMessages(kioskBoardRow),
  },
  {
    topic: SCREENING_TOPIC,
    pattern: /^screening$/,
    followers: anyOf(rule(SCREENING_TOPIC)),
    followable: true,
    messages: [
      {
        event: SCREENING_CHANGED,
        summary: "A participant's daily screening was filled or declined",
        payload: z.looseObject({ participant_id: z.string(), day: z.string().describe("YYYY-MM-DD"), status: z.enum(["Filled", "Declined"]), failed: z.boolean() }),
      },
    ],
  },
  {
    topic: LEADERBOARD_TOPIC,
    pattern: /^leaderboard$/,
    followers: anyOf(rule(LEADERBOARD_TOPIC)),
    followable: true,
    messages: [{ event: POINTS_CHANGED, summary: "Points were awarded, spent or reversed, or a member hidden: ask the leaderboard again (no names)", payload: z.looseObject({}) }],
  },
  {
    topic: STORE_TOPIC,
    pattern: /^store$/,
    followers: anyOf(rule(STORE_TOPIC)),
    followable: true,
    messages: [{ event: STORE_CHANGED, summary: "An item's stock or an order changed: ask the store again (no names)", payload: z.looseObject({}) }],
  },
  {
    topic: CHALLENGES_TOPIC,
    pattern: /^challenges$/,
    followers: `Staff (not members, not the kiosk): ${anyOf(rule(CHALLENGES_TOPIC))}`,
    followable: true,
    messages: [{ event: CHALLENGES_CHANGED, summary: "A challenge was created, edited or archived, or someone's progress in it changed: ask again (no names)", payload: z.looseObject({ challenge_id: z.string() }) }],
  },
  {
    topic: `${CHALLENGE_TOPIC_PREFIX}{userId}`,
    pattern: new RegExp(`^${CHALLENGE_TOPIC_PREFIX}[a-z0-9]+$`),
    followers: "The user alone, with CAN_VIEW_CHALLENGES or CAN_REWARD_CHALLENGE_POINTS (userId is their id in lower case without dashes): their own and their children's progress",
    followable: true,
    messages: [{ event: CHALLENGE_PROGRESS_CHANGED, summary: "The progress or completion of the user's own profile or of a child's changed: ask again", payload: z.looseObject({ challenge_id: z.string() }) }],
  },
  {
    topic: "activity",
    pattern: /^activity$/,
    followers: anyOf(rule("activity")),
    followable: true,
    messages: [{ event: "events-projected", summary: "Counts of events projected for the organization (no names)", payload: z.looseObject({ count: z.number().int(), position: z.number().int() }) }],
  },
  {
    topic: `${EXPORT_TOPIC_PREFIX}{userId}`,
    pattern: new RegExp(`^${EXPORT_TOPIC_PREFIX}[a-z0-9-]+$`),
    followers: "The requester alone (userId is their own id, lower case)",
    followable: true,
    messages: [
      { event: EXPORT_CHANGED, summary: "One of the requester's exports changed status", payload: exportRowAnswer },
      { event: EXPORT_PROGRESS, summary: "An export being written: rows so far", payload: exportProgressAnswer.required({ id: true }) },
    ],
  },
  {
    topic: `${INBOX_TOPIC_PREFIX}{userId}`,
    pattern: new RegExp(`^${INBOX_TOPIC_PREFIX}[a-z0-9]+$`),
    followers: "The user alone, with CAN_VIEW_INBOX (userId is their id in lower case without dashes)",
    followable: true,
    messages: [{ event: INBOX_CHANGED, summary: "A conversation of the user's changed: ask the inbox again", payload: z.looseObject({ thread_id: z.string() }) }],
  },
  ...(
    [
      [NOTES_TOPIC, /^notes$/, "Staff: notes visible to every staff member"],
      [`${NOTES_TOPIC}-admin`, /^notes-admin$/, "Admins and above: notes restricted to some groups"],
      [`${NOTES_TOPIC}-g-{groupId}`, /^notes-g-[a-z0-9]+$/, "Staff of that user group (groupId in lower case without dashes)"],
      [`${NOTES_TOPIC}-u-{userId}`, /^notes-u-[a-z0-9]+$/, "The note's author (userId in lower case without dashes)"],
    ] as const
  ).map(([topic, pattern, followers]) => ({
    topic,
    pattern,
    followers,
    followable: true,
    messages: [{ event: NOTES_CHANGED, summary: "A note, comment or flag of a participant changed: ask the list again", payload: z.looseObject({ note_id: z.string(), participant_id: z.string() }) }],
  })),
  unfollowable(PARTICIPANT_LIVE_TOPIC, PARTICIPANT_LIVE_EVENT, "Participants changed (at most 100 ids)", z.looseObject({ participantIds: z.array(z.string()).max(100) })),
  unfollowable(ORGANIZATION_LIVE_TOPIC, ORGANIZATION_LIVE_EVENT, "The organization's settings changed", z.looseObject({ organizationId: z.string() })),
];

/** The documented channel of a concrete topic, if any. */
export const liveChannelOf = (topic: string): LiveChannel | undefined => LIVE_CHANNELS.find((channel) => channel.pattern.test(topic));
