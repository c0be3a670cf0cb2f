import { DomainError, validationError, type Decider } from "../kernel";
import type { ExportCommand } from "./commands";
import type { ExportEvent, ExportRequestedData } from "./events";
import { EXPORT_KINDS, EXPORT_PERMISSION, exportFileName, exportRequestSchema, KIND_MESSAGE, type ExportKind } from "./kinds";

export type ExportStatus = "none" | "requested" | "completed" | "failed" | "expired";

/** One export now: what was asked, and how it ended. */
export type ExportState = {
  status: ExportStatus;
  requested: ExportRequestedData | null;
  fileKey: string | null;
  rows: number | null;
};

export const initialExportState = (): ExportState => ({ status: "none", requested: null, fileKey: null, rows: null });

export const exportNotFound = () => new DomainError("EXPORT_NOT_FOUND", "Export not found", 404);
export const exportForbidden = () => new DomainError("FORBIDDEN", "You do not have permission to export this.", 403);
export const exportExists = () => new DomainError("EXPORT_EXISTS", "This export has been requested already", 409);
export const exportFinished = () => new DomainError("EXPORT_FINISHED", "This export has finished already", 409);
export const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
export const programNotFound = () => new DomainError("PROGRAM_NOT_FOUND", "Program not found", 404);
export const eventNotFound = () => new DomainError("EVENT_NOT_FOUND", "Event not found", 404);
export const userGroupNotFound = () => new DomainError("USER_GROUP_NOT_FOUND", "User group not found", 404);
export const surveyNotFound = () => new DomainError("SURVEY_NOT_FOUND", "Survey not found", 404);
export const bundlePartNotReady = () => new DomainError("EXPORT_NOT_READY", "Only finished exports can be bundled", 409);

/** The storage key of an export's file: one folder per export, so nothing else ever shares its name. */
export const exportFileKey = (organizationId: string, exportId: string, fileName: string) => `exports/${organizationId}/${exportId}/${fileName}`;
export const exportFolder = (organizationId: string, exportId: string) => `exports/${organizationId}/${exportId}`;

export function evolve(state: ExportState, event: ExportEvent): ExportState {
  switch (event.type) {
    case "ExportRequested":
      return { ...state, status: "requested", requested: event.data };
    case "ExportCompleted":
      return { ...state, status: "completed", fileKey: event.data.fileKey, rows: event.data.rows };
    case "ExportFailed":
      return { ...state, status: "failed" };
    case "ExportExpired":
      return { ...state, status: "expired" };
    default: {
      const never: never = event;
      return never;
    }
  }
}

const permitted = (kind: Exclude<ExportKind, "bundle">, permissionIds: readonly string[]) => permissionIds.includes(EXPORT_PERMISSION[kind]);

/**
 * Pure. RequestExport: bad input 400, a missing export permission 403, a bundle part that is not the
 * requester's own finished export of this organization 404/409; the file name carries the date
 * (MM-DD-YYYY). CompleteExport and FailExport end a requested export once: a second ending is refused
 * (409), which is what keeps a retried job from recording a second completion.
 */
export function decide(state: ExportState, command: ExportCommand, now: Date): ExportEvent[] | DomainError {
  switch (command.type) {
    case "RequestExport": {
      const kind = (command.data.request as { kind?: unknown } | null)?.kind;
      if (!EXPORT_KINDS.includes(kind as ExportKind)) return new DomainError("VALIDATION", KIND_MESSAGE, 400);
      const parsed = exportRequestSchema.safeParse(command.data.request);
      if (!parsed.success) return validationError(parsed.error);
      const { organizationId, actorId } = command.metadata;
      if (!organizationId || !actorId) return exportForbidden();
      // the organization's zone, read from its stream, wins over the one the request names (decision 032)
      const zone = command.data.organizationTimeZone;
      const request = zone ? ({ ...parsed.data, filters: { ...parsed.data.filters, timeZone: zone } } as typeof parsed.data) : parsed.data;
      const permissions = command.data.permissionIds ?? [];
      if (request.kind === "bundle") {
        const facts = command.data.bundleParts ?? [];
        for (const id of request.filters.exportIds) {
          const part = facts.find((f) => f.exportId === id);
          if (!part?.found || part.organizationId !== organizationId || part.requestedBy !== actorId || !part.kind || part.kind === "bundle") return exportNotFound();
          if (!permitted(part.kind, permissions)) return exportForbidden();
          if (part.status !== "completed") return bundlePartNotReady();
        }
      } else if (!permitted(request.kind, permissions)) return exportForbidden();
      if (request.kind === "flag-history" && command.data.participantFound !== true) return participantNotFound();
      // another organization's program or event is as unknown as a missing one (decision 054)
      if (request.kind === "program-report" && command.data.subjectFound !== true) return programNotFound();
      if (request.kind === "event-report" && command.data.subjectFound !== true) return eventNotFound();
      if (request.kind === "user-list" && command.data.subjectFound !== true) return userGroupNotFound();
      if ((request.kind === "survey-report" || request.kind === "survey-evaluation") && command.data.subjectFound !== true) return surveyNotFound();
      if (state.status !== "none") return exportExists();
      return [
        {
          type: "ExportRequested",
          data: { exportId: command.data.exportId, organizationId, kind: request.kind, filters: request.filters, requestedBy: actorId, fileName: exportFileName(request, now) },
        },
      ];
    }
    case "CompleteExport": {
      if (state.status === "none" || !state.requested) return exportNotFound();
      if (state.status !== "requested") return exportFinished();
      const { fileKey, rows, bytes, sha256 } = command.data;
      return [{ type: "ExportCompleted", data: { exportId: state.requested.exportId, fileKey, fileName: state.requested.fileName, rows, bytes, sha256 } }];
    }
    case "FailExport": {
      if (state.status === "none" || !state.requested) return exportNotFound();
      if (state.status !== "requested") return exportFinished();
      const reason = command.data.reason.trim().slice(0, 500) || "The export could not be built.";
      return [{ type: "ExportFailed", data: { exportId: state.requested.exportId, reason } }];
    }
    case "ExpireExport": {
      if (state.status !== "completed" || !state.requested || !state.fileKey) return [];
      return [{ type: "ExportExpired", data: { exportId: state.requested.exportId, fileKey: state.fileKey } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const exportDecider: Decider<ExportState, ExportCommand, ExportEvent> = { initialState: initialExportState, evolve, decide };
