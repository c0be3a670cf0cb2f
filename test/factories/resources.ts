import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import type { BlobStorage } from "../../modules/storage";
import { storageKeyOf } from "../../modules/uploads";
import { resourceDecider, resourceOpensStreamId, resourceStreamId, type ResourceCommand, type ResourceFields, type ResourceOpened } from "../../modules/resources";

type Deps = { store: EventStore; clock: Clock };
type Org = { id: string; name: string };

/** Where the demo handbook is stored in each demo organization (written at start-up: see ensureDemoResourceFiles). */
export const DEMO_HANDBOOK_PATH = "resources/demo-handbook/member-handbook.pdf";

const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`);

/** A small, valid one-page PDF: the organization's member handbook (its text drawn in Helvetica). */
export function demoHandbookPdf(organizationName: string): Buffer {
  const lines = [
    `${organizationName}: Member Handbook`,
    "",
    "Welcome! This handbook explains how our programs run.",
    "1. Check in at the front desk each time you arrive, and check out when you leave.",
    "2. A parent or guardian signs the waiver before a member's first program.",
    "3. Tell a staff member about allergies or medication (an EpiPen, for example).",
    "4. Treat everyone with respect: staff, volunteers and other members.",
    "5. Points are earned for attendance, challenges and life skills, and spent in the store.",
    "Questions? Ask any staff member or write to the front desk.",
  ];
  const content = ["BT", "/F1 18 Tf", "50 760 Td", ...lines.flatMap((line, i) => [...(i === 1 ? ["/F1 11 Tf"] : []), `(${escapePdf(line)}) Tj`, "0 -22 Td"]), "ET"].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

export const demoResourceId = (organizationId: string, index: number) => idFrom("demo", "resource", organizationId, index);

/** The demo resources (decision 101) and how often each was opened: a PDF handbook, links for everyone, a parents-only and a coaches-only item. */
export function demoResources(org: Org, groups: { parent: string; coach: string }): { fields: ResourceFields; opens: number }[] {
  const handbook = demoHandbookPdf(org.name);
  const base = { filePath: null, fileName: null, contentType: null, bytes: null, groupIds: [] as string[], visibility: "everyone" as const };
  return [
    {
      fields: { ...base, title: "Member Handbook", description: "How our programs run: checking in and out, waivers, health and safety, and points.", kind: "file", url: null, filePath: DEMO_HANDBOOK_PATH, fileName: "member-handbook.pdf", contentType: "application/pdf", bytes: handbook.length },
      opens: 14,
    },
    { fields: { ...base, title: "Season calendar", description: "Program dates, holidays and special events for the season.", kind: "link", url: "https://www.example.org/season-calendar" }, opens: 9 },
    {
      fields: { ...base, title: "Pick-up guide for parents", description: "Who may collect a child, and what to bring when you pick up.", kind: "link", url: "https://www.example.org/pick-up-guide", visibility: "groups", groupIds: [groups.parent] },
      opens: 4,
    },
    {
      fields: { ...base, title: "Coach safety checklist", description: "The checks to run before every session.", kind: "link", url: "https://www.example.org/coach-safety-checklist", visibility: "groups", groupIds: [groups.coach] },
      opens: 2,
    },
  ];
}

/** Seeds the demo resources of an organization, added by its admin, and their opens by its members. */
export async function seedDemoResources(deps: Deps, org: Org, groups: { parent: string; coach: string }, adminId: string, openers: readonly string[]): Promise<void> {
  const now = deps.clock.now().getTime();
  for (const [index, { fields, opens }] of demoResources(org, groups).entries()) {
    const resourceId = demoResourceId(org.id, index);
    const commandId = idFrom("demo-seed", "resource", org.id, index);
    const result = await handleCommand(deps, resourceDecider, resourceStreamId(resourceId), { type: "AddResource", data: { organizationId: org.id, resourceId, fields }, metadata: { commandId, organizationId: org.id, actorId: adminId } } as ResourceCommand);
    if (!result.ok) throw new Error(`seeding the resource ${fields.title}: ${result.error.message}`);
    const events = Array.from({ length: opens }, (_, n) => {
      const eventId = idFrom("demo-seed", "resource-open", org.id, index, n);
      const userId = openers[n % openers.length]!;
      return {
        type: "ResourceOpened" as const,
        data: { organizationId: org.id, resourceId, userId },
        eventId,
        metadata: { organizationId: org.id, actorId: userId, commandId: eventId, correlationId: eventId, causationId: null, occurredAt: new Date(now - (opens - n) * 3_600_000).toISOString() },
      };
    });
    if (events.length > 0) await deps.store.appendToStream<ResourceOpened>(resourceOpensStreamId(resourceId), events, { expectedRevision: "any" });
  }
}

/**
 * Writes the demo handbook into each demo organization's storage when it is not there (the seed records
 * events only; a copied template database comes without files). Cheap: one stat per organization.
 */
export async function ensureDemoResourceFiles(storage: BlobStorage, organizations: readonly Org[]): Promise<void> {
  for (const org of organizations) {
    const key = storageKeyOf(org.id, DEMO_HANDBOOK_PATH);
    if (await storage.stat(key)) continue;
    await storage.write(key, [demoHandbookPdf(org.name)]);
  }
}
