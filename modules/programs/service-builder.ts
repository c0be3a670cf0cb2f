import type { Auth, Services } from "../identity";
import { currentSessionsOf, programById, programList } from "../../projections/programs";
import { coachChoicesOf } from "../../projections/identity";
import { programRulesOf } from "./handlers";

/**
 * The Program Builder page (/program-builder, decision 049): the organization's programs (active or
 * archived), the staff it may name as coaches (Active staff, and any the edited program already names:
 * decision 070), the rules its form checks before sending (the program cycle, the schedule window,
 * Saturday and Sunday), and the program being edited, if any.
 */
export async function programBuilderOf(services: Pick<Services, "db">, auth: Auth, asked: { status?: string | null; edit?: string | null }) {
  const status = asked.status === "archived" ? "archived" : "active";
  const organizationId = auth.organization.id;
  const [page, editing, sessions] = await Promise.all([
    programList(services.db, organizationId, { search: "", sort: { field: "name", desc: false }, page: 0, size: 500, status }),
    asked.edit && asked.edit !== "new" ? programById(services.db, organizationId, asked.edit) : Promise.resolve(null),
    currentSessionsOf(services.db, organizationId),
  ]);
  // the coach picker: Active staff, and those the edited program already names (decision 070)
  const staff = await coachChoicesOf(services.db, organizationId, editing?.coach_ids ?? []);
  const { maxPrograms: _max, timeZone: _zone, ...rules } = programRulesOf(auth.organization);
  return {
    status,
    programs: page.data.map((p) => ({ ...p, sessions: sessions.get(p.id) ?? [] })),
    count: page.count,
    staff: staff.map((s) => ({ id: s.id, name: `${s.first_name} ${s.last_name}`.trim(), role: s.status === "Active" ? s.role : `${s.role}, ${s.status}` })),
    rules,
    editing,
  };
}
