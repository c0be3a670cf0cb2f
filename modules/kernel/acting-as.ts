import { AsyncLocalStorage } from "node:async_hooks";

/**
 * A superadmin acting inside another organization (decision 069): who really acts, the organization they
 * belong to, and the one they entered. Every event appended while it is set carries it in its metadata
 * (`metadata.actingAs`), beside the entered organization's id and the superadmin's user id.
 */
export type ActingAs = {
  userId: string;
  homeOrganizationId: string;
  homeOrganizationName: string;
  organizationId: string;
};

type Scope = { actingAs: ActingAs | null };

const scope = new AsyncLocalStorage<Scope>();

/**
 * Runs one request's work in its own scope (the web process wraps every request in one). The scope starts
 * empty; the request's session lookup notes an entered organization in it (`noteActingAs`), and the
 * command handler reads it back when it builds an event's metadata. One place, so no call site can forget it.
 */
export const inActingScope = <T>(work: () => T): T => scope.run({ actingAs: null }, work);

/** Notes the request's superadmin acting inside another organization (null: acting in their own). */
export function noteActingAs(actingAs: ActingAs | null): void {
  const current = scope.getStore();
  if (current) current.actingAs = actingAs;
}

/** The acting superadmin of the request being served, or null (their own organization, no request, a worker). */
export const currentActingAs = (): ActingAs | null => scope.getStore()?.actingAs ?? null;

/** The metadata key to spread into an event's metadata: `{ actingAs }` while acting, else nothing. */
export const actingAsMetadata = (): { actingAs?: ActingAs } => {
  const actingAs = currentActingAs();
  return actingAs ? { actingAs } : {};
};
