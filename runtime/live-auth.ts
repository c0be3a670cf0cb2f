import { parse } from "cookie";
import type { Socket } from "socket.io";
import type { SessionStore } from "../modules/identity";
import type { Clock } from "../modules/kernel";
import type { LiveServerOptions } from "../modules/kernel/live";

const SESSION_COOKIE = "rollcall_session";

type Identity = { token: string; userId: string; organizationId: string };

/**
 * The live channel's handshake uses the session cookie: no session, no socket. A socket may follow only
 * its own organization's topics, and the session is checked again at every subscription (a signed-out
 * socket is refused from then on).
 */
export function sessionLiveAuth(sessions: SessionStore, clock: Clock): Pick<LiveServerOptions, "authenticate" | "authorize"> {
  const load = async (token: string | undefined) => {
    const session = await sessions.load(token, clock.now());
    return session && token ? { token, userId: session.userId, organizationId: session.organizationId } : null;
  };
  return {
    authenticate: (socket: Socket) => load(parse(socket.handshake.headers.cookie ?? "")[SESSION_COOKIE]),
    authorize: async (socket: Socket, organizationId: string) => {
      const identity = socket.data.identity as Identity | undefined;
      if (!identity || identity.organizationId !== organizationId) return false;
      return (await load(identity.token)) !== null;
    },
  };
}
