import { DomainError, type Command, type Decider } from "../kernel";
import type { RequestApprovedData, RequestEvent, RequestStatus, RequestSubmittedData } from "./events";
import { REASON_MAX } from "./schema";

export type RequestState = { exists: false } | { exists: true; organizationId: string; status: RequestStatus; submitted: RequestSubmittedData };

export type RequestCommand =
  | Command<"SubmitRequest", RequestSubmittedData>
  | Command<"ApproveRequest", Omit<RequestApprovedData, "approvedBy">>
  | Command<"DeclineRequest", { requestId: string; reason: string }>;

export const requestNotFound = () => new DomainError("REQUEST_NOT_FOUND", "Request not found", 404);
export const requestAlreadyDecided = (status: RequestStatus) => new DomainError("REQUEST_ALREADY_DECIDED", `This request is ${status.toLowerCase()} already`, 409);
export const reasonRequired = () => new DomainError("VALIDATION", "Reason is required", 400, { fieldErrors: { reason: ["Reason is required"] } });
export const reasonTooLong = () => new DomainError("VALIDATION", `Reason must be at most ${REASON_MAX} characters`, 400, { fieldErrors: { reason: [`Reason must be at most ${REASON_MAX} characters`] } });

export const initialRequestState = (): RequestState => ({ exists: false });

export function evolve(state: RequestState, event: RequestEvent): RequestState {
  switch (event.type) {
    case "RequestSubmitted":
      return { exists: true, organizationId: event.data.organizationId, status: "Pending", submitted: event.data };
    case "RequestApproved":
      return state.exists ? { ...state, status: "Approved" } : state;
    case "RequestDeclined":
      return state.exists ? { ...state, status: "Declined" } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Pure (decision 066). Submitting twice is one request; another organization's request is not found (404);
 * a request is decided once: approving or declining an approved or declined one is 409; a decline needs a
 * reason of at most 500 characters.
 */
export function decide(state: RequestState, command: RequestCommand, _now: Date): RequestEvent[] | DomainError {
  switch (command.type) {
    case "SubmitRequest":
      if (state.exists) return [];
      return [{ type: "RequestSubmitted", data: command.data }];
    case "ApproveRequest":
    case "DeclineRequest": {
      if (!state.exists || state.organizationId !== command.metadata.organizationId) return requestNotFound();
      if (state.status !== "Pending") return requestAlreadyDecided(state.status);
      if (command.type === "ApproveRequest") return [{ type: "RequestApproved", data: { ...command.data, approvedBy: command.metadata.actorId } }];
      const reason = command.data.reason.trim();
      if (!reason) return reasonRequired();
      if (reason.length > REASON_MAX) return reasonTooLong();
      return [{ type: "RequestDeclined", data: { requestId: command.data.requestId, reason, declinedBy: command.metadata.actorId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const requestDecider: Decider<RequestState, RequestCommand, RequestEvent> = { initialState: initialRequestState, evolve, decide };
