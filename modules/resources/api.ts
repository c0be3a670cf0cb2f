import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, signedIn, type AccessRule, type ApiRow } from "../identity";
import { RESOURCE_MANAGER_PERMISSION } from "./access";
import { openResourceFile, uploadResourceFile } from "./files";
import { RESOURCE_LIMITS, RESOURCE_TOASTS } from "./limits";
import { resourceListQuery } from "./schema";
import { archiveResource, createResource, resourceCall, resourcesList, updateResource, visibleResource } from "./service";

/** Anyone signed in but a kiosk, with the organization's document feature on: the service narrows to what is shown to their group. */
const READ = { auth: "required", features: ["document"] } as const satisfies AccessRule;
/** Staff with 'create communications' (decision 101). */
const MANAGE = { auth: "required", level: LEVELS.staff, anyPermission: [RESOURCE_MANAGER_PERMISSION], features: ["document"] } as const satisfies AccessRule;

const RESOURCE_ANSWER = z.looseObject({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(["file", "link"]),
  format: z.string(),
  visibility: z.enum(["everyone", "groups"]),
  open_url: z.string(),
  created_date: A.isoTime,
});
const CHANGED = (message: string) => z.looseObject({ message: z.literal(message), data: RESOURCE_ANSWER });
const FILE_ANSWER = z.looseObject({ message: z.string(), file_path: z.string(), file_name: z.string(), content_type: z.string(), bytes: A.count });

/** Resources (spec-1 sections 2 and 3, `features.document`; decision 101): the generic convention for node `resource`, its file upload and the counted open. */
export const resourcesApi: readonly ApiRow[] = [
  apiRow({
    id: "resource-list",
    method: "GET",
    path: "/api/resource",
    description: "The resources, newest first (page, size, search; status=archived for those who manage them): staff with 'create communications' see every one with its download count; others those shown to everyone and to their user group.",
    rule: READ,
    query: resourceListQuery,
    answers: { description: "{ data, count, additional_info }", schema: A.listAnswer(RESOURCE_ANSWER, z.looseObject({ manage: z.boolean() })) },
    handle: (ctx) => resourcesList(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "resource-file",
    method: "POST",
    path: "/api/resource/file",
    description: `Upload a resource's file (a multipart form with file): PDF, images, Word, Excel, PowerPoint or OpenDocument by its bytes, at most ${RESOURCE_LIMITS.fileBytes / (1024 * 1024)} MB (413 beyond). Answers the file_path to create the resource with.`,
    rule: MANAGE,
    maxBodyBytes: "streamed",
    answers: { description: "{ message, file_path, file_name, content_type, bytes }", schema: FILE_ANSWER },
    handle: (ctx) => uploadResourceFile(ctx.services, signedIn(ctx), ctx.request),
  }),
  apiRow({
    id: "resource-create",
    method: "POST",
    path: "/api/resource",
    description: "Add a resource: { title (at most 120), description, kind (file or link), file_path (kind file) or url (kind link: http or https only), visibility (everyone or groups), group_ids (the organization's user groups) }.",
    rule: MANAGE,
    maxBodyBytes: RESOURCE_LIMITS.bodyBytes,
    answers: { description: "{ message: 'Resource successfully created', data }", schema: CHANGED(RESOURCE_TOASTS.created) },
    handle: (ctx) => createResource(ctx.services, signedIn(ctx), ctx.request, ctx.body),
  }),
  apiRow({
    id: "resource-detail",
    method: "GET",
    path: "/api/resource/:id",
    description: "One resource the caller may see (404 for one not shown to their group, archived, or of another organization).",
    rule: READ,
    answers: { description: "The resource", schema: RESOURCE_ANSWER },
    handle: (ctx) => resourceCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "resource-open",
    method: "GET",
    path: "/api/resource/:id/open",
    description: "Open or download a resource the caller may see: the open is counted, then a link redirects (302) and a file streams (PDFs and images inline, office files as attachments).",
    rule: READ,
    answers: { description: "The file's bytes, or a redirect to the link", contentType: "application/octet-stream" },
    handle: async (ctx) => {
      const auth = signedIn(ctx);
      return openResourceFile(ctx.services, auth, await visibleResource(ctx.services, auth, ctx.params.id));
    },
  }),
  apiRow({
    id: "resource-update",
    method: "PUT",
    path: "/api/resource/:id",
    description: "Edit a resource: the same fields as POST (a file kept by sending its file_path back).",
    rule: MANAGE,
    maxBodyBytes: RESOURCE_LIMITS.bodyBytes,
    answers: { description: "{ message: 'Resource successfully updated', data }", schema: CHANGED(RESOURCE_TOASTS.updated) },
    handle: (ctx) => updateResource(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, ctx.body),
  }),
  apiRow({
    id: "resource-delete",
    method: "DELETE",
    path: "/api/resource/:id",
    description: "Archive a resource: members no longer see it; its download count stays.",
    rule: MANAGE,
    answers: { description: "{ message: 'Resource successfully deleted', data: { id } }", schema: z.looseObject({ message: z.literal(RESOURCE_TOASTS.deleted), data: z.looseObject({ id: z.string() }) }) },
    handle: (ctx) => archiveResource(ctx.services, signedIn(ctx), ctx.request, ctx.params.id),
  }),
];
