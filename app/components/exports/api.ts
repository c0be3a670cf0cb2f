import { apiSend, newCommandId } from "~/components/check-in/api";

export type ExportRequestAnswer = { message: string; data: { id: string; status: string; file_name: string | null; replayed: boolean } };

/** POST /api/export with a fresh command id as the Idempotency-Key (a double click is one export). */
export const postExport = (kind: string, filters: Record<string, unknown>, commandId = newCommandId()) =>
  apiSend<ExportRequestAnswer>("POST", "/api/export", { kind, filters, command_id: commandId }, { "Idempotency-Key": commandId });
