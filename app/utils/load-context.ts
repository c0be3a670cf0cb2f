import type { HealthReport } from "../../modules/kernel";

/** What server.ts hands every loader and action (getLoadContext). */
export type AppServices = {
  health(): Promise<HealthReport>;
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: AppServices;
  }
}
