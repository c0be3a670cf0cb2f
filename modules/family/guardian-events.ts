/** A child's guardians (decision 064): facts on the stream `guardians-{participantId}`. */
export const guardiansStream = (participantId: string) => `guardians-${participantId}`;

export type GuardianLinkData = {
  participantId: string;
  guardianId: string;
  organizationId: string;
  /** how the guardian is related to the child, when said ('Mother', 'Grandparent'); null otherwise */
  relationship: string | null;
};

export type GuardianEvent =
  | { type: "GuardianLinked"; data: GuardianLinkData }
  | { type: "GuardianUnlinked"; data: { participantId: string; guardianId: string; organizationId: string } };

export type GuardianLinked = Extract<GuardianEvent, { type: "GuardianLinked" }>;
export type GuardianUnlinked = Extract<GuardianEvent, { type: "GuardianUnlinked" }>;

export const GUARDIAN_EVENT_TYPES = ["GuardianLinked", "GuardianUnlinked"] as const;
