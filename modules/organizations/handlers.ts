import { DomainError, handleCommand, validationError, type Clock, type CommandResult, type EventStore, type HandleOptions } from "../kernel";
import type { ChangeTheme, OrganizationCommand, RegisterOrganization, UpdateOrganizationSettings } from "./commands";
import { organizationIdSchema } from "./commands";
import { organizationDecider, type OrganizationState, type RegisteredOrganization } from "./decide";
import { organizationStreamId, type OrganizationEvent } from "./events";

export type OrganizationDeps = { store: EventStore; clock: Clock };
export type OrganizationResult = CommandResult<OrganizationState, OrganizationEvent>;

export const organizationOutOfScope = () =>
  new DomainError("ORGANIZATION_SCOPE", "You do not have access to this organization", 403);

/**
 * Loads `organization-{id}`, decides, appends with the revision read (handleCommand retries on a
 * conflict). Scoping (house rule 5): a command sent from inside an organization may act on that
 * organization only; one with no organization in its metadata (a superadmin, the seed) may act on any.
 * The events carry the organization's id in their metadata either way.
 */
export async function handleOrganizationCommand(
  deps: OrganizationDeps,
  command: OrganizationCommand,
  options?: HandleOptions,
): Promise<OrganizationResult> {
  const id = organizationIdSchema.safeParse(command.data?.organizationId);
  if (!id.success) return { ok: false, error: validationError(id.error) };
  const organizationId = id.data;
  const scope = command.metadata.organizationId;
  if (scope !== null && scope !== organizationId) return { ok: false, error: organizationOutOfScope() };
  const scoped = { ...command, metadata: { ...command.metadata, organizationId } } as OrganizationCommand;
  return handleCommand(deps, organizationDecider, organizationStreamId(organizationId), scoped, options);
}

export const registerOrganization = (deps: OrganizationDeps, command: RegisterOrganization, options?: HandleOptions) =>
  handleOrganizationCommand(deps, command, options);

export const updateOrganizationSettings = (deps: OrganizationDeps, command: UpdateOrganizationSettings, options?: HandleOptions) =>
  handleOrganizationCommand(deps, command, options);

export const changeTheme = (deps: OrganizationDeps, command: ChangeTheme, options?: HandleOptions) =>
  handleOrganizationCommand(deps, command, options);

/**
 * The organization as its stream says now, for decisions in other modules (house rule 2: a rule that
 * must see the latest fact reads the stream, e.g. whether daily screening is required); null when unknown.
 */
export async function loadOrganization(store: EventStore, organizationId: string): Promise<RegisteredOrganization | null> {
  const { state } = await store.aggregateStream<OrganizationState, OrganizationEvent>(organizationStreamId(organizationId), {
    initialState: organizationDecider.initialState,
    evolve: organizationDecider.evolve,
  });
  return state.status === "registered" ? state : null;
}
