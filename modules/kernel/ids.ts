import { v4 as uuidv4, v5 as uuidv5, validate } from "uuid";

/** Rollcall's namespace for name-based (v5) ids. */
const NAMESPACE = "7f3c8a52-4a8e-4f0b-9f7e-2d7c1b6a0e11";

export const newId = (): string => uuidv4();

/** The same name always gives the same id: event ids derived from a command id make retries idempotent. */
export const idFrom = (...parts: (string | number)[]): string => uuidv5(parts.join(":"), NAMESPACE);

export const isUuid = (value: unknown): value is string => typeof value === "string" && validate(value);
