import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/utils/api.server";

/** GET /api/message/inbox: the unread count drives the sidebar badge. Messages themselves come later. */
export const loader = (args: LoaderFunctionArgs) => api(args, async () => ({ data: [], count: 0, additional_info: {} }));
