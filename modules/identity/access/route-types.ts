import type { PathParams } from "./path-pattern";
import type { AccessRule } from "./types";

/** What a page declares (spec-1 section 2, "A page declares"); roles and the rest live in `rule`. */
export type PageRoute = {
  /** the page id */
  id: string;
  /** path pattern: static segments, `:name`, one optional trailing `:name?` */
  path: string;
  title: string;
  /** whether the sidebar and top bar are shown */
  showNavigation: boolean;
  description: string;
  rule: AccessRule;
  /** the daily-screening prompts are skipped here (reset-password, view-waiver) */
  skipsScreening?: boolean;
};

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An /api route of the identity module's call table. */
export type ApiRoute = {
  id: string;
  method: HttpMethod;
  /** path pattern, including the /api prefix */
  path: string;
  description: string;
  rule: AccessRule;
  /**
   * The largest request body the call reads, in bytes: 1 MiB of JSON unless set here (decision 028);
   * "streamed" for the uploads, which stream their bodies and limit them themselves (modules/uploads/limits.ts).
   */
  maxBodyBytes?: number | "streamed";
};

export type RouteMatch<R> = { route: R; params: PathParams };
