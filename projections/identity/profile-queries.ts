import type { Kysely } from "kysely";
import type { ReadModels } from "../read-models";

export type OwnProfileRow = {
  id: string;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  phone_number: string;
  notify_newsletters: boolean;
  notify_program_updates: boolean;
};

/** A user's own profile as /my-profile and GET /api/user/me show it (decision 060), or undefined. */
export async function ownProfileRow(db: Kysely<ReadModels>, userId: string): Promise<OwnProfileRow | undefined> {
  return db
    .selectFrom("rm_users")
    .select(["id", "first_name", "last_name", "username", "email", "phone_number", "notify_newsletters", "notify_program_updates"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/**
 * Which optional e-mails an address receives (decision 060), for the mail context: newsletters and program and
 * event updates. An address with no account gets both (it is no one's choice to keep); transactional mail
 * (invitations, password resets) does not ask. Several accounts sharing an address (never from the forms:
 * an e-mail is unique) receive one only when all of them want it.
 */
export async function notificationPreferencesOf(db: Kysely<ReadModels>, email: string): Promise<{ newsletters: boolean; programUpdates: boolean }> {
  const row = await db
    .selectFrom("rm_users")
    .select((eb) => [eb.fn<boolean | null>("bool_and", ["notify_newsletters"]).as("newsletters"), eb.fn<boolean | null>("bool_and", ["notify_program_updates"]).as("program_updates")])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return { newsletters: row?.newsletters ?? true, programUpdates: row?.program_updates ?? true };
}
