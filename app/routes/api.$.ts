import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiError } from "~/utils/api.server";

/** Any /api path the call table does not have: a JSON 404, never the HTML 404 page. */
const notFound = ({ request }: LoaderFunctionArgs | ActionFunctionArgs) =>
  apiError(404, "NOT_FOUND", `There is no ${request.method} ${new URL(request.url).pathname}`);

export const loader = notFound;
export const action = notFound;
