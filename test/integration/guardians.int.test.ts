import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseExportCsv, PARENT_LIST_HEADER } from "../../modules/exports";
import { idFrom } from "../../modules/kernel";
import { ADULT_PICK_UP } from "../../modules/participants";
import { DAILY_SCREENING_ORGANIZATION_ID, demoOrganizations } from "../factories/demo-seed";
import { demoFamilyChildIds } from "../factories/family";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Child = { id: string; full_name: string; relationship: string | null };
type Parent = { id: string; first_name: string; last_name: string; email?: string; children: Child[] };
type Paged = { data: Parent[]; count: number };

const maple = demoOrganizations.find((o) => o.id === DAILY_SCREENING_ORGANIZATION_ID)!;
const northside = demoOrganizations.find((o) => o.id !== DAILY_SCREENING_ORGANIZATION_ID)!;
/** parent@maple.demo's child (daily screening is on in Maple Street School) */
const maya = idFrom("demo", "participant", maple.id, "child", 1);
/** family@maple.demo's second child: no waiver signed yet */
const unsigned = demoFamilyChildIds(maple.id)[1]!;
const northChild = idFrom("demo", "participant", northside.id, "child", 1);
const allNo = ["symptoms", "contact", "isolate"].map((question_id) => ({ question_id, answer: "NO" }));

/**
 * Guardians (decision 064) over HTTP on real PostgreSQL and Redis: the parents' list with their children,
 * linking a second guardian (and a duplicate refused), the second guardian's rights (the home, the waiver,
 * the screening), unlinking takes them away, another organization's parent or child is 404, no
 * 'Manage parents' is 403, a new parent account.
 */
describe("guardians: the parents' list, link and unlink, a second guardian's rights", () => {
  let app: InProcessApp;
  const clients: Record<string, HttpClient> = {};
  const as = (who: string) => clients[who]!;
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const parentByEmail = async (email: string) => (await json<Paged>(await as("admin").request("GET", `/api/parent?search=${encodeURIComponent(email)}`))).data.find((p) => p.email === email)!;
  const homeChildren = async (who: string) => {
    const home = await json<{ family: { children: { person: { id: string } }[] } }>(await as(who).request("GET", "/?_data=routes%2F_index"));
    return home.family.children.map((c) => c.person.id);
  };
  const waiverLink = (who: string, id: string) => as(who).request("GET", `/api/user-detail/waiver-token?participant_id=${id}`);
  let family: Parent, parent: Parent;

  beforeAll(async () => {
    app = await startInProcessApp("guardians");
    const { redisUrl } = await testServices();
    const logins = { admin: "admin@maple.demo", coach: "coach@maple.demo", parent: "parent@maple.demo", family: "family@maple.demo", coparent: "coparent@maple.demo", northAdmin: "admin@northside.demo" };
    for (const [key, username] of Object.entries(logins)) {
      await clearSignInLimits(redisUrl);
      clients[key] = new HttpClient(app.baseUrl);
      await clients[key].signIn(username);
    }
    family = await parentByEmail("family@maple.demo");
    parent = await parentByEmail("parent@maple.demo");
  }, 180_000);
  afterAll(() => app?.stop());

  it("lists the organization's parents, paged, each with their children (the registered parent is a guardian)", async () => {
    const page = await json<Paged>(await as("admin").request("GET", "/api/parent?page=0&size=2"));
    expect(page.data.length).toBeLessThanOrEqual(2);
    expect(page.count).toBeGreaterThanOrEqual(2);
    expect(parent.children.map((c) => c.id)).toContain(maya);
    expect(family.children.map((c) => c.id).sort()).toEqual(demoFamilyChildIds(maple.id).sort());
    // a child's name finds their parent
    const byChild = await json<Paged>(await as("admin").request("GET", `/api/parent?search=${encodeURIComponent("Maya Maple")}`));
    expect(byChild.data.map((p) => p.id)).toContain(parent.id);
    expect((await as("admin").request("GET", "/api/parent?size=abc")).status).toBe(400);
    // the demo: the family's first child has a second guardian; a parent with no child yet
    const [first] = demoFamilyChildIds(maple.id) as [string];
    expect((await parentByEmail("coparent@maple.demo")).children).toEqual([expect.objectContaining({ id: first, relationship: "Father" })]);
    expect((await parentByEmail("newparent@maple.demo")).children).toEqual([]);
    const without = await json<Paged>(await as("admin").request("GET", "/api/parent?children=without&size=100"));
    expect(without.data.map((p) => p.email)).toContain("newparent@maple.demo");
    expect(without.data.every((p) => p.children.length === 0)).toBe(true);
  });

  it("links a second guardian, refuses a duplicate, and the second guardian signs the waiver and fills the screening", async () => {
    // before: another family's child
    expect((await waiverLink("parent", unsigned)).status).toBe(404);
    // (the screening's own refusal: only one's own or one's children, decision 040's 403)
    expect((await as("family").request("POST", "/api/note/daily/screening", { body: { user_id: maya, answers: allNo, is_filled: true } })).status).toBe(403);

    const linked = await json<{ message: string; data: Parent }>(await as("admin").request("POST", `/api/parent/${parent.id}/child`, { body: { participant_id: unsigned, relationship: "Aunt" } }));
    expect(linked.message).toBe("Child successfully linked");
    expect(linked.data.children).toContainEqual(expect.objectContaining({ id: unsigned, relationship: "Aunt" }));
    const again = await json<{ code: string; message: string }>(await as("admin").request("POST", `/api/parent/${parent.id}/child`, { body: { participant_id: unsigned } }), 409);
    expect(again).toMatchObject({ code: "ALREADY_LINKED", message: "This child is already linked to this parent" });
    // the registered parent too is linked already
    expect((await as("admin").request("POST", `/api/parent/${parent.id}/child`, { body: { participant_id: maya } })).status).toBe(409);
    expect((await json<{ message: string }>(await as("admin").request("POST", `/api/parent/${family.id}/child`, { body: { participant_id: maya } }))).message).toBe("Child successfully linked");

    // both guardians see the child at home; the second signs the waiver and fills the screening
    expect(await homeChildren("parent")).toContain(unsigned);
    expect(await homeChildren("family")).toContain(unsigned);
    expect(await homeChildren("family")).toContain(maya);
    const link = await json<{ url: string }>(await waiverLink("parent", unsigned));
    expect(link.url).toMatch(new RegExp(`^/sign-waiver/${unsigned}\\?token=`));
    const filled = await as("family").request("POST", "/api/note/daily/screening", { body: { user_id: maya, answers: allNo, is_filled: true } });
    expect(filled.status, await filled.clone().text()).toBe(200);
    // the child's first guardian keeps theirs
    expect((await waiverLink("family", unsigned)).status).toBe(200);
  });

  it("unlinking takes the rights away; the last guardian may be unlinked; a pair not linked is 404", async () => {
    const done = await json<{ message: string; data: Parent }>(await as("admin").request("DELETE", `/api/parent/${parent.id}/child/${unsigned}`));
    expect(done.message).toBe("Child successfully unlinked");
    expect(done.data.children.map((c) => c.id)).not.toContain(unsigned);
    expect(await homeChildren("parent")).not.toContain(unsigned);
    expect((await waiverLink("parent", unsigned)).status).toBe(404);
    await json(await as("admin").request("DELETE", `/api/parent/${family.id}/child/${maya}`));
    expect(await homeChildren("family")).not.toContain(maya);
    expect((await as("family").request("GET", `/api/note/daily/screening?user_id=${maya}`)).status).toBe(404);
    // the registered parent unlinked: maya has no guardian left, and the parent's home no longer shows her
    await json(await as("admin").request("DELETE", `/api/parent/${parent.id}/child/${maya}`));
    expect(await homeChildren("parent")).not.toContain(maya);
    expect((await parentByEmail("parent@maple.demo")).children.map((c) => c.id)).not.toContain(maya);
    const missing = await json<{ code: string }>(await as("admin").request("DELETE", `/api/parent/${parent.id}/child/${maya}`), 404);
    expect(missing.code).toBe("LINK_NOT_FOUND");
    // linked again: the rights come back
    await json(await as("admin").request("POST", `/api/parent/${parent.id}/child`, { body: { participant_id: maya } }));
    expect(await homeChildren("parent")).toContain(maya);
  });

  it("another organization's parent or child is 404; a non-parent is 400; bad input is 400 naming the field", async () => {
    expect((await as("northAdmin").request("POST", `/api/parent/${parent.id}/child`, { body: { participant_id: northChild } })).status).toBe(404);
    expect((await as("northAdmin").request("GET", `/api/parent/${parent.id}`)).status).toBe(404);
    const foreignChild = await json<{ code: string }>(await as("admin").request("POST", `/api/parent/${parent.id}/child`, { body: { participant_id: northChild } }), 404);
    expect(foreignChild.code).toBe("PARTICIPANT_NOT_FOUND");
    expect((await as("admin").request("DELETE", `/api/parent/${parent.id}/child/not-an-id`)).status).toBe(404);
    expect((await as("admin").request("GET", "/api/parent/not-an-id")).status).toBe(404);
    const bad = await json<{ message: string }>(await as("admin").request("POST", `/api/parent/${parent.id}/child`, { body: { participant_id: "x" } }), 400);
    expect(bad.message).toMatch(/Participant/);
    // a staff user is not a parent: the list's detail 404s, a link is refused
    const me = await json<{ data: { id: string }[] }>(await as("admin").request("GET", "/api/user?search=admin%40maple.demo"));
    const staffId = me.data[0]!.id;
    expect((await as("admin").request("GET", `/api/parent/${staffId}`)).status).toBe(404);
    expect((await as("admin").request("POST", `/api/parent/${staffId}/child`, { body: { participant_id: maya } })).status).toBe(400);
  });

  it("exports the parents' list as filtered, each with their children, through the worker; 403 for a coach, 400 for a bad filter (decision 072)", async () => {
    type ExportItem = { id: string; status: string; download_url: string | null; reason: string | null };
    const asked = await json<{ data: { id: string; file_name: string } }>(
      await as("admin").request("POST", "/api/export", { body: { kind: "parent-list", filters: { search: "", children: "with", timeZone: "UTC" } } }),
      202,
    );
    expect(asked.data.file_name).toMatch(/^parent-list-\d{2}-\d{2}-\d{4}\.csv$/);
    const item = (await eventually(
      async () => (await json<{ data: ExportItem[] }>(await as("admin").request("GET", "/api/export"))).data.find((e) => e.id === asked.data.id),
      (x) => x !== undefined && x.status !== "Requested",
      { timeoutMs: 30_000, everyMs: 100 },
    )) as ExportItem;
    expect(item.status, item.reason ?? "").toBe("Completed");
    const rows = await parseExportCsv(Buffer.from(await (await as("admin").request("GET", item.download_url!)).arrayBuffer()).toString("utf8"));
    expect(rows[0]).toEqual([...PARENT_LIST_HEADER]);
    const listed = (await json<Paged>(await as("admin").request("GET", "/api/parent?children=with&size=100"))).data;
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual(listed.map((p) => [p.first_name, p.last_name, p.email]));
    const coparentRow = rows.find((r) => r[2] === "coparent@maple.demo")!;
    expect(coparentRow[5]).toMatch(/ \(Father\)$/);
    expect(rows.some((r) => r[2] === "newparent@maple.demo")).toBe(false);
    expect((await as("coach").request("POST", "/api/export", { body: { kind: "parent-list", filters: {} } })).status).toBe(403);
    const bad = await json<{ code: string; message: string }>(await as("admin").request("POST", "/api/export", { body: { kind: "parent-list", filters: { children: "some" } } }), 400);
    expect(bad.message).toMatch(/Children must be with or without/);
  });

  it("needs 'Manage parents': the coach and a parent get 403", async () => {
    for (const who of ["coach", "parent"]) {
      expect((await as(who).request("GET", "/api/parent")).status, who).toBe(403);
      expect((await as(who).request("POST", `/api/parent/${family.id}/child`, { body: { participant_id: maya } })).status, who).toBe(403);
      expect((await as(who).request("DELETE", `/api/parent/${family.id}/child/${unsigned}`)).status, who).toBe(403);
    }
  });

  it("creates a parent account (no children yet); an e-mail in use is 409", async () => {
    const email = `jordan.${Math.random().toString(36).slice(2, 8)}@example.org`;
    const created = await json<{ message: string; data: Parent }>(await as("admin").request("POST", "/api/parent", { body: { first_name: "Jordan", last_name: "Okafor", email, phone_number: "204 555 0142" } }));
    expect(created).toMatchObject({ message: "Parent successfully created", data: { first_name: "Jordan", email, children: [] } });
    expect((await parentByEmail(email)).id).toBe(created.data.id);
    expect((await as("admin").request("POST", "/api/parent", { body: { first_name: "J", last_name: "O", email } })).status).toBe(409);
    const missing = await json<{ message: string }>(await as("admin").request("POST", "/api/parent", { body: { last_name: "O", email: "x@example.org" } }), 400);
    expect(missing.message).toMatch(/First name/);
  });

  it("a parent adds a second child from their home: a date of birth in the future is refused, then the child is theirs", async () => {
    const addChild = (fields: Record<string, string>) =>
      as("coparent").request("POST", "/?index", {
        body: new URLSearchParams({ intent: "add-child", ...fields }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl },
      });
    const before = await homeChildren("coparent");
    expect(before).toHaveLength(1);
    const fields = { first_name: "Zara", last_name: "Maple", dob: "2017-03-14", gender: "Female", pick_up_permission: ADULT_PICK_UP, school_name: "" };
    const future = await addChild({ ...fields, dob: `${new Date().getUTCFullYear() + 1}-01-01` });
    expect(future.status).toBe(400);
    expect(await future.text()).toContain("Date of Birth cannot be in the future");
    expect((await addChild({ ...fields, gender: "" })).status).toBe(400);
    // staff and the participant get no such form
    expect((await as("admin").request("POST", "/?index", { body: new URLSearchParams({ intent: "add-child", ...fields }).toString(), headers: { "content-type": "application/x-www-form-urlencoded", origin: app.baseUrl } })).status).toBe(403);
    const added = await addChild({ ...fields, command_id: "add-zara-1" });
    expect(added.status).toBe(302);
    const after = await homeChildren("coparent");
    expect(after).toHaveLength(2);
    // a resend adds nothing more
    expect((await addChild({ ...fields, command_id: "add-zara-1" })).status).toBe(302);
    expect(await homeChildren("coparent")).toHaveLength(2);
    const zara = after.find((id) => !before.includes(id))!;
    expect((await parentByEmail("coparent@maple.demo")).children.map((c) => c.full_name)).toContain("Zara Maple");
    // her waiver is the parent's to sign
    expect((await waiverLink("coparent", zara)).status).toBe(200);
  });
});
