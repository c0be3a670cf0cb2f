import { z } from "zod";
import { RESOURCE_KINDS, RESOURCE_VISIBILITIES } from "./events";
import { RESOURCE_LIMITS as L } from "./limits";

/** Browser-safe: the resource calls' schemas (decision 101), one for the page's form and the /api rows. */

const text = (label: string, max: number) => z.string({ error: `${label} must be text` }).trim().max(max, { error: `${label} must be at most ${max} characters` });

/** Only http and https links: a javascript:, data: or file: address is refused, as is anything that is no address. */
export function linkProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "The link must be a full web address, starting with http:// or https://";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "The link must start with http:// or https://";
  if (!url.hostname) return "The link must name a web site";
  return null;
}

export const resourceInputSchema = z
  .object({
    title: text("Title", L.title).min(1, { error: "Title is required" }),
    description: text("Description", L.description).default(""),
    kind: z.enum(RESOURCE_KINDS, { error: "Kind must be file or link" }),
    url: text("Link", L.url).optional().transform((v) => (v ? v : undefined)),
    file_path: z.string({ error: "file_path must be text" }).trim().max(600, { error: "file_path is too long" }).optional().transform((v) => (v ? v : undefined)),
    visibility: z.enum(RESOURCE_VISIBILITIES, { error: "Visibility must be everyone or groups" }).default("everyone"),
    group_ids: z
      .array(z.string({ error: "group_ids must be a list of user group ids" }).trim().min(1).max(64, { error: "A user group id is too long" }), { error: "group_ids must be a list" })
      .max(L.groups, { error: `At most ${L.groups} user groups` })
      .default([]),
    command_id: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "link") {
      if (!v.url) ctx.addIssue({ code: "custom", path: ["url"], message: "Link is required" });
      else {
        const problem = linkProblem(v.url);
        if (problem) ctx.addIssue({ code: "custom", path: ["url"], message: problem });
      }
    }
    if (v.kind === "file" && !v.file_path) ctx.addIssue({ code: "custom", path: ["file_path"], message: "Choose a file to upload" });
    if (v.visibility === "groups" && v.group_ids.length === 0) ctx.addIssue({ code: "custom", path: ["group_ids"], message: "Choose at least one user group" });
  });
export type ResourceInput = z.output<typeof resourceInputSchema>;

export const resourceListQuery = z.object({
  page: z.coerce.number({ error: "Page must be a number" }).int({ error: "Page must be a whole number" }).min(0, { error: "Page must be 0 or more" }).max(100_000, { error: "Page is too large" }).default(0),
  size: z.coerce.number({ error: "Size must be a number" }).int({ error: "Size must be a whole number" }).min(1, { error: "Size must be at least 1" }).max(100, { error: "Size must be at most 100" }).default(50),
  search: z.string().max(100, { error: "Search must be at most 100 characters" }).optional(),
  status: z.enum(["active", "archived"], { error: "Status must be active or archived" }).default("active"),
});
export type ResourceListQuery = z.output<typeof resourceListQuery>;
