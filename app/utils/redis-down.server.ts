import { DomainError, withinRedisDeadline } from "#modules/kernel";

/**
 * A request-path Redis call with its decided fallback (decision 029): when Redis does not answer within about
 * a second the request ends with 503 `{ code: "SERVICE_UNAVAILABLE", message }` naming what is unavailable,
 * never a hang and never a 500.
 */
export async function needRedis<T>(work: Promise<T>, what: string): Promise<T> {
  try {
    return await withinRedisDeadline(work);
  } catch (error) {
    throw redisDown(what, error);
  }
}

export function redisDown(what: string, cause?: unknown): DomainError {
  return new DomainError("SERVICE_UNAVAILABLE", `${what} is unavailable right now. Please try again in a minute.`, 503, {
    cause: cause instanceof Error ? cause.message : String(cause),
  });
}
