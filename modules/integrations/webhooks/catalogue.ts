/**
 * The event types an endpoint may subscribe to (issue 22, decision 079), each with the domain events that
 * make it. `order` is accepted and named now; the store area that will append orders is still to come.
 */
export const WEBHOOK_EVENT_TYPES = {
  "check-in": { label: "Check-in", from: ["MemberCheckedIn"] },
  "check-out": { label: "Check-out", from: ["MemberCheckedOut"] },
  "flag.raised": { label: "Flag raised", from: ["MemberFlagged"] },
  "flag.resolved": { label: "Flag resolved", from: ["MemberFlagResolved"] },
  registration: { label: "Registration", from: ["ParticipantRegisteredToProgram", "ParticipantRegisteredToEvent", "ParticipantUnregisteredFromProgram", "ParticipantUnregisteredFromEvent"] },
  attendance: { label: "Attendance", from: ["AttendanceMarked", "DropInAdded", "EventAttendanceMarked"] },
  order: { label: "Order", from: [] },
  "survey.completed": { label: "Survey completed", from: ["SurveyResponseSubmitted"] },
  "member.created": { label: "Member created", from: ["ParticipantRegistered"] },
  "member.changed": { label: "Member changed", from: ["ParticipantUpdated", "ParticipantStatusChanged"] },
} as const satisfies Record<string, { label: string; from: readonly string[] }>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENT_TYPES;
export const WEBHOOK_EVENT_TYPE_NAMES = Object.keys(WEBHOOK_EVENT_TYPES) as WebhookEventType[];

const BY_DOMAIN_TYPE = new Map<string, WebhookEventType>(
  WEBHOOK_EVENT_TYPE_NAMES.flatMap((name) => (WEBHOOK_EVENT_TYPES[name].from as readonly string[]).map((from) => [from, name] as const)),
);

/** The webhook type a domain event makes, or null. */
export const webhookTypeOf = (domainType: string): WebhookEventType | null => BY_DOMAIN_TYPE.get(domainType) ?? null;

/** Every domain event type some webhook type is made of (what the subscriber reads). */
export const WEBHOOK_SOURCE_EVENT_TYPES: readonly string[] = [...BY_DOMAIN_TYPE.keys()];

/** Fields that never leave in a payload: the pick-up security code (decision 036) is a secret between the tags. */
const WITHHELD = new Set(["securityCode"]);

/** The body of a delivery (Standard Webhooks: type, timestamp, data). */
export function webhookPayload(type: WebhookEventType, event: { eventId?: string; type: string; data: Record<string, unknown>; metadata: { occurredAt: string } }): string {
  const data = Object.fromEntries(Object.entries(event.data).filter(([key]) => !WITHHELD.has(key)));
  return JSON.stringify({ type, timestamp: event.metadata.occurredAt, data: { ...data, event: event.type, event_id: event.eventId } });
}
