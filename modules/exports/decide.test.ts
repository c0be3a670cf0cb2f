import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import type { BundlePartFact, ExportCommand } from "./commands";
import { exportDecider } from "./decide";
import { KIND_MESSAGE } from "./kinds";
import type { ExportEvent } from "./events";
import { deciderSpec } from "../../test/support/decider-spec";

const orgId = "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const admin = "admin-1";
const now = new Date("2026-11-21T15:30:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: admin };
const ALL = ["CAN_EXPORT_CHECK_IN_MEMBERS", "CAN_EXPORT_PARTICIPANT_PROFILE"];

const checkIns = { kind: "check-ins", filters: { from: "2026-11-01", to: "2026-11-21", timeZone: "America/Toronto" } };
const request = (req: unknown = checkIns, permissionIds: string[] = ALL, bundleParts?: BundlePartFact[], participantFound = true): ExportCommand => ({
  type: "RequestExport",
  data: { exportId: "exp-1", request: req, permissionIds, bundleParts, participantFound },
  metadata,
});
const requested = (over: Partial<Extract<ExportEvent, { type: "ExportRequested" }>["data"]> = {}): ExportEvent => ({
  type: "ExportRequested",
  data: { exportId: "exp-1", organizationId: orgId, kind: "check-ins", filters: checkIns.filters, requestedBy: admin, fileName: "check-ins-11-01-2026-to-11-21-2026.csv", ...over },
});
const file = { fileKey: `exports/${orgId}/exp-1/check-ins-11-01-2026-to-11-21-2026.csv`, rows: 12, bytes: 900, sha256: "ab".repeat(32) };
const completed: ExportEvent = { type: "ExportCompleted", data: { exportId: "exp-1", fileName: "check-ins-11-01-2026-to-11-21-2026.csv", ...file } };
const complete: ExportCommand = { type: "CompleteExport", data: file, metadata: { ...metadata, commandId: "complete-1", actorId: null } };
const fail = (reason: string): ExportCommand => ({ type: "FailExport", data: { reason }, metadata: { ...metadata, commandId: "fail-1", actorId: null } });
const part = (exportId: string, over: Partial<BundlePartFact> = {}): BundlePartFact => ({ exportId, found: true, organizationId: orgId, requestedBy: admin, kind: "participants", status: "completed", fileKey: `exports/${orgId}/${exportId}/p.csv`, fileName: "p.csv", ...over });

const given = deciderSpec(exportDecider, now);

describe("exports: decide RequestExport", () => {
  it("records the kind, filters, requester and a file name carrying the dates as MM-DD-YYYY", () => {
    given().when(request()).then([requested()]);
    given()
      .when(request({ kind: "check-ins", filters: { from: "2026-11-21", to: "2026-11-21" } }))
      .then([requested({ filters: { from: "2026-11-21", to: "2026-11-21", timeZone: "UTC" }, fileName: "check-ins-11-21-2026.csv" })]);
    given()
      .when(request({ kind: "participants" }))
      .then([requested({ kind: "participants", filters: { statuses: [], search: "", timeZone: "UTC" }, fileName: "participants-11-21-2026.csv" })]);
  });

  it("dates the file in the requester's time zone", () => {
    const late = deciderSpec(exportDecider, new Date("2026-11-22T02:00:00.000Z"));
    const outcome = late().state;
    expect(outcome.status).toBe("none");
    late()
      .when(request({ kind: "flag-history", filters: { participantId: "kid-1", timeZone: "America/Toronto" } }))
      .then([requested({ kind: "flag-history", filters: { participantId: "kid-1", timeZone: "America/Toronto" }, fileName: "note-and-flag-history-11-21-2026.csv" })]);
  });

  it("dates the file, days and times in the organization's zone read from its stream, whatever zone the request names (decision 032)", () => {
    // 06:30Z on the 24th: the 24th in Toronto and in UTC, still the 23rd in Vancouver
    const late = deciderSpec(exportDecider, new Date("2026-11-24T06:30:00.000Z"));
    const inVancouver = (req: unknown): ExportCommand => {
      const command = request(req);
      return { ...command, data: { ...(command.data as Extract<ExportCommand, { type: "RequestExport" }>["data"]), organizationTimeZone: "America/Vancouver" } } as ExportCommand;
    };
    late()
      .when(inVancouver({ kind: "participants", filters: { statuses: [], search: "", timeZone: "UTC" } }))
      .then([requested({ kind: "participants", filters: { statuses: [], search: "", timeZone: "America/Vancouver" }, fileName: "participants-11-23-2026.csv" })]);
    late()
      .when(inVancouver({ kind: "check-ins", filters: { from: "2026-11-23", to: "2026-11-23" } }))
      .then([requested({ filters: { from: "2026-11-23", to: "2026-11-23", timeZone: "America/Vancouver" }, fileName: "check-ins-11-23-2026.csv" })]);
  });

  it("refuses bad input with a readable message", () => {
    given().when(request({})).thenRefused("VALIDATION", 400, KIND_MESSAGE);
    given().when(request(null)).thenRefused("VALIDATION", 400, KIND_MESSAGE);
    given().when(request({ kind: "pdf" })).thenRefused("VALIDATION", 400, KIND_MESSAGE);
    given().when(request({ kind: "check-ins", filters: { from: "2026-11-21", to: "2026-11-01" } })).thenRefused("VALIDATION", 400, "To must be on or after From");
    given().when(request({ kind: "check-ins", filters: { from: "2026-02-30", to: "2026-03-01" } })).thenRefused("VALIDATION", 400, "From must be a date (YYYY-MM-DD)");
    given().when(request({ kind: "check-ins", filters: { from: "2026-11-01", to: "2026-11-02", timeZone: "Mars/Olympus" } })).thenRefused("VALIDATION", 400, "Time zone is not known");
  });

  it("needs the kind's export permission", () => {
    given().when(request(checkIns, ["CAN_EXPORT_PARTICIPANT_PROFILE"])).thenRefused("FORBIDDEN", 403);
    given().when(request({ kind: "participants" }, ["CAN_EXPORT_CHECK_IN_MEMBERS"])).thenRefused("FORBIDDEN", 403);
    given().when(request(checkIns, [])).thenRefused("FORBIDDEN", 403);
  });

  it("bundles only the requester's own finished exports of the organization", () => {
    const bundle = { kind: "bundle", filters: { exportIds: ["a", "b"] } };
    given()
      .when(request(bundle, ALL, [part("a"), part("b", { kind: "check-ins" })]))
      .then([requested({ kind: "bundle", filters: { exportIds: ["a", "b"], timeZone: "UTC" }, fileName: "exports-11-21-2026.zip" })]);
    given().when(request(bundle, ALL, [part("a"), part("b", { organizationId: "other-org" })])).thenRefused("EXPORT_NOT_FOUND", 404);
    given().when(request(bundle, ALL, [part("a"), part("b", { requestedBy: "someone-else" })])).thenRefused("EXPORT_NOT_FOUND", 404);
    given().when(request(bundle, ALL, [part("a")])).thenRefused("EXPORT_NOT_FOUND", 404);
    given().when(request(bundle, ALL, [part("a"), part("b", { status: "requested" })])).thenRefused("EXPORT_NOT_READY", 409, "Only finished exports can be bundled");
    given().when(request(bundle, ["CAN_EXPORT_CHECK_IN_MEMBERS"], [part("a"), part("b")])).thenRefused("FORBIDDEN", 403);
    given().when(request({ kind: "bundle", filters: { exportIds: ["a"] } })).thenRefused("VALIDATION", 400, "Choose at least two exports to bundle");
  });

  it("exports the note and flag history only of a participant of the organization", () => {
    given().when(request({ kind: "flag-history", filters: { participantId: "kid-9" } }, ALL, undefined, false)).thenRefused("PARTICIPANT_NOT_FOUND", 404, "Participant not found");
  });

  it("exports a program report, the program summary or an event report with 'export programs and events', of this organization's program or event only (decision 054)", () => {
    const programs = ["CAN_EXPORT_PROGRAMS_AND_EVENTS"];
    const withSubject = (req: unknown, permissionIds: string[], subjectFound: boolean): ExportCommand => {
      const command = request(req, permissionIds);
      return { ...command, data: { ...(command.data as Extract<ExportCommand, { type: "RequestExport" }>["data"]), subjectFound } } as ExportCommand;
    };
    const report = { kind: "program-report", filters: { programId: "p-1" } };
    given()
      .when(withSubject(report, programs, true))
      .then([requested({ kind: "program-report", filters: { programId: "p-1", timeZone: "UTC" }, fileName: "program-report-11-21-2026.csv" })]);
    given()
      .when(withSubject({ kind: "program-summary" }, programs, false))
      .then([requested({ kind: "program-summary", filters: { timeZone: "UTC" }, fileName: "program-summary-11-21-2026.csv" })]);
    given()
      .when(withSubject({ kind: "event-report", filters: { eventId: "e-1" } }, programs, true))
      .then([requested({ kind: "event-report", filters: { eventId: "e-1", timeZone: "UTC" }, fileName: "event-report-11-21-2026.csv" })]);
    given().when(withSubject(report, programs, false)).thenRefused("PROGRAM_NOT_FOUND", 404, "Program not found");
    given().when(withSubject({ kind: "event-report", filters: { eventId: "e-9" } }, programs, false)).thenRefused("EVENT_NOT_FOUND", 404, "Event not found");
    given().when(withSubject(report, ALL, true)).thenRefused("FORBIDDEN", 403);
    given().when(withSubject({ kind: "program-report", filters: {} }, programs, true)).thenRefused("VALIDATION", 400, "Program is required");
  });

  it("refuses a second request on the same export", () => {
    given(requested()).when(request()).thenRefused("EXPORT_EXISTS", 409);
  });
});

describe("exports: decide CompleteExport and FailExport", () => {
  it("completes a requested export once; a second completion or a late failure is refused", () => {
    given(requested()).when(complete).then([completed]);
    given(requested(), completed).when(complete).thenRefused("EXPORT_FINISHED", 409, "This export has finished already");
    given(requested(), completed).when(fail("boom")).thenRefused("EXPORT_FINISHED", 409);
  });

  it("fails a requested export with a readable reason, once", () => {
    given(requested()).when(fail("  The database could not be reached. ")).then([{ type: "ExportFailed", data: { exportId: "exp-1", reason: "The database could not be reached." } }]);
    given(requested(), { type: "ExportFailed", data: { exportId: "exp-1", reason: "x" } }).when(complete).thenRefused("EXPORT_FINISHED", 409);
  });

  it("knows no export that was never requested", () => {
    given().when(complete).thenRefused("EXPORT_NOT_FOUND", 404);
    given().when(fail("x")).thenRefused("EXPORT_NOT_FOUND", 404);
  });
});

describe("exports: decide ExpireExport", () => {
  const expire: ExportCommand = { type: "ExpireExport", data: {}, metadata: { ...metadata, commandId: "expire-1", actorId: null } };
  it("expires a completed export's file once, and nothing else", () => {
    given(requested(), completed).when(expire).then([{ type: "ExportExpired", data: { exportId: "exp-1", fileKey: file.fileKey } }]);
    given(requested(), completed, { type: "ExportExpired", data: { exportId: "exp-1", fileKey: file.fileKey } }).when(expire).then([]);
    given(requested()).when(expire).then([]);
  });
});
