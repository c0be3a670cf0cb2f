import twilio from "twilio";
/**
 * SMS providers (decision 089): the adapter a delivery sends through. Without configuration the embedded outbox
 * keeps the message (shown on /dev/mail); with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (a number or
 * a Messaging Service SID "MG...") in the environment, Twilio's Messages API sends it through the official SDK.
 */
export type SmsMessage = { organizationId: string; to: string; body: string; dedupeKey: string };
export type SmsResult = { ref: string; status: "sent" | "kept" };
export type SmsProvider = { name: string; send(message: SmsMessage): Promise<SmsResult> };

/** A refusal a retry would meet again (a wrong number, a 4xx of the provider). */
export class PermanentSmsError extends Error {
  readonly permanent = true;
}

export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  from: string;
  /** where Twilio reports each message's fate (decision 108): `{PUBLIC_URL}/api/sms/status` when that is https */
  statusCallback?: string;
  /** another address for Twilio's API (tests: a local server standing in for api.twilio.com) */
  baseUrl?: string;
};

export function twilioConfigFrom(env: Record<string, string | undefined>, publicUrl?: string): TwilioConfig | null {
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim();
  const authToken = env.TWILIO_AUTH_TOKEN?.trim();
  const from = env.TWILIO_FROM?.trim();
  if (!accountSid || !authToken || !from) return null;
  const statusCallback = publicUrl?.startsWith("https://") ? `${publicUrl.replace(/\/+$/, "")}${SMS_STATUS_PATH}` : undefined;
  return { accountSid, authToken, from, ...(statusCallback && { statusCallback }) };
}

/** The path Twilio's status callbacks are posted to (decision 108). */
export const SMS_STATUS_PATH = "/api/sms/status";

const TWILIO_API = "https://api.twilio.com";

/** The SDK's HTTP client, its requests to api.twilio.com sent to `baseUrl` instead (a test's stand-in server). */
function clientFor(baseUrl: string): twilio.RequestClient {
  const client = new twilio.RequestClient();
  const request = client.request.bind(client);
  client.request = ((opts: Parameters<typeof request>[0]) => request({ ...opts, uri: opts.uri.replace(TWILIO_API, baseUrl.replace(/\/+$/, "")) })) as typeof client.request;
  return client;
}

/**
 * Twilio's Messages API through its official SDK (`twilio`, decision 108), with the status callback when the app has
 * a public https address. A 4xx answer (but 429) is permanent, the rest retried.
 */
export function twilioProvider(config: TwilioConfig): SmsProvider {
  const client = twilio(config.accountSid, config.authToken, config.baseUrl ? { httpClient: clientFor(config.baseUrl) } : {});
  return {
    name: "twilio",
    async send(message) {
      try {
        const sent = await client.messages.create({
          to: message.to,
          body: message.body,
          ...(config.from.startsWith("MG") ? { messagingServiceSid: config.from } : { from: config.from }),
          ...(config.statusCallback && { statusCallback: config.statusCallback }),
        });
        return { ref: sent.sid, status: "sent" };
      } catch (error) {
        const status = (error as { status?: number }).status ?? 0;
        const code = (error as { code?: number }).code;
        const reason = `Twilio ${status || "error"}${code ? ` (${code})` : ""}: ${(error as Error).message}`;
        if (status >= 400 && status < 500 && status !== 429) throw new PermanentSmsError(reason);
        throw new Error(reason);
      }
    },
  };
}

/** Whether a status callback really came from Twilio: its X-Twilio-Signature over the url and the form's fields. */
export const twilioSignatureValid = (authToken: string, signature: string, url: string, params: Record<string, string>) => twilio.validateRequest(authToken, signature, url, params);

/** What a status callback's MessageStatus means for the delivery (decision 108): only the final ones change it. */
export function smsOutcomeOf(status: string, errorCode?: string): { status: "delivered" | "failed"; reason: string | null } | null {
  if (status === "delivered") return { status: "delivered", reason: null };
  if (status === "undelivered" || status === "failed") return { status: "failed", reason: `Twilio: ${status}${errorCode ? ` (error ${errorCode})` : ""}` };
  return null;
}

/** The embedded outbox: keeps the message (a second time with the same key keeps nothing). */
export const outboxProvider = (keep: (message: SmsMessage) => Promise<string>): SmsProvider => ({
  name: "outbox",
  send: async (message) => ({ ref: await keep(message), status: "kept" }),
});

/** A phone number as a provider takes it: digits with an optional leading +; North American 10 digits get +1. */
export function normalizePhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+") && digits.length >= 8 && digits.length <= 15) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}
