/** HTTP-ish status a refusal maps to at the /api edge. */
export type DomainErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * A refused command: a typed value with a code and the human message of the spec.
 * decide functions return it (errors are data); /api maps it to `{ code, message }`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: DomainErrorStatus = 400,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "DomainError";
  }

  toJSON(): { code: string; message: string } {
    return { code: this.code, message: this.message };
  }
}

export const isDomainError = (value: unknown): value is DomainError => value instanceof DomainError;

/** The stream was not at the revision the writer expected. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: number,
  ) {
    super(`Stream '${streamId}' is at revision ${actual}, expected ${expected}`);
    this.name = "WrongExpectedRevisionError";
  }
}

export const isWrongExpectedRevision = (value: unknown): value is WrongExpectedRevisionError =>
  value instanceof WrongExpectedRevisionError;
