import type { Services } from "#modules/identity";

/** What server.ts hands every loader and action (getLoadContext): the services of modules/identity/calls/services.ts. */
export type AppServices = Services;

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: AppServices;
    /** the client's address as Express sees it (trust proxy decides) */
    clientIp: string;
    /** this response's Content-Security-Policy nonce, for inline scripts (runtime/security-headers.ts) */
    cspNonce: string;
    /** lets this page connect to and frame these https origins (an embedded viewer; runtime/security-headers.ts) */
    allowOrigins(origins: readonly string[]): void;
  }
}
