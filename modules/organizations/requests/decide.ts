import { DomainError, validationError, type Command, type Decider, type DomainEvent } from "../../kernel";
import { NAME_TAKEN, declineOrganizationRequestSchema, organizationRequestSchema, type OrganizationRequestDetails } from "./schema";

/**
 * An organization request's stream, `organization-request-{id}` (decision 067): submitted (Pending), then
 * approved (it names the organization it created and the organization account) or declined (with a reason).
 */
export type OrganizationRequestSubmitted = DomainEvent<"OrganizationRequestSubmitted", { requestId: string; details: OrganizationRequestDetails }>;
export type OrganizationRequestApproved = DomainEvent<
  "OrganizationRequestApproved",
  { requestId: string; organizationId: string; accountUserId: string; approvedBy: string }
>;
export type OrganizationRequestDeclined = DomainEvent<"OrganizationRequestDeclined", { requestId: string; reason: string; declinedBy: string }>;
export type OrganizationRequestEvent = OrganizationRequestSubmitted | OrganizationRequestApproved | OrganizationRequestDeclined;

export const ORGANIZATION_REQUEST_EVENT_TYPES = [
  "OrganizationRequestSubmitted",
  "OrganizationRequestApproved",
  "OrganizationRequestDeclined",
] as const satisfies readonly OrganizationRequestEvent["type"][];
export const isOrganizationRequestEvent = <E extends DomainEvent>(event: E): event is E & OrganizationRequestEvent =>
  (ORGANIZATION_REQUEST_EVENT_TYPES as readonly string[]).includes(event.type);

export const organizationRequestStream = (requestId: string) => `organization-request-${requestId}`;

export type OrganizationRequestStatus = "Pending" | "Approved" | "Declined";
export type OrganizationRequestState =
  | { exists: false }
  | { exists: true; requestId: string; details: OrganizationRequestDetails; status: OrganizationRequestStatus; organizationId: string | null };

/** `nameTaken`: whether an organization (or another pending request) holds the name, as the handler read it. */
export type OrganizationRequestCommand =
  | Command<"SubmitOrganizationRequest", { requestId: string; input: unknown; nameTaken: boolean }>
  | Command<"ApproveOrganizationRequest", { requestId: string; organizationId: string; accountUserId: string; nameTaken: boolean }>
  | Command<"DeclineOrganizationRequest", { requestId: string; reason: unknown }>;

export const organizationRequestNotFound = () => new DomainError("ORGANIZATION_REQUEST_NOT_FOUND", "Organization request not found", 404);
export const organizationRequestDecided = () => new DomainError("ORGANIZATION_REQUEST_DECIDED", "This organization request has been decided already", 409);
export const organizationRequestExists = () => new DomainError("CONFLICT", "This organization request exists already", 409);
export const nameTaken = () => new DomainError("NAME_TAKEN", NAME_TAKEN, 409, { fieldErrors: { name: [NAME_TAKEN] } });

export function evolve(state: OrganizationRequestState, event: OrganizationRequestEvent): OrganizationRequestState {
  switch (event.type) {
    case "OrganizationRequestSubmitted":
      return { exists: true, requestId: event.data.requestId, details: event.data.details, status: "Pending", organizationId: null };
    case "OrganizationRequestApproved":
      return state.exists ? { ...state, status: "Approved", organizationId: event.data.organizationId } : state;
    case "OrganizationRequestDeclined":
      return state.exists ? { ...state, status: "Declined" } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

export function decide(state: OrganizationRequestState, command: OrganizationRequestCommand, _now: Date): OrganizationRequestEvent[] | DomainError {
  const actor = command.metadata.actorId ?? "";
  switch (command.type) {
    case "SubmitOrganizationRequest": {
      if (state.exists) return organizationRequestExists();
      const parsed = organizationRequestSchema.safeParse(command.data.input);
      if (!parsed.success) return validationError(parsed.error);
      if (command.data.nameTaken) return nameTaken();
      const { website: _honeypot, ...details } = parsed.data;
      return [{ type: "OrganizationRequestSubmitted", data: { requestId: command.data.requestId, details } }];
    }
    case "ApproveOrganizationRequest": {
      if (!state.exists) return organizationRequestNotFound();
      if (state.status !== "Pending") return organizationRequestDecided();
      if (command.data.nameTaken) return nameTaken();
      const { organizationId, accountUserId } = command.data;
      return [{ type: "OrganizationRequestApproved", data: { requestId: state.requestId, organizationId, accountUserId, approvedBy: actor } }];
    }
    case "DeclineOrganizationRequest": {
      if (!state.exists) return organizationRequestNotFound();
      if (state.status !== "Pending") return organizationRequestDecided();
      const parsed = declineOrganizationRequestSchema.safeParse({ reason: command.data.reason });
      if (!parsed.success) return validationError(parsed.error);
      return [{ type: "OrganizationRequestDeclined", data: { requestId: state.requestId, reason: parsed.data.reason, declinedBy: actor } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const organizationRequestDecider: Decider<OrganizationRequestState, OrganizationRequestCommand, OrganizationRequestEvent> = {
  initialState: () => ({ exists: false }),
  evolve,
  decide,
};
