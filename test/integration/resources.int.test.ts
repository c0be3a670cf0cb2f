import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoHandbookPdf } from "../factories/resources";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Failure = { code: string; message: string };
type Resource = { id: string; title: string; kind: string; format: string; visibility: string; group_ids: string[]; groups: string[]; open_url: string; downloads?: number; file_name: string | null; content_type: string | null; bytes: number | null };
type List = { data: Resource[]; count: number; additional_info: { manage: boolean } };

/**
 * Resources (decision 101) on real PostgreSQL, Redis and storage: the demo resources by group, the file upload
 * (kinds, size), links (only http and https), bad input, another organization, the counted open, archiving.
 */
describe("resources, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let admin: HttpClient, coach: HttpClient, parent: HttpClient, maya: HttpClient, maple: HttpClient, kiosk: HttpClient;
  let parentGroup: string;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const list = async (client: HttpClient, query = "") => json<List>(await client.request("GET", `/api/resource${query}`));
  const titles = async (client: HttpClient) => (await list(client)).data.map((r) => r.title).sort();
  const upload = (client: HttpClient, bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.append("file", new Blob([bytes as BlobPart]), name);
    return client.request("POST", "/api/resource/file", { body: form });
  };
  const downloadsOf = async (id: string) => (await json<Resource>(await admin.request("GET", `/api/resource/${id}`))).downloads ?? -1;
  /** the count is the projector's: read until it shows `n` (or fail after 10 s) */
  const countReaches = async (id: string, n: number) => {
    const started = Date.now();
    for (;;) {
      const count = await downloadsOf(id);
      if (count === n) return count;
      if (Date.now() - started > 10_000) return count;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    app = await startInProcessApp("resources");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, coach, parent, maya, maple, kiosk] = Array.from({ length: 6 }, () => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient, HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await coach.signIn("coach@northside.demo");
    await parent.signIn("parent@northside.demo");
    await maya.signIn("child1@northside.demo");
    await maple.signIn("admin@maple.demo");
    await kiosk.signIn("kiosk@northside.demo");
    const groups = await json<{ data: { id: string; name: string }[] }>(await admin.request("GET", "/api/user/role"));
    parentGroup = groups.data.find((g) => g.name === "PARENT")!.id;
  }, 240_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("shows the demo resources by group: everyone's to all, the parents' and coaches' only to them; counts only to those who manage them", async () => {
    const all = await list(admin);
    expect(all.additional_info.manage).toBe(true);
    expect(Object.fromEntries(all.data.map((r) => [r.title, r.downloads]))).toEqual({ "Member Handbook": 14, "Season calendar": 9, "Pick-up guide for parents": 4, "Coach safety checklist": 2 });
    expect(all.data.find((r) => r.title === "Pick-up guide for parents")!.groups).toEqual(["Parents"]);
    expect(await titles(maya)).toEqual(["Member Handbook", "Season calendar"]);
    expect(await titles(parent)).toEqual(["Member Handbook", "Pick-up guide for parents", "Season calendar"]);
    const coachView = await list(coach);
    expect(coachView.data.map((r) => r.title).sort()).toEqual(["Coach safety checklist", "Member Handbook", "Season calendar"]);
    expect(coachView.additional_info.manage).toBe(false);
    expect(coachView.data.every((r) => r.downloads === undefined && r.group_ids.length === 0)).toBe(true);
    // the kiosk has no resources
    expect((await kiosk.request("GET", "/api/resource")).status).toBe(403);
  });

  it("opens the demo handbook (a real PDF, inline) and counts the open", async () => {
    const handbook = (await list(maya)).data.find((r) => r.title === "Member Handbook")!;
    const before = await downloadsOf(handbook.id);
    const response = await maya.request("GET", handbook.open_url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="member-handbook.pdf"/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(demoHandbookPdf("Northside Youth Centre"))).toBe(true);
    expect(await countReaches(handbook.id, before + 1)).toBe(before + 1);
  });

  it("uploads a file, shows it to the parents only: a member not in the group gets 404 for it and its open, a parent downloads it and the count goes up", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4\n% a small test file\n%%EOF\n");
    const stored = await json<{ file_path: string; content_type: string; bytes: number }>(await upload(admin, pdf, "Trip forms.pdf"));
    expect(stored).toMatchObject({ content_type: "application/pdf", bytes: pdf.length });
    expect(stored.file_path).toMatch(/^resources\/[0-9a-f-]+\/Trip_forms\.pdf$/);
    const created = await json<{ message: string; data: Resource }>(await admin.request("POST", "/api/resource", { body: { title: "Trip forms", kind: "file", file_path: stored.file_path, visibility: "groups", group_ids: [parentGroup] } }));
    expect(created.message).toBe("Resource successfully created");
    expect(created.data).toMatchObject({ format: "PDF", file_name: "Trip_forms.pdf", groups: ["Parents"], downloads: 0 });
    const id = created.data.id;
    expect(await json<Failure>(await maya.request("GET", `/api/resource/${id}`), 404)).toEqual({ code: "RESOURCE_NOT_FOUND", message: "Resource not found" });
    expect((await maya.request("GET", `/api/resource/${id}/open`)).status).toBe(404);
    expect(await titles(maya)).not.toContain("Trip forms");
    const opened = await parent.request("GET", `/api/resource/${id}/open`);
    expect(opened.status).toBe(200);
    expect(new Uint8Array(await opened.arrayBuffer())).toEqual(pdf);
    await parent.request("GET", `/api/resource/${id}/open`).then((r) => r.arrayBuffer());
    expect(await countReaches(id, 2)).toBe(2);
    // an office document downloads as an attachment
    const docx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("[Content_Types].xml and the rest")]);
    const word = await json<{ file_path: string; content_type: string }>(await upload(admin, docx, "rota.docx"));
    expect(word.content_type).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const rota = (await json<{ data: Resource }>(await admin.request("POST", "/api/resource", { body: { title: "Rota", kind: "file", file_path: word.file_path } }))).data;
    expect(rota.format).toBe("Document");
    const download = await maya.request("GET", rota.open_url);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="rota.docx"/);
    await download.arrayBuffer();
  });

  it("refuses files that are not an accepted kind, empty or larger than 10 MB (413), and uploads by those who do not manage resources", async () => {
    expect((await json<Failure>(await upload(admin, new TextEncoder().encode("<html><script>alert(1)</script></html>"), "page.html"), 400)).code).toBe("FILE_TYPE_NOT_ALLOWED");
    expect((await json<Failure>(await upload(admin, new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff]), "setup.exe"), 400)).code).toBe("FILE_TYPE_NOT_ALLOWED");
    expect((await json<Failure>(await upload(admin, new Uint8Array(0), "empty.pdf"), 400)).code).toBe("FILE_EMPTY");
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const tooLarge = await json<Failure>(await upload(admin, big, "big.pdf"), 413);
    expect(tooLarge).toEqual({ code: "FILE_TOO_LARGE", message: "The file is larger than 10 MB." });
    expect((await upload(coach, new TextEncoder().encode("%PDF-1.4\n%%EOF"), "a.pdf")).status).toBe(403);
    expect((await upload(maya, new TextEncoder().encode("%PDF-1.4\n%%EOF"), "a.pdf")).status).toBe(403);
  });

  it("answers bad input with a readable 400, a body too large with 413, and never appends", async () => {
    const create = (body: unknown) => admin.request("POST", "/api/resource", { body });
    expect(await json<Failure>(await create({ title: "X", kind: "link", url: "javascript:alert(document.cookie)" }), 400)).toMatchObject({ code: "VALIDATION", message: "The link must start with http:// or https://" });
    expect((await json<Failure>(await create({ title: "X", kind: "link", url: "www.example.org" }), 400)).message).toBe("The link must be a full web address, starting with http:// or https://");
    expect((await json<Failure>(await create({ title: "x".repeat(121), kind: "link", url: "https://example.org" }), 400)).message).toBe("Title must be at most 120 characters");
    expect(await json<Failure>(await create({ title: "X", kind: "link", url: "https://example.org", visibility: "groups", group_ids: ["no-such-group"] }), 400)).toEqual({ code: "UNKNOWN_USER_GROUP", message: "Unknown user group: no-such-group" });
    expect((await json<Failure>(await create({ title: "X", kind: "file", file_path: "resources/nothing/here.pdf" }), 400)).code).toBe("FILE_NOT_FOUND");
    expect((await json<Failure>(await create({ title: "X", kind: "pdf" }), 400)).message).toBe("Kind must be file or link");
    expect((await create({ title: "X", kind: "link", url: "https://example.org", description: "d".repeat(20_000) })).status).toBe(413);
    expect((await coach.request("POST", "/api/resource", { body: { title: "X", kind: "link", url: "https://example.org" } })).status).toBe(403);
    expect(await titles(admin)).not.toContain("X");
  });

  it("sends a link's visitor on (302) and counts it; edits; archives (members no longer see or open it)", async () => {
    const created = (await json<{ data: Resource }>(await admin.request("POST", "/api/resource", { body: { title: "Library", description: "The city library", kind: "link", url: "https://example.org/library" } }))).data;
    const open = await maya.request("GET", created.open_url);
    expect(open.status).toBe(302);
    expect(open.headers.get("location")).toBe("https://example.org/library");
    expect(await countReaches(created.id, 1)).toBe(1);
    const edited = await json<{ message: string; data: Resource }>(await admin.request("PUT", `/api/resource/${created.id}`, { body: { title: "City library", kind: "link", url: "https://example.org/city-library" } }));
    expect(edited).toMatchObject({ message: "Resource successfully updated", data: { title: "City library", downloads: 1 } });
    expect((await maya.request("GET", created.open_url)).headers.get("location")).toBe("https://example.org/city-library");
    expect(await json(await admin.request("DELETE", `/api/resource/${created.id}`))).toEqual({ message: "Resource successfully deleted", data: { id: created.id } });
    expect(await titles(maya)).not.toContain("City library");
    expect((await maya.request("GET", created.open_url)).status).toBe(404);
    expect((await admin.request("DELETE", `/api/resource/${created.id}`)).status).toBe(404);
    expect((await list(admin, "?status=archived")).data.map((r) => r.title)).toContain("City library");
    expect((await maya.request("GET", "/api/resource?status=archived")).status).toBe(403);
  });

  it("treats another organization's resources as not found, for its admin too", async () => {
    const handbook = (await list(admin)).data.find((r) => r.title === "Member Handbook")!;
    for (const [method, path] of [["GET", `/api/resource/${handbook.id}`], ["GET", `/api/resource/${handbook.id}/open`], ["PUT", `/api/resource/${handbook.id}`], ["DELETE", `/api/resource/${handbook.id}`]] as const) {
      const response = await maple.request(method, path, { body: method === "PUT" ? { title: "Mine", kind: "link", url: "https://example.org" } : undefined });
      expect(response.status, `${method} ${path}`).toBe(404);
      await response.arrayBuffer();
    }
    // Maple's own handbook is its own organization's file
    const mine = (await list(maple)).data.find((r) => r.title === "Member Handbook")!;
    expect(mine.id).not.toBe(handbook.id);
  });
});
