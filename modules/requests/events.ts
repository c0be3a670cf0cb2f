import type { DomainEvent } from "../kernel";

/** Who a membership request is for (decision 066): a member joining, a parent registering a child, a teacher (school organizations). */
export const REQUEST_KINDS = ["member", "parent", "teacher"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REQUEST_STATUSES = ["Pending", "Approved", "Declined"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export type RequestChild = { firstName: string; lastName: string; birthDate: string; gender: string };

export type RequestSubmittedData = {
  requestId: string;
  organizationId: string;
  kind: RequestKind;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  /** member: the member's own birth date and gender; parent: the child's */
  birthDate: string | null;
  gender: string | null;
  child: RequestChild | null;
  /** teacher: the school role or subject */
  schoolRole: string | null;
};

export type RequestApprovedData = {
  requestId: string;
  /** the account invited (parent or teacher), or null when none was made (a member) */
  userId: string | null;
  /** the participant made (member: the member; parent: the child) */
  participantId: string | null;
  approvedBy: string | null;
};

export type RequestDeclinedData = { requestId: string; reason: string; declinedBy: string | null };

export type RequestSubmitted = DomainEvent<"RequestSubmitted", RequestSubmittedData>;
export type RequestApproved = DomainEvent<"RequestApproved", RequestApprovedData>;
export type RequestDeclined = DomainEvent<"RequestDeclined", RequestDeclinedData>;
export type RequestEvent = RequestSubmitted | RequestApproved | RequestDeclined;

export const REQUEST_EVENT_TYPES = ["RequestSubmitted", "RequestApproved", "RequestDeclined"] as const satisfies readonly RequestEvent["type"][];
export const isRequestEvent = <E extends DomainEvent>(event: E): event is E & RequestEvent => (REQUEST_EVENT_TYPES as readonly string[]).includes(event.type);

export const REQUEST_STREAM_PREFIX = "membership-request-";
export const requestStreamId = (requestId: string) => `${REQUEST_STREAM_PREFIX}${requestId}`;
