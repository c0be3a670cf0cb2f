export { DEFAULT_LIVE_KEY, liveKeyFor, roomFor, parseSubscription, subscriptionSchema, topicSchema, organizationIdSchema } from "./rooms";
export type { LiveMessage, Subscription } from "./rooms";
export { attachLiveServer, DEFAULT_RECHECK_MS } from "./server";
export type { LiveServer, LiveServerOptions, LiveAuthorize, LiveRefusal, SubscribeAck, UnsubscribeAck } from "./server";
export { createLivePublisher, nullPublisher } from "./publisher";
export type { LivePublisher, LivePublisherOptions } from "./publisher";
