import { idFrom, type EventStore, type NewEvent } from "../../modules/kernel";

/** The demo organizations (the domain issues extend this seed with their own data). */
export const demoOrganizations = [
  { id: idFrom("demo", "organization", "maple-street-school"), name: "Maple Street School", type: "school" },
  { id: idFrom("demo", "organization", "northside-youth-centre"), name: "Northside Youth Centre", type: "other" },
] as const;

/** Appends the demo data when the store holds no event yet; returns how many events it wrote. */
export async function seedDemoDataIfEmpty(store: EventStore, now = new Date()): Promise<number> {
  if ((await store.headPosition()) > 0) return 0;
  let written = 0;
  for (const org of demoOrganizations) {
    const commandId = idFrom("demo-seed", org.id);
    const event: NewEvent = {
      type: "OrganizationRegistered",
      data: { organizationId: org.id, name: org.name, type: org.type },
      eventId: idFrom(commandId, 0),
      metadata: {
        organizationId: org.id,
        actorId: null,
        commandId,
        correlationId: commandId,
        causationId: null,
        occurredAt: now.toISOString(),
      },
    };
    // idempotent: a second seeding process appends nothing (same event ids)
    const result = await store.appendToStream(`organization-${org.id}`, [event], { expectedRevision: "any" });
    if (!result.duplicate) written++;
  }
  return written;
}
