import type { SubmissionResult } from "@conform-to/react";
import type { Notice } from "../user-groups/types";

/** What the /integrations action answers: conform's result, the notice, and a new key's secret (shown once). */
export type IntegrationsActionData = { form?: "key" | "webhook"; result?: SubmissionResult<string[]>; notice?: Notice; newKey?: { name: string; key: string }; newSecret?: string };
