import type { z } from "zod";
import { commandIdOf, isKiosk, type Auth, type RoleLevel, type Services } from "../identity";
import { DomainError, handleCommand, idFrom, isUuid, newId, validationError } from "../kernel";
import { listUserGroups, userGroupIdOf } from "../../projections/identity";
import { resourceById, resourcesPage, type ResourceRow } from "../../projections/resources";
import { waitForProjection } from "../../projections/runner";
import { mayManageResources, resourceForbidden } from "./access";
import { resourceDecider, resourceNotFound, type ResourceCommand } from "./decide";
import { resourceStreamId, type ResourceFields } from "./events";
import { storedResourceFile } from "./files";
import { formatLabel } from "./format";
import { RESOURCE_TOASTS } from "./limits";
import { resourceInputSchema, type ResourceInput, type resourceListQuery } from "./schema";

/** A resource as the calls and the page show it; the download count only to those who manage resources. */
export type ResourceView = {
  id: string;
  title: string;
  description: string;
  kind: "file" | "link";
  format: string;
  url: string | null;
  file_name: string | null;
  content_type: string | null;
  bytes: number | null;
  visibility: "everyone" | "groups";
  group_ids: string[];
  groups: string[];
  open_url: string;
  archived: boolean;
  file_path?: string | null;
  downloads?: number;
  last_opened_date?: string | null;
  created_date: string;
  updated_date: string;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function viewOf(row: ResourceRow, manage: boolean, groupNames: Map<string, string>): ResourceView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    kind: row.kind,
    format: formatLabel(row.kind, row.content_type),
    url: row.kind === "link" ? row.url : null,
    file_name: row.file_name,
    content_type: row.content_type,
    bytes: row.bytes,
    visibility: row.visibility,
    group_ids: manage ? row.group_ids : [],
    groups: manage ? row.group_ids.map((id) => groupNames.get(id) ?? "Removed group") : [],
    open_url: `/api/resource/${row.id}/open`,
    archived: row.archived,
    ...(manage && { file_path: row.file_path, downloads: row.downloads, last_opened_date: iso(row.last_opened_at) }),
    created_date: iso(row.created_at)!,
    updated_date: iso(row.updated_at)!,
  };
}

async function groupNamesOf(services: Services, organizationId: string) {
  const groups = await listUserGroups(services.db, organizationId);
  return new Map(groups.map((g) => [g.id, g.display_name || g.name]));
}

/**
 * A resource the caller may see, or 404: another organization's, an archived one (but to those who manage
 * them) and one shown only to groups the caller is not in are all not found.
 */
export async function visibleResource(services: Services, auth: Auth, id: string | undefined): Promise<ResourceRow> {
  const row = id && isUuid(id) ? await resourceById(services.db, auth.organization.id, id) : undefined;
  if (!row) throw resourceNotFound();
  if (mayManageResources(auth)) return row;
  if (row.archived) throw resourceNotFound();
  if (row.visibility !== "everyone") {
    const groupId = await userGroupIdOf(services.db, auth.user.id);
    if (!groupId || !row.group_ids.includes(groupId)) throw resourceNotFound();
  }
  return row;
}

/** GET /api/resource: those who manage resources see them all (status archived: the archived ones); others what is shown to everyone and to their group. */
export async function resourcesList(services: Services, auth: Auth, query: z.output<typeof resourceListQuery>) {
  const manage = mayManageResources(auth);
  if (query.status === "archived" && !manage) throw resourceForbidden();
  const groupId = manage ? undefined : await userGroupIdOf(services.db, auth.user.id);
  const [{ rows, count }, names] = await Promise.all([
    resourcesPage(services.db, auth.organization.id, { page: query.page, size: query.size, search: query.search, archived: query.status === "archived", groupId }),
    manage ? groupNamesOf(services, auth.organization.id) : Promise.resolve(new Map<string, string>()),
  ]);
  return { data: rows.map((r) => viewOf(r, manage, names)), count, additional_info: { manage } };
}

/** GET /api/resource/{id} */
export async function resourceCall(services: Services, auth: Auth, id: string | undefined) {
  const manage = mayManageResources(auth);
  const row = await visibleResource(services, auth, id);
  return viewOf(row, manage, manage ? await groupNamesOf(services, auth.organization.id) : new Map());
}

/** The fields to record, from the input: the groups must be the organization's, a file must be stored there and be an accepted format. */
async function fieldsOf(services: Services, auth: Auth, input: ResourceInput): Promise<ResourceFields> {
  const groupIds = input.visibility === "groups" ? [...new Set(input.group_ids)] : [];
  if (groupIds.length > 0) {
    const known = new Set((await listUserGroups(services.db, auth.organization.id)).map((g) => g.id));
    const unknown = groupIds.find((g) => !known.has(g));
    if (unknown) throw new DomainError("UNKNOWN_USER_GROUP", `Unknown user group: ${unknown.slice(0, 64)}`, 400, { field: "group_ids" });
  }
  const base = { title: input.title, description: input.description, visibility: input.visibility, groupIds };
  if (input.kind === "link") return { ...base, kind: "link", url: input.url!, filePath: null, fileName: null, contentType: null, bytes: null };
  const file = await storedResourceFile(services, auth.organization.id, input.file_path!);
  return { ...base, kind: "file", url: null, filePath: file.path, fileName: file.name, contentType: file.contentType, bytes: file.bytes };
}

const parse = (body: unknown) => {
  const parsed = resourceInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
};

async function run(services: Services, resourceId: string, command: ResourceCommand) {
  const result = await handleCommand({ store: services.store, clock: services.clock }, resourceDecider, resourceStreamId(resourceId), command);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "resources", { atLeast: position });
}

const meta = (auth: Auth, commandId: string) => ({ commandId, organizationId: auth.organization.id, actorId: auth.user.id });
const requireManager = (auth: Auth) => {
  if (!mayManageResources(auth)) throw resourceForbidden();
};

/** POST /api/resource: a file (file_path from POST /api/resource/file) or a link, shown to everyone or to chosen groups. */
export async function createResource(services: Services, auth: Auth, request: Request | null, body: unknown) {
  requireManager(auth);
  const input = parse(body);
  const fields = await fieldsOf(services, auth, input);
  const commandId = request ? commandIdOf(auth, request, input.command_id) : newId();
  const resourceId = idFrom("resource", commandId);
  await run(services, resourceId, { type: "AddResource", data: { organizationId: auth.organization.id, resourceId, fields }, metadata: meta(auth, commandId) });
  return { message: RESOURCE_TOASTS.created, data: await resourceCall(services, auth, resourceId) };
}

/** PUT /api/resource/{id}: the whole resource again (a file kept by sending its file_path back). */
export async function updateResource(services: Services, auth: Auth, request: Request | null, id: string | undefined, body: unknown) {
  requireManager(auth);
  const row = await visibleResource(services, auth, id);
  if (row.archived) throw resourceNotFound();
  const input = parse(body);
  const fields = await fieldsOf(services, auth, input);
  const commandId = request ? commandIdOf(auth, request, input.command_id) : newId();
  await run(services, row.id, { type: "UpdateResource", data: { organizationId: auth.organization.id, resourceId: row.id, fields }, metadata: meta(auth, commandId) });
  return { message: RESOURCE_TOASTS.updated, data: await resourceCall(services, auth, row.id) };
}

/** DELETE /api/resource/{id}: archived (members no longer see it; its history and count stay). */
export async function archiveResource(services: Services, auth: Auth, request: Request | null, id: string | undefined) {
  requireManager(auth);
  const row = await visibleResource(services, auth, id);
  if (row.archived) throw resourceNotFound();
  const commandId = request ? commandIdOf(auth, request) : newId();
  await run(services, row.id, { type: "ArchiveResource", data: { organizationId: auth.organization.id, resourceId: row.id }, metadata: meta(auth, commandId) });
  return { message: RESOURCE_TOASTS.deleted, data: { id: row.id } };
}

/** The user groups a resource may be shown to (the form's choices): not the kiosk's, which has no resources. */
export async function resourceGroupChoices(services: Services, auth: Auth) {
  const groups = await listUserGroups(services.db, auth.organization.id, { sort: "level_asc" });
  return groups.filter((g) => !isKiosk(g.level as RoleLevel)).map((g) => ({ id: g.id, name: g.display_name || g.name }));
}
