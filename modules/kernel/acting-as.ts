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

/** The API key a request authenticated with (decision 078): every event it appends names it (`metadata.apiKey`). */
export type ApiKeyActor = { id: string; name: string };

type Scope = { actingAs: ActingAs | null; apiKey?: ApiKeyActor | null };

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

/** Notes the API key the request authenticated with (decision 078). */
export function noteApiKey(apiKey: ApiKeyActor | null): void {
  const current = scope.getStore();
  if (current) current.apiKey = apiKey;
}

/** The acting superadmin of the request being served, or null (their own organization, no request, a worker). */
export const currentActingAs = (): ActingAs | null => scope.getStore()?.actingAs ?? null;

/**
 * The metadata keys to spread into an event's metadata: `{ actingAs }` while acting, `{ apiKey }` while a
 * request authenticated by an API key runs (decision 078), else nothing.
 */
export const actingAsMetadata = (): { actingAs?: ActingAs; apiKey?: ApiKeyActor } => {
  const actingAs = currentActingAs();
  const apiKey = scope.getStore()?.apiKey ?? null;
  return { ...(actingAs ? { actingAs } : {}), ...(apiKey ? { apiKey } : {}) };
};

/** Runs work in a scope holding the metadata `actingAsMetadata` read earlier (a batch answering a command in its own request's name). */
export const withActingMetadata = <T>(metadata: ReturnType<typeof actingAsMetadata>, work: () => T): T => scope.run({ actingAs: metadata.actingAs ?? null, apiKey: metadata.apiKey ?? null }, work);
