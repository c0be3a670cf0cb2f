import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageNotFound } from "~/components/page-not-found";
import { guardPage } from "~/utils/page-guard.server";

/** Where every unknown path lands (spec-1 route table); answered with status 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage(request, context.services);
  return json({}, { status: 404 });
}

export default function NotFoundPage() {
  return <PageNotFound />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
