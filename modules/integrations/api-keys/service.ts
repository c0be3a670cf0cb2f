import { apiKeysOfOrganization } from "../../../projections/integrations";
import { waitForProjection } from "../../../projections/runner";
import { commandMetadataOf, type Auth, type Services } from "../../identity";
import { DomainError, getMany, handleCommand, idFrom } from "../../kernel";
import type { CreateApiKeyBody } from "../schema";
import { lastUsedKey } from "./auth";
import { apiKeyDecider, API_KEY_NOT_FOUND } from "./decide";
import { apiKeyStream } from "./events";
import { newApiKey } from "./secret";

export type ApiKeyView = { id: string; name: string; prefix: string; permission_ids: string[]; expires_at: string; created_by: string; created_at: string; revoked_at: string | null; last_used_at: string | null; status: "active" | "expired" | "revoked" };

/** Only a person manages keys: a key cannot make or revoke keys, nor a superadmin inside another organization. */
function mayManageKeys(auth: Auth) {
  if ((auth as { apiKey?: unknown }).apiKey) throw new DomainError("FORBIDDEN", "An API key cannot manage API keys.", 403);
  if (auth.actingAs) throw new DomainError("FORBIDDEN", "API keys are made by the organization's own admins.", 403);
}

/** Creates a key; its secret is answered once, here, and kept nowhere (decision 078). */
export async function createApiKey(services: Services, auth: Auth, request: Request, body: CreateApiKeyBody) {
  mayManageKeys(auth);
  const metadata = commandMetadataOf(auth, request);
  const keyId = idFrom("api-key", metadata.commandId);
  const secret = newApiKey(keyId);
  const result = await handleCommand(services, apiKeyDecider, apiKeyStream(keyId), {
    type: "CreateApiKey",
    data: {
      keyId,
      organizationId: auth.organization.id,
      name: body.name,
      permissionIds: [...new Set(body.permission_ids)],
      expiresAt: new Date(body.expires_at).toISOString(),
      createdBy: auth.user.id,
      secretHash: secret.hash,
      prefix: secret.prefix,
      creatorPermissionIds: auth.user.permissionIds,
    },
    metadata,
  });
  if (!result.ok) throw result.error;
  await waitForProjection(services, "integrations");
  if (result.replayed) return { message: "API key successfully created", data: { id: keyId, key: null, note: "This key was created by an earlier request; its secret was shown then." } };
  return { message: "API key successfully created", data: { id: keyId, key: secret.key, prefix: secret.prefix, name: body.name, expires_at: new Date(body.expires_at).toISOString() } };
}

/** Revokes a key: the next call with it is refused (its stream is read at every call). */
export async function revokeApiKey(services: Services, auth: Auth, request: Request, keyId: string | undefined) {
  mayManageKeys(auth);
  if (!keyId || !/^[0-9a-f-]{36}$/.test(keyId)) throw API_KEY_NOT_FOUND();
  const result = await handleCommand(services, apiKeyDecider, apiKeyStream(keyId), { type: "RevokeApiKey", data: { keyId, revokedBy: auth.user.id }, metadata: commandMetadataOf(auth, request) });
  if (!result.ok) throw result.error;
  await waitForProjection(services, "integrations");
  return { message: "API key successfully revoked" };
}

/** The organization's keys with their status and last use. */
export async function apiKeysOf(services: Services, auth: Auth): Promise<{ data: ApiKeyView[]; count: number }> {
  const rows = await apiKeysOfOrganization(services.db, auth.organization.id);
  const used = rows.length ? await getMany(services.redis, rows.map((r) => lastUsedKey(r.id))).catch(() => rows.map(() => null)) : [];
  const now = services.clock.now();
  const data = rows.map((r, i): ApiKeyView => {
    const expiresAt = new Date(r.expires_at).toISOString();
    return {
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      permission_ids: r.permission_ids,
      expires_at: expiresAt,
      created_by: r.created_by,
      created_at: new Date(r.created_at).toISOString(),
      revoked_at: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
      last_used_at: used[i] ?? null,
      status: r.revoked_at ? "revoked" : new Date(expiresAt) <= now ? "expired" : "active",
    };
  });
  return { data, count: data.length };
}
