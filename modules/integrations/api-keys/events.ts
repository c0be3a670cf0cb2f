import type { DomainEvent } from "../../kernel";

/** A key's stream (decision 078): its creation and, at most once, its revocation. */
export const apiKeyStream = (keyId: string) => `api-key-${keyId}`;

export type ApiKeyCreatedData = {
  keyId: string;
  organizationId: string;
  name: string;
  /** a subset of the creator's permissions when it was made; the key never holds more than the creator still does */
  permissionIds: string[];
  /** ISO 8601 */
  expiresAt: string;
  createdBy: string;
  /** SHA-256 (hex) of the whole key: the key itself is shown once and kept nowhere */
  secretHash: string;
  /** the key's first characters, shown on the page to tell keys apart */
  prefix: string;
};

export type ApiKeyEvent = DomainEvent<"ApiKeyCreated", ApiKeyCreatedData> | DomainEvent<"ApiKeyRevoked", { keyId: string; revokedBy: string }>;

export const API_KEY_EVENT_TYPES = ["ApiKeyCreated", "ApiKeyRevoked"] as const satisfies readonly ApiKeyEvent["type"][];
