import { z } from "zod";
import type { Command } from "../kernel";
import type { ExportKind } from "./kinds";

/** What the handler read about a bundle's part from the part's own stream (house rule 2). */
export type BundlePartFact = { exportId: string; found: boolean; organizationId: string | null; requestedBy: string | null; kind: ExportKind | null; status: string; fileKey: string | null; fileName: string | null };

/**
 * `request` is validated here (exportRequestSchema). `permissionIds` (the requester's effective
 * permissions) and `bundleParts` are facts the handler reads; a caller's values are replaced.
 */
export type RequestExportInput = {
  exportId: string;
  request: unknown;
  permissionIds: readonly string[];
  bundleParts?: readonly BundlePartFact[];
  /** flag-history (note and flag history): the participant exists in the requester's organization (read from its stream) */
  participantFound?: boolean;
  /** program-report, event-report, user-list, survey-report, survey-evaluation: the program, event, group or survey exists in the requester's organization (read from its stream) */
  subjectFound?: boolean;
  /**
   * The requester's organization's time zone, read from its stream (decision 032): the export's days,
   * dates, times and file name are in it, whatever zone the request names.
   */
  organizationTimeZone?: string;
};
export type CompleteExportInput = { fileKey: string; rows: number; bytes: number; sha256: string };
export type FailExportInput = { reason: string };
export type ExpireExportInput = Record<string, never>;

export type RequestExport = Command<"RequestExport", RequestExportInput>;
export type CompleteExport = Command<"CompleteExport", CompleteExportInput>;
export type FailExport = Command<"FailExport", FailExportInput>;
export type ExpireExport = Command<"ExpireExport", ExpireExportInput>;
export type ExportCommand = RequestExport | CompleteExport | FailExport | ExpireExport;

/**
 * POST /api/export's body: `kind` and `filters` are checked by the decider (exportRequestSchema, with the
 * spec's messages); `command_id` is the idempotency key when no Idempotency-Key header is sent.
 */
export const exportRequestBody = z.object({ kind: z.unknown().optional(), filters: z.unknown().optional(), command_id: z.string().trim().min(8).max(100).optional() });

/** GET /api/export/:id/download: the signed link's expiry (ms since the epoch) and signature. */
export const downloadQuery = z.object({ expires: z.string().optional(), signature: z.string().optional() });

export type ExportRequestBody = z.infer<typeof exportRequestBody>;
export type DownloadQuery = z.infer<typeof downloadQuery>;
