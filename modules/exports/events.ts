import type { DomainEvent } from "../kernel";
import type { ExportFilters, ExportKind } from "./kinds";

export type ExportRequestedData = {
  exportId: string;
  organizationId: string;
  kind: ExportKind;
  filters: ExportFilters;
  /** the requester (a user id); only they see it on their Downloads page and get its live progress */
  requestedBy: string;
  /** the file name the download gets, with the date as MM-DD-YYYY */
  fileName: string;
};

export type ExportCompletedData = {
  exportId: string;
  /** the storage key of the file */
  fileKey: string;
  fileName: string;
  rows: number;
  bytes: number;
  /** SHA-256 of the file's bytes, hex */
  sha256: string;
};

export type ExportFailedData = { exportId: string; reason: string };

export type ExportExpiredData = { exportId: string; fileKey: string };

/** The events of one export's stream, `export-{exportId}`. Versioned by type name. */
export type ExportRequested = DomainEvent<"ExportRequested", ExportRequestedData>;
export type ExportCompleted = DomainEvent<"ExportCompleted", ExportCompletedData>;
export type ExportFailed = DomainEvent<"ExportFailed", ExportFailedData>;
export type ExportExpired = DomainEvent<"ExportExpired", ExportExpiredData>;

export type ExportEvent = ExportRequested | ExportCompleted | ExportFailed | ExportExpired;

export const EXPORT_EVENT_TYPES = ["ExportRequested", "ExportCompleted", "ExportFailed", "ExportExpired"] as const satisfies readonly ExportEvent["type"][];

export const isExportEvent = <E extends DomainEvent>(event: E): event is E & ExportEvent => (EXPORT_EVENT_TYPES as readonly string[]).includes(event.type);

export const EXPORT_STREAM_PREFIX = "export-";
export const exportStreamId = (exportId: string) => `${EXPORT_STREAM_PREFIX}${exportId}`;
