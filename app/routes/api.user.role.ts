import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { listUserGroups } from "#projections/identity";
import { api, signedIn } from "~/utils/api.server";
import { isKiosk } from "#modules/identity";

const FIELDS = ["id", "name", "display_name", "level", "icon", "scheme", "permission_ids"] as const;
type Field = (typeof FIELDS)[number];

const boolParam = z.enum(["true", "false"], { error: "must be true or false" }).optional();
const query = z.object({
  status: z.enum(["Active"], { error: "Status must be Active" }).optional(),
  level: z.string().regex(/^[1-7](,[1-7])*$/, "Level must be a list of levels from 1 to 7").optional(),
  fields: z.string().optional(),
  sort: z.string().optional(),
  sidebar: boolParam,
  kiosk: boolParam,
  communication: boolParam,
  search: z.string().max(100).optional(),
});

/**
 * GET /api/user/role: the organization's user groups for pickers and the sidebar. `level` is a list
 * (1,2,3), `fields` picks columns, `sort` is `level` (descending by default, `level,asc` to flip),
 * `kiosk=false` leaves the kiosk group out, `sidebar=true` lists only groups that get a sidebar entry.
 */
export const loader = (args: LoaderFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    const url = new URL(ctx.request.url);
    const q = query.parse(Object.fromEntries(url.searchParams));
    const levels = q.level?.split(",").map(Number);
    const sort = q.sort && /asc/i.test(q.sort) ? "level_asc" : q.sort && /^name/i.test(q.sort) ? "name_asc" : "level_desc";
    let groups = await listUserGroups(ctx.services.db, auth.organization.id, { levels, sort, search: q.search });
    if (q.kiosk === "false" || q.sidebar === "true") groups = groups.filter((g) => !isKiosk(g.level));
    if (q.sidebar === "true") groups = groups.filter((g) => g.level <= auth.user.roleLevel);
    const wanted = (q.fields?.split(",").map((f) => f.trim()).filter((f): f is Field => (FIELDS as readonly string[]).includes(f)) ?? []) as Field[];
    const data = groups.map((g) => {
      const full: Record<Field, unknown> = {
        id: g.id,
        name: g.name,
        display_name: g.display_name,
        level: g.level,
        icon: g.icon,
        scheme: g.scheme,
        permission_ids: g.permission_ids,
      };
      return wanted.length ? Object.fromEntries(wanted.map((f) => [f, full[f]])) : full;
    });
    return { data, count: data.length, additional_info: {} };
  });
