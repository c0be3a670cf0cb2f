import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_ROUTES } from "../../modules/identity";
import { API_TABLE } from "../../runtime/api-table";

const API_ROUTES = API_TABLE.rows;
import { newId } from "../../modules/kernel";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";
import { EXPECTED_API, EXPECTED_PAGES, SUBJECTS } from "./access-matrix.expected";

type Subject = (typeof SUBJECTS)[number];

/** A concrete path for a pattern: parameters get a well-formed id, optional ones are left out. */
const concrete = (pattern: string) => pattern.replace(/\/:[a-zA-Z]+\?/g, "").replace(/:[a-zA-Z]+/g, newId()) || "/";

/**
 * The page rendered: 200, or a 404 the page itself answers past the guard: the 404 page by design, and
 * /view-waiver for a waiver this visitor may not see (here: no such participant), and /participants/{id}
 * and /participants/{id}/audit for no such participant, /check-in/tags/{id} for no such visit, /programs/{id}/report
 * and /events/{id}/report for no such program or event, /dev/mail/{id} for no such message, the membership request forms
 * for no organization named (decision 066). The guard's own
 * refusals are 403 and redirects.
 */
const ANSWERS_404 = ["not-found", "view-waiver", "participant", "participant-audit", "check-in-tags", "program-report", "event-report", "dev-mail-message", "invitation-request", "teacher-invitation-request"];
/** A page that lets a subject in and sends it on to its own place: a kiosk's Home is its check-in screen (decision 097). */
const SENDS_ON: Record<string, string> = { home: "/check-in" };
const pageAllowed = (id: string, response: Response) =>
  response.status === 200 || (ANSWERS_404.includes(id) && response.status === 404) || (response.status === 302 && SENDS_ON[id] !== undefined && response.headers.get("location") === SENDS_ON[id]);
/** '+' allowed, '-' refused (401/403), 'x' the route has no handler yet (the /api splat answered). */
async function apiVerdict(response: Response): Promise<string> {
  const text = await response.text();
  if (response.status === 401 || response.status === 403) return "-";
  if (response.status === 404 && text.includes('"There is no ')) return "x";
  return "+";
}

describe("the access matrix, over HTTP, from the route registry", () => {
  let app: InProcessApp;
  const clients = new Map<Subject, HttpClient>();

  beforeAll(async () => {
    app = await startInProcessApp("matrix");
    const { redisUrl } = await testServices();
    for (const subject of SUBJECTS) {
      const client = new HttpClient(app.baseUrl);
      if (subject !== "anonymous") {
        await clearSignInLimits(redisUrl);
        await client.signIn(`${subject}@northside.demo`);
      }
      await client.fetchCsrf();
      clients.set(subject, client);
    }
  }, 120_000);
  afterAll(() => app?.stop());

  it("has an expectation for every registry route, and none for routes that do not exist", () => {
    expect(Object.keys(EXPECTED_PAGES).sort()).toEqual(PAGE_ROUTES.map((r) => r.id).sort());
    expect(Object.keys(EXPECTED_API).sort()).toEqual(API_ROUTES.map((r) => r.id).sort());
  });

  it("treats another organization's records as not found, for its admin too", async () => {
    const northAdmin = clients.get("admin")!;
    const groups = (await (await northAdmin.request("GET", "/api/user/role")).json()) as { data: { id: string; name: string }[] };
    const coach = groups.data.find((g) => g.name === "COACH")!;
    const mapleAdmin = new HttpClient(app.baseUrl);
    await clearSignInLimits((await testServices()).redisUrl);
    await mapleAdmin.signIn("admin@maple.demo");
    const body = { name: "COACH", icon: "Coaches", level: 2, permission_ids: ["CAN_VIEW_SCHEDULE"] };
    for (const method of ["PUT", "DELETE"]) {
      const response = await mapleAdmin.request(method, `/api/role/${coach.id}`, { body: method === "PUT" ? body : undefined });
      expect(response.status, method).toBe(404);
      expect(await response.json()).toEqual({ code: "NOT_FOUND", message: "User group not found" });
    }
    const mapleGroups = (await (await mapleAdmin.request("GET", "/api/user/role")).json()) as { data: { id: string }[] };
    expect(mapleGroups.data.map((g) => g.id)).not.toContain(coach.id);
    expect(mapleGroups.data.length).toBe(groups.data.length);
  });

  it.each(PAGE_ROUTES.map((r) => [r.id, r] as const))("page %s", async (id, route) => {
    const row = EXPECTED_PAGES[id];
    expect(row, `no expectation for page ${id}`).toBeDefined();
    const actual = await Promise.all(
      SUBJECTS.map(async (subject) => {
        const response = await clients.get(subject)!.request("GET", concrete(route.path));
        await response.arrayBuffer();
        return pageAllowed(id, response) ? "+" : "-";
      }),
    );
    expect(`${id}: ${actual.join("")}`).toBe(`${id}: ${row}`);
  });

  it.each(API_ROUTES.map((r) => [r.id, r] as const))("api %s", async (id, route) => {
    const row = EXPECTED_API[id];
    expect(row, `no expectation for api ${id}`).toBeDefined();
    const actual: string[] = [];
    for (const subject of SUBJECTS) {
      // sign-in and sign-out would change the subject: they run on a throwaway copy of its cookies
      const client = id === "auth-logout" || id === "auth-login" ? new HttpClient(app.baseUrl) : clients.get(subject)!;
      const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
      const response = await client.request(route.method, concrete(route.path), { body });
      actual.push(await apiVerdict(response));
    }
    expect(`${id}: ${actual.join("")}`).toBe(`${id}: ${row}`);
  });
});
