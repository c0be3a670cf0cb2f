import { handleStaffUserCommand, LEVEL, type GroupFact, type StaffUserInput } from "../../modules/identity";
import { idFrom, type Clock, type EventStore } from "../../modules/kernel";

type Deps = { store: EventStore; clock: Clock };
type Org = { id: string; domain: string };
type Groups = Record<string, { id: string; level: number }>;

/**
 * The demo staff of each organization's user lists (decision 061), created by the organization account as
 * staff create them (no password, invitation Pending): coaches and admins, a few Inactive and Alumni with
 * their reasons, so each staff group's list shows people of every status on first start.
 */
export const DEMO_STAFF: readonly (Omit<StaffUserInput, "email" | "user_group_id"> & { group: "coach" | "admin" | "organization" })[] = [
  { first_name: "Marcus", last_name: "Bell", phone_number: "416 555 0142", group: "coach", status: "Active" },
  { first_name: "Nina", last_name: "Patel", phone_number: "416 555 0178", group: "coach", status: "Active" },
  { first_name: "Owen", last_name: "Reyes", phone_number: "", group: "coach", status: "Active" },
  { first_name: "Lucia", last_name: "Moreno", phone_number: "647 555 0190", group: "coach", status: "Inactive", status_reason: "On leave until the spring season" },
  { first_name: "Theo", last_name: "Nakamura", phone_number: "", group: "coach", status: "Alumni", status_reason: "Coached the 2024 basketball program; now at university" },
  { first_name: "Fatima", last_name: "Haddad", phone_number: "416 555 0111", group: "admin", status: "Active" },
  { first_name: "George", last_name: "Whitfield", phone_number: "", group: "admin", status: "Alumni", status_reason: "Retired in June" },
  { first_name: "Iris", last_name: "Okafor", phone_number: "905 555 0123", group: "organization", status: "Active" },
];

export const demoStaffEmail = (s: { first_name: string; last_name: string }, domain: string) => `${s.first_name}.${s.last_name}@${domain}`.toLowerCase();

export async function seedDemoStaffUsers(deps: Deps, org: Org, groups: Groups, organizationAccountId: string): Promise<number> {
  const facts: GroupFact[] = Object.values(groups).map((g) => ({ id: g.id, level: g.level }));
  for (const s of DEMO_STAFF) {
    const { group, ...fields } = s;
    const commandId = idFrom("demo-seed", "staff-user", org.id, s.first_name, s.last_name);
    const result = await handleStaffUserCommand(deps, {
      type: "CreateStaffUser",
      data: {
        userId: idFrom("staff-user", org.id, commandId),
        input: { ...fields, email: demoStaffEmail(s, org.domain), user_group_id: groups[group]!.id },
        actor: { userId: organizationAccountId, level: LEVEL.organization },
        groups: facts,
      },
      metadata: { commandId, organizationId: org.id, actorId: organizationAccountId, correlationId: commandId },
    });
    if (!result.ok) throw new Error(`seeding staff user ${s.first_name} ${s.last_name}: ${result.error.message}`);
  }
  return DEMO_STAFF.length;
}
