import { threadDecider, threadStreamId, type Person, type ThreadCommand } from "../../modules/communications";
import { LEVEL } from "../../modules/identity";
import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";

type Deps = { store: EventStore; clock: Clock };

/**
 * The demo inbox (decision 073), in each organization: the coach wrote to the first demo child (her parent copied
 * as her guardian) and the parent answered; the admin asked the parent for volunteer drivers, not read yet. So the
 * parent, the child and the coach each have a conversation on first start, and the parent's badge shows one.
 */
export async function seedDemoMessages(deps: Deps, organizationId: string, ids: { coachId: string; adminId: string; parentId: string; childId: string }): Promise<void> {
  const person = (userId: string, level: number, over: Partial<Person> = {}): Person => ({ userId, organizationId, level, active: true, minor: false, guardianIds: [], ...over });
  const coach = person(ids.coachId, LEVEL.coach);
  const admin = person(ids.adminId, LEVEL.admin);
  const parent = person(ids.parentId, LEVEL.participant);
  const child = person(ids.childId, LEVEL.participant, { minor: true, guardianIds: [ids.parentId] });
  // each message a millisecond at least after the one before: on a fast machine two in the same millisecond tied, and
  // the inbox (newest first) then put the older conversation first
  let last = 0;
  const clock: Clock = { now: () => new Date((last = Math.max(deps.clock.now().getTime(), last + 1))) };
  const run = async (threadId: string, step: string, actorId: string, command: Omit<ThreadCommand, "metadata">) => {
    const full = { ...command, metadata: { commandId: idFrom("demo-seed", "message", threadId, step), organizationId, actorId } } as ThreadCommand;
    const result = await handleCommand({ store: deps.store, clock }, threadDecider, threadStreamId(threadId), full);
    if (!result.ok) throw result.error;
  };
  const swim = idFrom("demo-seed", "thread", organizationId, "swim");
  await run(swim, "start", coach.userId, {
    type: "StartThread",
    data: { threadId: swim, messageId: idFrom("demo-seed", "message", swim, "1"), subject: "Swim club moves to Thursday", body: "Hi Maya, swim club is on Thursday this week instead of Tuesday, same time. Bring a towel!", author: coach, recipients: [child] },
  });
  await run(swim, "reply", parent.userId, { type: "PostMessage", data: { threadId: swim, messageId: idFrom("demo-seed", "message", swim, "2"), body: "Thanks for letting us know. Maya will be there.", authorId: parent.userId } });
  const drivers = idFrom("demo-seed", "thread", organizationId, "drivers");
  await run(drivers, "start", admin.userId, {
    type: "StartThread",
    data: {
      threadId: drivers,
      messageId: idFrom("demo-seed", "message", drivers, "1"),
      subject: "Volunteer drivers for Saturday",
      body: "We need two more drivers for Saturday's trip to the science centre. Could you help? Reply here and we will send the details.",
      author: admin,
      recipients: [parent],
    },
  });
}
