import { handleCommand, validationError, type Clock, type CommandMetadata, type CommandResult, type EventStore } from "../kernel";
import { loadParticipant } from "../participants";
import { loadProgram } from "../programs";
import type { BlobStorage } from "../storage";
import { registerAssetSchema, type AssetFacts, type UploadCommand } from "./commands";
import { assetDecider, uploadDecider, type AssetState, type UploadState } from "./decide";
import { assetNotFound } from "./errors";
import { assetStreamId, uploadStreamId, type AssetEvent, type UploadEvent } from "./events";
import { cleanStoredPath, storageKeyOf } from "./paths";
import { sniffStored } from "./store";

export type UploadDeps = { store: EventStore; clock: Clock };

/** Appends an upload's event (FileUploaded, PackageUploaded, PackageUnpacked, PackageFailed) to `upload-{id}`. */
export const recordUpload = (deps: UploadDeps, uploadId: string, command: UploadCommand): Promise<CommandResult<UploadState, UploadEvent>> =>
  handleCommand(deps, uploadDecider, uploadStreamId(uploadId), command);

/** An upload's state, from its stream. */
export async function loadUpload(store: EventStore, uploadId: string): Promise<UploadState & { organizationId: string | null }> {
  const { events } = await store.readStream<UploadEvent>(uploadStreamId(uploadId));
  const state = events.reduce(uploadDecider.evolve, uploadDecider.initialState());
  const first = events[0];
  const organizationId = first && (first.type === "FileUploaded" || first.type === "PackageUploaded") ? first.data.organizationId : null;
  return { ...state, organizationId };
}

/**
 * PUT /api/asset: registers a stored path against an entity's property. The facts come from storage
 * (the path exists in the caller's organization; what its bytes are) and from the participant's stream
 * (the participant is of the caller's organization), then the asset stream decides.
 */
export async function registerAsset(
  deps: UploadDeps & { storage: BlobStorage },
  input: unknown,
  metadata: CommandMetadata & { organizationId: string },
): Promise<CommandResult<AssetState, AssetEvent>> {
  const parsed = registerAssetSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: validationError(parsed.error) };
  const path = cleanStoredPath(parsed.data.value);
  if (!path) return { ok: false, error: assetNotFound() };
  const sniffed = await sniffStored(deps.storage, storageKeyOf(metadata.organizationId, path));
  let entityFound: boolean | null = null;
  if (parsed.data.entity === "participant") {
    const participant = await loadParticipant(deps.store, parsed.data.entity_id);
    entityFound = participant !== null && participant.organizationId === metadata.organizationId;
  } else if (parsed.data.entity === "program") {
    // a program's photo (decision 058): a program of the caller's organization, not deleted
    const program = await loadProgram(deps.store, parsed.data.entity_id);
    entityFound = program !== null && program.organizationId === metadata.organizationId;
  }
  const facts: AssetFacts = { valueExists: sniffed !== undefined, contentType: sniffed ?? null, entityFound };
  return handleCommand(deps, assetDecider, assetStreamId(parsed.data.entity, parsed.data.entity_id), {
    type: "RegisterAsset",
    data: { ...parsed.data, value: path, facts },
    metadata,
  });
}

/** The registered value of an entity's property (e.g. a participant's photo_url), from its stream. */
export async function loadAssetValue(store: EventStore, entity: string, entityId: string, property: string): Promise<string | null> {
  const { state } = await store.aggregateStream<AssetState, AssetEvent>(assetStreamId(entity, entityId), {
    initialState: assetDecider.initialState,
    evolve: assetDecider.evolve,
  });
  return state.values[property] ?? null;
}
