import type { SubmissionResult } from "@conform-to/react";
import type { Notice } from "../user-groups/types";

/** The /my-profile forms (decision 060): each posts its intent; the answer names it. */
export const MY_PROFILE_INTENTS = ["profile", "password", "notifications"] as const;
export type MyProfileIntent = (typeof MY_PROFILE_INTENTS)[number];

/** What the /my-profile action answers: which form, conform's result for it, and the notice to show. */
export type MyProfileActionData = { intent?: MyProfileIntent; result?: SubmissionResult<string[]>; notice?: Notice };
