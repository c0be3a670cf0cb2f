import { parse } from "cookie";
import type { Kysely } from "kysely";
import type { Socket } from "socket.io";
import { isKiosk, isStaff, SESSION_COOKIE, tokenHash, type SessionsEnded, type SessionStore } from "../modules/identity";
import type { Clock } from "../modules/kernel";
import { DEFAULT_RECHECK_MS, type LiveRefusal, type LiveServer, type LiveServerOptions } from "../modules/kernel/live";
import { findUserById } from "../projections/identity";
import { isNotesTopic, mayFollowNotesTopic } from "../projections/notes";
import { EXPORT_TOPIC_PREFIX, exportTopicFor } from "../projections/exports";
import { INBOX_TOPIC_PREFIX, inboxTopic } from "../modules/communications";
import { CHALLENGE_TOPIC_PREFIX, CHALLENGES_TOPIC, challengeUserTopic } from "../modules/challenges";
import type { ReadModels } from "../projections";

/**
 * Every topic a socket may follow, with its rule (decision 029: a topic without a rule is refused).
 * "members": any member of the organization; a list: any one of those permissions. The requester's export topic
 * (`exp-{userId}`), a user's inbox topic (`inbox-{userId}`) and the notes topics have rules of their own below.
 */
const CHALLENGE_PERMISSIONS = ["CAN_VIEW_CHALLENGES", "CAN_REWARD_CHALLENGE_POINTS"] as const;
export const TOPIC_RULES: Record<string, "members" | readonly string[]> = {
  "check-in": ["CAN_VIEW_CHECK_IN_MEMBERS", "CAN_CHECK_IN_OUT_MEMBERS"],
  "check-in-kiosk": ["CAN_VIEW_CHECK_IN_MEMBERS", "CAN_CHECK_IN_OUT_MEMBERS"],
  // who has not screened today (the check-in board)
  screening: ["CAN_VIEW_CHECK_IN_MEMBERS", "CAN_CHECK_IN_OUT_MEMBERS"],
  // counts of projected events, no names (the live channel's own tests and the processes' smoke check)
  activity: "members",
  // points and the store (decision 075): the leaderboard moves, stock and orders change (no names in the messages)
  leaderboard: ["CAN_VIEW_LEADERBOARD", "CAN_CREATE_POINTS", "CAN_REWARD_CHALLENGE_POINTS", "CAN_REWARD_LIFE_SKILLS_POINTS"],
  store: ["CAN_VIEW_STORE", "CAN_ADD_ITEMS_TO_STORE"],
  // challenges and their completion counts (decision 112): staff only, see TOPIC_AUDIENCE
  [CHALLENGES_TOPIC]: CHALLENGE_PERMISSIONS,
};

/** Topics for one audience by level: the staff board's rows carry pick-up details, the kiosk's do not. */
const TOPIC_AUDIENCE: Record<string, (level: number | null) => boolean> = {
  "check-in": (level) => !isKiosk(level),
  "check-in-kiosk": (level) => isKiosk(level),
  [CHALLENGES_TOPIC]: (level) => level !== null && isStaff(level),
};

type Identity = { token: string; userId: string; organizationId: string };

/** The live rooms of one session (by its token's hash, never the token) and of one user: what sign-outs end. */
export const sessionRoom = (idHash: string) => `session:${idHash}`;
export const userRoom = (userId: string) => `user:${userId}`;

const unknownTopic = (topic: string): LiveRefusal => ({ code: "BAD_SUBSCRIPTION", message: `There is no live topic "${topic}".` });

/**
 * The live channel's handshake uses the session cookie: no session, no socket. A socket may follow only
 * its own organization's topics that have a rule, with the topic's permission; the session is checked again at
 * every subscription and every `recheckEveryMs` (at most a minute), and a sign-out or a password reset
 * disconnects its sockets at once (see `endLiveSessions`).
 */
export function sessionLiveAuth(
  sessions: SessionStore,
  clock: Clock,
  db: Kysely<ReadModels>,
  options: { recheckEveryMs?: number } = {},
): Pick<LiveServerOptions, "authenticate" | "authorize" | "identityRooms" | "recheck" | "recheckEveryMs"> {
  const load = async (token: string | undefined): Promise<Identity | null> => {
    const session = await sessions.load(token, clock.now());
    return session && token ? { token, userId: session.userId, organizationId: session.organizationId } : null;
  };
  const identityOf = (socket: Socket) => socket.data.identity as Identity | undefined;
  return {
    authenticate: (socket: Socket) => load(parse(socket.handshake.headers.cookie ?? "")[SESSION_COOKIE]),
    identityRooms: (socket: Socket) => {
      const identity = identityOf(socket);
      return identity ? [sessionRoom(tokenHash(identity.token)), userRoom(identity.userId)] : [];
    },
    recheck: async (socket: Socket) => {
      const identity = identityOf(socket);
      // a session moved into another organization since the handshake (decision 069) leaves its old rooms
      const now = identity ? await load(identity.token) : null;
      return !!now && now.organizationId === identity?.organizationId;
    },
    recheckEveryMs: Math.min(options.recheckEveryMs ?? DEFAULT_RECHECK_MS, DEFAULT_RECHECK_MS),
    authorize: async (socket: Socket, organizationId: string, topic: string) => {
      const rule = TOPIC_RULES[topic];
      const known = rule !== undefined || topic.startsWith(EXPORT_TOPIC_PREFIX) || topic.startsWith(INBOX_TOPIC_PREFIX) || topic.startsWith(CHALLENGE_TOPIC_PREFIX) || isNotesTopic(topic);
      if (!known) return unknownTopic(topic);
      const identity = identityOf(socket);
      if (!identity || identity.organizationId !== organizationId) return false;
      // the session as it is now: a superadmin who entered or left an organization since the handshake is refused
      // the organization of the handshake (decision 069)
      const current = await load(identity.token);
      if (!current || current.organizationId !== organizationId) return false;
      // a requester's export topic (progress, finished exports) is theirs alone
      if (topic.startsWith(EXPORT_TOPIC_PREFIX)) return topic === exportTopicFor(identity.userId);
      if (rule === "members") return true;
      const user = await findUserById(db, identity.userId);
      if (!user) return false;
      // a user's inbox topic (decision 073) is theirs alone, with 'View inbox'
      if (topic.startsWith(INBOX_TOPIC_PREFIX)) return topic === inboxTopic(identity.userId) && (user.permission_ids ?? []).includes("CAN_VIEW_INBOX");
      // a user's challenge progress and their children's (decision 112) is theirs alone, with a challenges permission
      if (topic.startsWith(CHALLENGE_TOPIC_PREFIX)) return topic === challengeUserTopic(identity.userId) && (user.permission_ids ?? []).some((p) => (CHALLENGE_PERMISSIONS as readonly string[]).includes(p));
      // notes topics follow the notes' visibility (projections/notes): staff, admins, a group, the author
      if (rule === undefined) return mayFollowNotesTopic(topic, { userId: identity.userId, groupId: user.user_group_id, level: user.role_level });
      // the board's rows as each audience may see them (decision 027): the kiosk follows its own topic only
      const audience = TOPIC_AUDIENCE[topic];
      if (audience && !audience(user.role_level)) return false;
      return (user.permission_ids ?? []).some((p) => rule.includes(p));
    },
  };
}

/** Ending a session (sign-out) or every session of a user (password reset) disconnects their sockets in every web process. */
export function endLiveSessions(sessions: SessionStore, live: Pick<LiveServer, "disconnectRooms">): () => void {
  return sessions.onEnded((ended: SessionsEnded) =>
    live.disconnectRooms(["tokenHash" in ended ? sessionRoom(ended.tokenHash) : userRoom(ended.userId)]),
  );
}
