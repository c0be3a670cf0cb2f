import { describe, expect, it } from "vitest";
import { DomainError } from "../kernel";
import { decideResource, resourceDecider, visibleToGroup, type ResourceCommand, type ResourceState } from "./decide";
import type { ResourceEvent, ResourceFields } from "./events";
import { resourceInputSchema } from "./schema";
import { sniffResource } from "./sniff";

const ORG = "org-1";
const FIELDS: ResourceFields = { title: "Handbook", description: "", kind: "link", url: "https://example.org/a", filePath: null, fileName: null, contentType: null, bytes: null, visibility: "everyone", groupIds: [] };
const meta = { commandId: "c-1", organizationId: ORG, actorId: "admin-1" };
const given = (events: ResourceEvent[]): ResourceState => events.reduce(resourceDecider.evolve, resourceDecider.initialState());
const added: ResourceEvent = { type: "ResourceAdded", data: { ...FIELDS, organizationId: ORG, resourceId: "r-1", addedBy: "admin-1" } };

describe("a resource's stream (decision 101)", () => {
  it("adds, edits and archives; an archived one and another organization's are not found", () => {
    const add = decideResource(given([]), { type: "AddResource", data: { organizationId: ORG, resourceId: "r-1", fields: FIELDS }, metadata: meta });
    expect(add).toEqual([added]);
    const update: ResourceCommand = { type: "UpdateResource", data: { organizationId: ORG, resourceId: "r-1", fields: { ...FIELDS, title: "New" } }, metadata: meta };
    expect((decideResource(given([added]), update) as ResourceEvent[])[0]).toMatchObject({ type: "ResourceUpdated", data: { title: "New", updatedBy: "admin-1" } });
    const archived = given([added, { type: "ResourceArchived", data: { organizationId: ORG, resourceId: "r-1", archivedBy: "admin-1" } }]);
    expect((decideResource(archived, update) as DomainError).status).toBe(404);
    expect((decideResource(given([added]), { ...update, data: { ...update.data, organizationId: "org-2" } }) as DomainError).code).toBe("RESOURCE_NOT_FOUND");
    expect((decideResource(given([]), { type: "ArchiveResource", data: { organizationId: ORG, resourceId: "r-1" }, metadata: meta }) as DomainError).status).toBe(404);
  });

  it("shows a resource to everyone, or to members of its groups only", () => {
    expect(visibleToGroup({ visibility: "everyone", groupIds: [] }, null)).toBe(true);
    expect(visibleToGroup({ visibility: "groups", groupIds: ["g-parent"] }, "g-parent")).toBe(true);
    expect(visibleToGroup({ visibility: "groups", groupIds: ["g-parent"] }, "g-child")).toBe(false);
    expect(visibleToGroup({ visibility: "groups", groupIds: ["g-parent"] }, null)).toBe(false);
  });
});

describe("the resource input", () => {
  const message = (body: unknown) => {
    const parsed = resourceInputSchema.safeParse(body);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };
  it("takes only http and https links, a title of at most 120 characters, and groups when shown to groups", () => {
    expect(message({ title: "A", kind: "link", url: "https://example.org" })).toBeNull();
    expect(message({ title: "A", kind: "link", url: "javascript:alert(1)" })).toBe("The link must start with http:// or https://");
    expect(message({ title: "A", kind: "link", url: "data:text/html,hi" })).toBe("The link must start with http:// or https://");
    expect(message({ title: "A", kind: "link", url: "not a url" })).toMatch(/full web address/);
    expect(message({ title: "x".repeat(121), kind: "link", url: "https://example.org" })).toBe("Title must be at most 120 characters");
    expect(message({ title: " ", kind: "link", url: "https://example.org" })).toBe("Title is required");
    expect(message({ title: "A", kind: "file" })).toBe("Choose a file to upload");
    expect(message({ title: "A", kind: "link", url: "https://example.org", visibility: "groups" })).toBe("Choose at least one user group");
  });
});

describe("what a resource file may be", () => {
  const bytes = (...b: number[]) => new Uint8Array([...b, ...Array(12).fill(0)]);
  it("is a PDF or web image by its bytes, an office file by its container and extension; nothing else", () => {
    expect(sniffResource(new TextEncoder().encode("%PDF-1.4\n....."), "a.bin")).toBe("application/pdf");
    expect(sniffResource(bytes(0x50, 0x4b, 0x03, 0x04), "plan.docx")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(sniffResource(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), "budget.xls")).toBe("application/vnd.ms-excel");
    // a zip named .doc, an OLE file named .docx, a plain zip, HTML and an executable are refused
    expect(sniffResource(bytes(0x50, 0x4b, 0x03, 0x04), "a.doc")).toBeNull();
    expect(sniffResource(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), "a.docx")).toBeNull();
    expect(sniffResource(bytes(0x50, 0x4b, 0x03, 0x04), "a.zip")).toBeNull();
    expect(sniffResource(new TextEncoder().encode("<html><script>x</script>"), "a.html")).toBeNull();
    expect(sniffResource(bytes(0x4d, 0x5a), "setup.exe")).toBeNull();
  });
});
