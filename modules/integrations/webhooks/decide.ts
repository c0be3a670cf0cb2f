import { DomainError, type Command } from "../../kernel";
import type { WebhookEndpointEvent, WebhookEndpointFields } from "./events";

export type WebhookEndpointState = { organizationId: string | null; active: boolean; deleted: boolean };

export type WebhookEndpointCommand =
  | Command<"RegisterWebhookEndpoint", WebhookEndpointFields & { endpointId: string; organizationId: string; createdBy: string; secret: string }>
  | Command<"ChangeWebhookEndpoint", WebhookEndpointFields & { endpointId: string }>
  | Command<"DisableWebhookEndpoint", { endpointId: string; reason: string }>
  | Command<"EnableWebhookEndpoint", { endpointId: string }>
  | Command<"DeleteWebhookEndpoint", { endpointId: string }>;

export const WEBHOOK_NOT_FOUND = () => new DomainError("WEBHOOK_NOT_FOUND", "Webhook endpoint not found", 404);

/** An endpoint's rules (decision 079). A command from another organization finds nothing (404). */
export const webhookEndpointDecider = {
  initialState: (): WebhookEndpointState => ({ organizationId: null, active: false, deleted: false }),
  evolve(state: WebhookEndpointState, event: WebhookEndpointEvent): WebhookEndpointState {
    switch (event.type) {
      case "WebhookEndpointRegistered":
        return { organizationId: event.data.organizationId, active: true, deleted: false };
      case "WebhookEndpointChanged":
        return state;
      case "WebhookEndpointDisabled":
        return { ...state, active: false };
      case "WebhookEndpointEnabled":
        return { ...state, active: true };
      case "WebhookEndpointDeleted":
        return { ...state, active: false, deleted: true };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(state: WebhookEndpointState, command: WebhookEndpointCommand, _now: Date): WebhookEndpointEvent[] | DomainError {
    if (command.type === "RegisterWebhookEndpoint") {
      if (state.organizationId) return [];
      return [{ type: "WebhookEndpointRegistered", data: command.data }];
    }
    // the worker disables with no organization in its metadata: it acts for the endpoint's own
    const org = command.metadata.organizationId;
    if (!state.organizationId || state.deleted || (org !== null && org !== state.organizationId)) return WEBHOOK_NOT_FOUND();
    switch (command.type) {
      case "ChangeWebhookEndpoint":
        return [{ type: "WebhookEndpointChanged", data: command.data }];
      case "DisableWebhookEndpoint":
        return state.active ? [{ type: "WebhookEndpointDisabled", data: command.data }] : [];
      case "EnableWebhookEndpoint":
        return state.active ? [] : [{ type: "WebhookEndpointEnabled", data: command.data }];
      case "DeleteWebhookEndpoint":
        return [{ type: "WebhookEndpointDeleted", data: command.data }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
