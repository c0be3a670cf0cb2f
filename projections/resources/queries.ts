import { sql, type Kysely } from "kysely";
import type { ReadModels } from "../read-models";

export type ResourceRow = {
  id: string;
  organization_id: string;
  title: string;
  description: string;
  kind: "file" | "link";
  url: string | null;
  file_path: string | null;
  file_name: string | null;
  content_type: string | null;
  bytes: number | null;
  visibility: "everyone" | "groups";
  group_ids: string[];
  archived: boolean;
  downloads: number;
  last_opened_at: Date | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
};

export type ResourceFilter = {
  page: number;
  size: number;
  search?: string;
  archived: boolean;
  /** only the resources a member of this group sees (everyone's and the group's); undefined: all of them (staff who manage) */
  groupId?: string | null;
};

/** A page of the organization's resources, newest first, and how many there are. */
export async function resourcesPage(db: Kysely<ReadModels>, organizationId: string, filter: ResourceFilter): Promise<{ rows: ResourceRow[]; count: number }> {
  let query = db.selectFrom("rm_resources").where("organization_id", "=", organizationId).where("archived", "=", filter.archived);
  if (filter.groupId !== undefined) {
    const group = filter.groupId;
    query = group === null ? query.where("visibility", "=", "everyone") : query.where((eb) => eb.or([eb("visibility", "=", "everyone"), sql<boolean>`group_ids ? ${group}`]));
  }
  const search = filter.search?.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb("title", "ilike", like), eb("description", "ilike", like)]));
  }
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy("created_at", "desc").orderBy("id").limit(filter.size).offset(filter.page * filter.size).execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  return { rows: rows as unknown as ResourceRow[], count: Number(total?.n ?? 0) };
}

/** One resource of the organization (archived or not), or undefined. */
export async function resourceById(db: Kysely<ReadModels>, organizationId: string, id: string): Promise<ResourceRow | undefined> {
  const row = await db.selectFrom("rm_resources").selectAll().where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
  return row as unknown as ResourceRow | undefined;
}
