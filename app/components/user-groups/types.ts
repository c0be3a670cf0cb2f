import type { SubmissionResult } from "@conform-to/react";

/** A user group as the /role page shows and edits it (identity's userGroupsOf answers it). */
export type { UserGroupView } from "#modules/identity";

/** A mutation's outcome as the page shows it (spec-2 section 8: success and error toasts). */
export type Notice = { type: "success" | "error"; title: string };

/** What the /role action answers: the form's result for conform, and the notice to show. */
export type UserGroupActionData = { result?: SubmissionResult<string[]>; notice?: Notice };
