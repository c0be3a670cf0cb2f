import { announcementDecider, announcementStreamId, emptyAudience, sanitizeRichText, type AnnouncementCommand, type Channel } from "../../modules/communications";
import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";

type Deps = { store: EventStore; clock: Clock };
const DAY = 86_400_000;

/**
 * The demo announcements (decision 091), in a school organization with communications on: two sent yesterday (to the
 * parents in-app, by e-mail and by text; to the coaches in-app), one retracted with its reason, one draft. The
 * seed writes their commands only: on first start the worker's sweep fans the sent ones out through the real path,
 * so the delivery rows, the inbox copies and the e-mails are the product's own, not the seed's.
 */
export async function seedDemoAnnouncements(deps: Deps, organizationId: string, ids: { adminId: string; parentGroupId: string; coachGroupId: string }): Promise<void> {
  const yesterday: Clock = { now: () => new Date(deps.clock.now().getTime() - DAY) };
  const run = async (announcementId: string, step: string, command: Omit<AnnouncementCommand, "metadata">, clock = yesterday) => {
    const full = { ...command, metadata: { commandId: idFrom("demo-seed", "announcement", announcementId, step), organizationId, actorId: ids.adminId } } as AnnouncementCommand;
    const result = await handleCommand({ store: deps.store, clock }, announcementDecider, announcementStreamId(announcementId), full);
    if (!result.ok) throw result.error;
  };
  const announce = async (key: string, subject: string, body: string, audience: Partial<ReturnType<typeof emptyAudience>>, channels: Channel[], then: "send" | "retract" | "draft") => {
    const announcementId = idFrom("demo-seed", "announcement", organizationId, key);
    await run(announcementId, "save", { type: "SaveAnnouncement", data: { announcementId, authorId: ids.adminId, kind: "announcement", subject, body: sanitizeRichText(body), audience: { ...emptyAudience(), ...audience }, channels, attachmentFacts: [] } });
    if (then === "draft") return;
    await run(announcementId, "send", { type: "SendAnnouncement", data: { announcementId, sendAt: null, recipientCount: 1, enabledChannels: channels, actorId: ids.adminId } });
    if (then === "retract") await run(announcementId, "retract", { type: "RetractAnnouncement", data: { announcementId, reason: "Sent with the wrong date; a corrected notice follows.", actorId: ids.adminId } });
  };
  await announce("forms", "Permission forms due Friday", "<p>Please return the signed <strong>permission forms</strong> for the science centre trip by <em>Friday</em>.</p><p>Forms are in your child's folder.</p>", { group_ids: [ids.parentGroupId] }, ["INTERNAL", "EMAIL", "SMS"], "send");
  await announce("coaches", "Gym closed Thursday", "<p>The gym floor is being refinished on Thursday: practices move to the field.</p>", { group_ids: [ids.coachGroupId] }, ["INTERNAL"], "send");
  await announce("picture-day", "Picture day on Monday", "<p>Picture day is on Monday.</p>", { group_ids: [ids.parentGroupId] }, ["EMAIL"], "retract");
  await announce("winter", "Winter programs open soon", "<p>Registration for winter programs opens on the first of the month.</p><ul><li>Swim club</li><li>Robotics</li></ul>", { group_ids: [ids.parentGroupId] }, ["INTERNAL", "EMAIL"], "draft");
}
