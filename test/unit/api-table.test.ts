import { describe, expect, it } from "vitest";
import { ApiTable, openApiDocument, ruleInWords, type ApiRoute, type ApiRow } from "../../modules/identity";
import { API_TABLE } from "../../runtime/api-table";

const hasHandler = (row: ApiRow | undefined) => typeof row?.handle === "function";

const document = (rows: readonly (ApiRow | ApiRoute)[]) => openApiDocument(rows, { title: "t", version: "1" });
const operationIds = (doc: ReturnType<typeof openApiDocument>) =>
  Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => (op as { operationId: string }).operationId));

describe("the one /api table (decision 035)", () => {
  it("gives every row one OpenAPI operation, and nothing else", () => {
    const ids = operationIds(document(API_TABLE.rows));
    expect(ids.sort()).toEqual(API_TABLE.rows.map((r) => r.id).sort());
  });

  it("removing a row removes the call and its OpenAPI entry", () => {
    const without = new ApiTable(API_TABLE.rows.filter((r) => r.id !== "check-in"));
    expect(API_TABLE.match("POST", "/api/check-in")?.route.id).toBe("check-in");
    expect(without.match("POST", "/api/check-in")).toBeUndefined();
    expect(operationIds(document(without.rows))).not.toContain("check-in");
    // the other method on the path stays
    expect(without.methodsOn("/api/check-in")).toEqual(["GET"]);
  });

  it("refuses a second row with the same method and path, or the same id", () => {
    const row = API_TABLE.byId("check-in")!;
    expect(() => new ApiTable([row, { ...row, id: "other" }])).toThrow(/duplicate api method and path/);
    expect(() => new ApiTable([row, { ...row, path: "/api/other" }])).toThrow(/duplicate api id/);
  });

  it("declares the check-in calls with their handlers and input schemas in the check-in context", () => {
    const row = API_TABLE.byId("check-in")!;
    expect(hasHandler(row)).toBe(true);
    const op = (document(API_TABLE.rows).paths["/api/check-in"] as Record<string, { requestBody?: unknown; description: string }>).post!;
    expect(JSON.stringify(op.requestBody)).toContain("memberId");
    expect(op.description).toBe("Access: Signed in; coach and above; any of CAN_CHECK_IN_OUT_MEMBERS; the kiosk too.");
    expect((document(API_TABLE.rows).paths["/api/check-in/{id}"] as Record<string, unknown>).put).toBeDefined();
  });

  it("declares the participant calls in the participants context: the photo matched beside the detail, with its param", () => {
    expect(API_TABLE.match("GET", "/api/participant/p-1/photo")).toMatchObject({ route: { id: "participant-photo" }, params: { id: "p-1" } });
    expect(API_TABLE.match("GET", "/api/participant/p-1")?.route.id).toBe("participant-detail");
    for (const id of ["participant-detail", "participant-photo", "participant-report", "participant-by-member-id", "waiver-token"]) expect(hasHandler(API_TABLE.byId(id)), id).toBe(true);
  });

  it("declares the program reports in the programs context, for 'export programs and events' (decision 050)", () => {
    expect(API_TABLE.match("GET", "/api/program/p-1/report")).toMatchObject({ route: { id: "program-report" }, params: { id: "p-1" } });
    expect(API_TABLE.match("GET", "/api/base/program_report")?.route.id).toBe("program-summary-report");
    for (const id of ["program-report", "program-summary-report"]) {
      expect(hasHandler(API_TABLE.byId(id)), id).toBe(true);
      expect(API_TABLE.byId(id)!.rule).toMatchObject({ auth: "required", anyPermission: ["CAN_EXPORT_PROGRAMS_AND_EVENTS"] });
    }
  });

  it("declares the identity and organization calls with their handlers", () => {
    const calls = [
      "GET /api/auth/csrf",
      "GET /api/auth/session",
      "POST /api/auth/login",
      "POST /api/auth/logout",
      "GET /api/user-session",
      "GET /api/setting/organization",
      "PUT /api/setting/organization",
      "GET /api/user/role",
      "POST /api/role",
      "PUT /api/role/:id",
      "DELETE /api/role/:id",
      "GET /api/message/inbox",
      "GET /api/health",
    ];
    const rows = API_TABLE.rows.filter((r) => calls.includes(`${r.method} ${r.path}`));
    expect(rows).toHaveLength(calls.length);
    expect(rows.every(hasHandler)).toBe(true);
    expect(API_TABLE.match("put", "/api/role/r-9")).toMatchObject({ route: { id: "role-update" }, params: { id: "r-9" } });
    expect(API_TABLE.match("DELETE", "/api/role/r-9")?.route.id).toBe("role-delete");
    expect(API_TABLE.match("POST", "/api/role")?.route.id).toBe("role-create");
    expect(API_TABLE.match("GET", "/api/setting/organization")?.route.id).toBe("organization-settings-read");
    expect(API_TABLE.match("PUT", "/api/setting/organization")?.route.id).toBe("organization-settings-update");
    expect(API_TABLE.match("GET", "/api/message/inbox")?.route.id).toBe("message-inbox");
    expect(API_TABLE.match("GET", "/api/role/r-9")).toBeUndefined();
    expect(API_TABLE.match("DELETE", "/api/setting/organization")).toBeUndefined();
  });

  it("knows nothing of other methods or paths, and has no call left in a Remix route file", async () => {
    expect(API_TABLE.match("DELETE", "/api/participant/p-1")).toBeUndefined();
    expect(API_TABLE.match("GET", "/api/unknown")).toBeUndefined();
    expect(API_TABLE.rows.every(hasHandler)).toBe(true);
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(new URL("../../app/routes", import.meta.url)).filter((name) => /^api[.[]/i.test(name))).toEqual([]);
  });

  it("says an access rule in words", () => {
    expect(ruleInWords({ auth: "optional", kioskAllowed: true })).toBe("Signed in or not; the kiosk too");
    expect(ruleInWords({ auth: "required", level: { up: [3] } })).toBe("Signed in; admin and above; not the kiosk");
  });
});
