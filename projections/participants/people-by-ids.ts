import type { Kysely } from "kysely";
import { isUuid } from "../../modules/kernel";
import type { ReadModels } from "../read-models";

export type NamedPerson = { id: string; member_id: string; first_name: string; last_name: string; full_name: string };

/** These participants of the organization with their names and Member IDs (ids that are not uuids find nobody), by last then first name. */
export async function namedPeopleByIds(db: Kysely<ReadModels>, organizationId: string, ids: readonly string[]): Promise<NamedPerson[]> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return [];
  return db
    .selectFrom("rm_participants")
    .select(["id", "member_id", "first_name", "last_name", "full_name"])
    .where("organization_id", "=", organizationId)
    .where("id", "in", wanted)
    .orderBy("last_name")
    .orderBy("first_name")
    .execute();
}
