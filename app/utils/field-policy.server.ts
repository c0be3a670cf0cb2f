import { fieldRoleOf, type FieldRole } from "#modules/identity";
import type { Auth } from "./auth.server";

/** The caller's role for the field policy (decision 027): by level, and PARENT among level 1. */
export const fieldRoleOfAuth = (auth: Auth): FieldRole => fieldRoleOf({ level: auth.subject.level, roleName: auth.subject.roleName });
