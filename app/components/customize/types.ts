import type { SubmissionResult } from "@conform-to/react";
import type { Notice } from "../user-groups/types";

/** What the /customize action answers: conform's result for the settings form, and the notice to show. */
export type CustomizeActionData = { result?: SubmissionResult<string[]>; notice?: Notice };
