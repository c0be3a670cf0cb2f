import { userDecider, userStream, type UserCommand } from "../../modules/identity";
import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";

type Deps = { store: EventStore; clock: Clock };
type Account = { userId: string; username: string; firstName: string; lastName: string };

/**
 * My profile's demo data (decision 060): the admin has a phone number on file and the parent has turned
 * newsletters off, so /my-profile shows both kinds of value on first start. Sent as the users themselves.
 */
export async function seedDemoProfiles(deps: Deps, organizationId: string, phoneNumber: string, { admin, parent }: { admin: Account; parent: Account }) {
  const send = async (user: Account, command: Omit<UserCommand, "metadata">) => {
    const commandId = idFrom("seed-profile", user.userId, command.type);
    const result = await handleCommand(deps, userDecider, userStream(user.userId), {
      ...command,
      metadata: { commandId, organizationId, actorId: user.userId, correlationId: commandId },
    } as UserCommand);
    if (!result.ok) throw new Error(`seeding ${user.username}'s profile: ${result.error.message}`);
  };
  await send(admin, {
    type: "EditOwnProfile",
    data: { userId: admin.userId, firstName: admin.firstName, lastName: admin.lastName, email: admin.username, phoneNumber },
  });
  await send(parent, { type: "SetNotificationPreferences", data: { userId: parent.userId, newsletters: false, programUpdates: true } });
}
