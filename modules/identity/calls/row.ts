import type { z } from "zod";
import { DomainError, idempotencyKeyFrom, idFrom, newId, type CommandMetadata } from "../../kernel";
import type { ApiRoute } from "../access/route-types";
import type { Auth } from "./auth";
import type { Services } from "./services";

/** What a row's handler gets: the request (headers and URL), the services, who asks, and its input, validated. */
export type ApiContext<B = unknown, Q = unknown> = {
  /**
   * headers and URL; the body is here only for a streamed call (`maxBodyBytes: "streamed"`). Made when a
   * handler first reads it (a web Request costs more than many a handler): read `headers` for a header alone.
   */
  request: Request;
  /** the request's headers, read from the call as it came (no web Request is made for them) */
  headers: HeaderSource["headers"];
  services: Services;
  /** the signed-in caller, or null where the row's rule lets anonymous callers in */
  auth: Auth | null;
  params: Record<string, string | undefined>;
  /** the JSON body, parsed by the row's `body` schema when it has one (`{}` when none was sent) */
  body: B;
  /** the query string, parsed by the row's `query` schema when it has one */
  query: Q;
  /** the client's address as Express sees it */
  clientIp: string;
};

/**
 * One row of the /api table (docs/ARCHITECTURE.md, decision 035): the call's method and path, its
 * access rule, its input schemas and its handler. The dispatcher, the access guard, CSRF, the body
 * limit and the OpenAPI document are derived from the rows; nothing else declares a call.
 */
export type ApiRow<B = unknown, Q = unknown> = ApiRoute & {
  /** zod schema of the JSON body: validated before the handler (400 VALIDATION with its first message) */
  body?: z.ZodType<B>;
  /** the body may also be sent as form fields (urlencoded or multipart; its text fields), as the spec's forms are */
  formBody?: true;
  /** zod schema of the query string (an object of strings) */
  query?: z.ZodType<Q>;
  /**
   * What a success answers, for the OpenAPI document (a JSON body unless said); `schema` is the JSON
   * body's zod schema as answered (decision 081: loose objects, a new field breaks no client).
   */
  answers?: { status?: number; description: string; contentType?: string; schema?: z.ZodType };
  /** a plain value is answered as JSON 200; a Response as it is (files, cookies, other statuses) */
  handle(ctx: ApiContext<B, Q>): unknown;
};

/** A row of the table, its body and query types taken from its schemas. */
export const apiRow = <B = unknown, Q = unknown>(row: ApiRow<B, Q>): ApiRow => row as unknown as ApiRow;

/** The signed-in caller of a row whose rule requires one. */
export function signedIn(ctx: { auth: Auth | null }): Auth {
  if (!ctx.auth) throw new DomainError("UNAUTHORIZED", "You need to sign in to do this.", 401);
  return ctx.auth;
}

type Sender = { user: { id: string }; organization: { id: string } };

/** Where a call's headers are read: a web Request, or an ApiContext (which reads them without making one). */
export type HeaderSource = { headers: Pick<Headers, "get"> };

/**
 * The command id of a state-changing call (decision 028), the one reader of idempotency keys: the
 * Idempotency-Key header, else the body's command_id, at most 128 characters (400 beyond). The id is
 * the key scoped to the signed-in user and organization, so the same user resending gets the first
 * result while another user's same key is another command. No key: a new id.
 */
export function commandIdOf(auth: Sender, request: HeaderSource, bodyKey?: unknown): string {
  const key = idempotencyKeyFrom(request.headers.get("idempotency-key"), bodyKey);
  return key === null ? newId() : idFrom("idempotency-key", auth.organization.id, auth.user.id, key);
}

/** The metadata of a command sent by the signed-in user, its id from commandIdOf. */
export function commandMetadataOf(auth: Sender, request: HeaderSource, bodyKey?: unknown): CommandMetadata & { organizationId: string } {
  return { commandId: commandIdOf(auth, request, bodyKey), organizationId: auth.organization.id, actorId: auth.user.id };
}
