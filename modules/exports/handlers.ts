import { handleCommand, idFrom, type Clock, type CommandMetadata, type CommandResult, type EventStore, type HandleOptions } from "../kernel";
import type { BundlePartFact, CompleteExportInput, ExportCommand } from "./commands";
import { exportDecider, type ExportState } from "./decide";
import { exportStreamId, type ExportEvent } from "./events";
import { exportRequestSchema, type ExportRequest } from "./kinds";
import { loadOrganization, timeZoneOf } from "../organizations";
import { participantInOrganization } from "../participants";
import { loadProgram } from "../programs";
import { loadEvent } from "../appointments";
import { LEVEL, loadUserGroup } from "../identity";
import { surveyDecider, surveyStreamId, type SurveyEvent, type SurveyState } from "../surveys";

export type ExportDeps = { store: EventStore; clock: Clock };
export type ExportResult = CommandResult<ExportState, ExportEvent>;

/** The export id of a request: derived from the organization and the command id, so a resent request is the same export. */
export const exportIdFor = (organizationId: string, commandId: string) => idFrom("export", organizationId, commandId);

/** One export's state, from its stream. */
export async function loadExport(store: EventStore, exportId: string): Promise<ExportState> {
  const { state } = await store.aggregateStream<ExportState, ExportEvent>(exportStreamId(exportId), {
    initialState: exportDecider.initialState,
    evolve: exportDecider.evolve,
  });
  return state;
}

async function bundleFacts(store: EventStore, request: unknown): Promise<BundlePartFact[]> {
  const parsed = exportRequestSchema.safeParse(request);
  if (!parsed.success || parsed.data.kind !== "bundle") return [];
  return Promise.all(
    parsed.data.filters.exportIds.map(async (exportId): Promise<BundlePartFact> => {
      const state = await loadExport(store, exportId);
      const r = state.requested;
      return { exportId, found: r !== null, organizationId: r?.organizationId ?? null, requestedBy: r?.requestedBy ?? null, kind: r?.kind ?? null, status: state.status, fileKey: state.fileKey, fileName: r?.fileName ?? null };
    }),
  );
}

/** A program report's program or an event report's event: is it one of this organization's (from its stream)? */
async function subjectInOrganization(store: EventStore, organizationId: string, request: ExportRequest): Promise<boolean | undefined> {
  if (request.kind === "program-report") return (await loadProgram(store, request.filters.programId))?.organizationId === organizationId;
  if (request.kind === "event-report") return (await loadEvent(store, request.filters.eventId))?.organizationId === organizationId;
  // a staff user group's list (decision 061): the organization's group, staff level
  if (request.kind === "user-list") {
    const group = await loadUserGroup(store, request.filters.roleId);
    return group?.organizationId === organizationId && group.level >= LEVEL.coach;
  }
  // a survey's report or evaluation (decision 106): the organization's survey
  if (request.kind === "survey-report" || request.kind === "survey-evaluation") {
    const { state } = await store.aggregateStream<SurveyState, SurveyEvent>(surveyStreamId(request.filters.surveyId), { initialState: surveyDecider.initialState, evolve: surveyDecider.evolve });
    return state.exists && state.organizationId === organizationId;
  }
  return undefined;
}

/**
 * Requests an export: the export id derives from the command id (a resend answers with the first
 * result and appends nothing), the requester's permissions are passed in by the caller (from the
 * session), and a bundle's parts are read from their streams.
 */
export async function requestExport(deps: ExportDeps, input: { request: unknown; permissionIds: readonly string[] }, metadata: CommandMetadata, options?: HandleOptions): Promise<ExportResult & { exportId: string }> {
  const exportId = exportIdFor(metadata.organizationId ?? "none", metadata.commandId);
  const parsed = exportRequestSchema.safeParse(input.request);
  const [bundleParts, participantFound, subjectFound, organization] = await Promise.all([
    bundleFacts(deps.store, input.request),
    parsed.success && parsed.data.kind === "flag-history" && metadata.organizationId
      ? participantInOrganization(deps.store, metadata.organizationId, parsed.data.filters.participantId)
      : undefined,
    parsed.success && metadata.organizationId ? subjectInOrganization(deps.store, metadata.organizationId, parsed.data) : undefined,
    metadata.organizationId ? loadOrganization(deps.store, metadata.organizationId) : null,
  ]);
  const organizationTimeZone = organization ? timeZoneOf(organization.settings) : undefined;
  const data = { exportId, request: input.request, permissionIds: input.permissionIds, bundleParts, participantFound, subjectFound, organizationTimeZone };
  const result = await handleCommand(deps, exportDecider, exportStreamId(exportId), { type: "RequestExport", data, metadata }, options);
  return { ...result, exportId };
}

export const handleExportCommand = (deps: ExportDeps, exportId: string, command: ExportCommand, options?: HandleOptions) => handleCommand(deps, exportDecider, exportStreamId(exportId), command, options);

/** The worker's ending: appended against the revision it read, so a second completion is refused (409). */
export const completeExport = (deps: ExportDeps, exportId: string, data: CompleteExportInput, metadata: CommandMetadata) => handleExportCommand(deps, exportId, { type: "CompleteExport", data, metadata });
export const failExport = (deps: ExportDeps, exportId: string, reason: string, metadata: CommandMetadata) => handleExportCommand(deps, exportId, { type: "FailExport", data: { reason }, metadata });
export const expireExport = (deps: ExportDeps, exportId: string, metadata: CommandMetadata) => handleExportCommand(deps, exportId, { type: "ExpireExport", data: {}, metadata });
