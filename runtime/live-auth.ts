import { parse } from "cookie";
import type { Kysely } from "kysely";
import type { Socket } from "socket.io";
import type { SessionStore } from "../modules/identity";
import type { Clock } from "../modules/kernel";
import type { LiveServerOptions } from "../modules/kernel/live";
import { findUserById } from "../projections/identity";
import { isNotesTopic, mayFollowNotesTopic } from "../projections/notes";
import { EXPORT_TOPIC_PREFIX, exportTopicFor } from "../projections/exports";
import type { ReadModels } from "../projections/read-models";

const SESSION_COOKIE = "rollcall_session";

/** Topics that need a permission beyond belonging to the organization: any one of the listed. */
export const TOPIC_PERMISSIONS: Record<string, readonly string[]> = {
  "check-in": ["CAN_VIEW_CHECK_IN_MEMBERS", "CAN_CHECK_IN_OUT_MEMBERS"],
  "check-in-kiosk": ["CAN_VIEW_CHECK_IN_MEMBERS", "CAN_CHECK_IN_OUT_MEMBERS"],
  // who has not screened today (the check-in board)
  screening: ["CAN_VIEW_CHECK_IN_MEMBERS", "CAN_CHECK_IN_OUT_MEMBERS"],
};

const KIOSK_LEVEL = 7;
/** Topics for one audience by level: the staff board's rows carry pick-up details, the kiosk's do not. */
const TOPIC_AUDIENCE: Record<string, (level: number | null) => boolean> = {
  "check-in": (level) => level !== KIOSK_LEVEL,
  "check-in-kiosk": (level) => level === KIOSK_LEVEL,
};

type Identity = { token: string; userId: string; organizationId: string };

/**
 * The live channel's handshake uses the session cookie: no session, no socket. A socket may follow only
 * its own organization's topics, with the topic's permission, and the session is checked again at every
 * subscription (a signed-out socket is refused from then on).
 */
export function sessionLiveAuth(sessions: SessionStore, clock: Clock, db: Kysely<ReadModels>): Pick<LiveServerOptions, "authenticate" | "authorize"> {
  const load = async (token: string | undefined): Promise<Identity | null> => {
    const session = await sessions.load(token, clock.now());
    return session && token ? { token, userId: session.userId, organizationId: session.organizationId } : null;
  };
  return {
    authenticate: (socket: Socket) => load(parse(socket.handshake.headers.cookie ?? "")[SESSION_COOKIE]),
    authorize: async (socket: Socket, organizationId: string, topic: string) => {
      const identity = socket.data.identity as Identity | undefined;
      if (!identity || identity.organizationId !== organizationId) return false;
      if (!(await load(identity.token))) return false;
      // a requester's export topic (progress, finished exports) is theirs alone
      if (topic.startsWith(EXPORT_TOPIC_PREFIX)) return topic === exportTopicFor(identity.userId);
      // notes topics follow the notes' visibility (projections/notes): staff, admins, a group, the author
      if (isNotesTopic(topic)) {
        const user = await findUserById(db, identity.userId);
        return !!user && mayFollowNotesTopic(topic, { userId: identity.userId, groupId: user.user_group_id, level: user.role_level });
      }
      const needed = TOPIC_PERMISSIONS[topic];
      if (!needed) return true;
      const user = await findUserById(db, identity.userId);
      if (!user) return false;
      // the board's rows as each audience may see them (decision 027): the kiosk follows its own topic only
      const audience = TOPIC_AUDIENCE[topic];
      if (audience && !audience(user.role_level)) return false;
      return (user.permission_ids ?? []).some((p) => needed.includes(p));
    },
  };
}
