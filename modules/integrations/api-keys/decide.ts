import { DomainError, type Command } from "../../kernel";
import type { ApiKeyCreatedData, ApiKeyEvent } from "./events";

export type ApiKeyState = { created: ApiKeyCreatedData | null; revokedAt: string | null };

export type CreateApiKey = Command<"CreateApiKey", ApiKeyCreatedData & { creatorPermissionIds: readonly string[] }>;
export type RevokeApiKey = Command<"RevokeApiKey", { keyId: string; revokedBy: string }>;
export type ApiKeyCommand = CreateApiKey | RevokeApiKey;

/** The longest a key may live. */
export const MAX_KEY_DAYS = 366;

export const API_KEY_NOT_FOUND = () => new DomainError("API_KEY_NOT_FOUND", "API key not found", 404);

export const apiKeyDecider = {
  initialState: (): ApiKeyState => ({ created: null, revokedAt: null }),
  evolve(state: ApiKeyState, event: ApiKeyEvent & { metadata?: { occurredAt: string } }): ApiKeyState {
    switch (event.type) {
      case "ApiKeyCreated":
        return { ...state, created: event.data };
      case "ApiKeyRevoked":
        return { ...state, revokedAt: event.metadata?.occurredAt ?? new Date(0).toISOString() };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(state: ApiKeyState, command: ApiKeyCommand, now: Date): ApiKeyEvent[] | DomainError {
    switch (command.type) {
      case "CreateApiKey": {
        if (state.created) return new DomainError("API_KEY_EXISTS", "This API key exists already", 409);
        const { creatorPermissionIds, ...data } = command.data;
        const held = new Set(creatorPermissionIds);
        const beyond = data.permissionIds.filter((p) => !held.has(p));
        if (beyond.length) {
          return new DomainError("PERMISSION_NOT_HELD", `A key cannot have permissions you do not have: ${beyond.join(", ")}`, 403);
        }
        const expires = new Date(data.expiresAt).getTime();
        if (!(expires > now.getTime())) return new DomainError("VALIDATION", "Expiry must be in the future", 400);
        if (expires > now.getTime() + MAX_KEY_DAYS * 86_400_000) return new DomainError("VALIDATION", `Expiry must be within ${MAX_KEY_DAYS} days`, 400);
        return [{ type: "ApiKeyCreated", data }];
      }
      case "RevokeApiKey": {
        if (!state.created || state.created.organizationId !== command.metadata.organizationId) return API_KEY_NOT_FOUND();
        if (state.revokedAt) return new DomainError("API_KEY_REVOKED", "This API key is revoked already", 409);
        return [{ type: "ApiKeyRevoked", data: command.data }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
