import type { DomainEvent } from "../kernel";

/**
 * A new text of the organization's waiver (decision 100): from `effectiveFrom` on, a signature of any
 * other version asks for a new one. The versions of an organization live on one stream, oldest first.
 */
export type WaiverVersionPublishedData = {
  organizationId: string;
  /** short and readable, e.g. 2026-11-27 (a second one that day: 2026-11-27-2); the built-in text is 2026-01 */
  versionId: string;
  title: string;
  body: string;
  /** ISO 8601 */
  effectiveFrom: string;
  publishedBy: string | null;
};

export type WaiverVersionPublished = DomainEvent<"WaiverVersionPublished", WaiverVersionPublishedData>;
export type WaiverVersionEvent = WaiverVersionPublished;

export const WAIVER_VERSION_EVENT_TYPES = ["WaiverVersionPublished"] as const;

export const waiverVersionsStream = (organizationId: string) => `waiver-versions-${organizationId}`;
