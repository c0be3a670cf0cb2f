import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ParticipantListRoute, type ParticipantListRouteData } from "~/components/participants/participant-list-route";
import staffStyles from "~/components/programs/staff-pages.css";
import userStyles from "~/components/users/users.css";
import { guardPage } from "~/utils/page-guard.server";
import { participantListAction, participantListPageOf } from "~/utils/participant-list-page.server";
import { canExportParticipants } from "#modules/exports";
import { ExportParticipantsButton } from "~/components/exports/export-buttons";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: staffStyles },
  { rel: "stylesheet", href: userStyles },
];

/** /participants: the participant list (spec-1 section 2); the default opened sidebar route. Create and edit in a panel (decision 065). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth, route } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const page = await participantListPageOf(context.services, auth, request);
  return json({ title: route.title, ...page, canExport: canExportParticipants(auth) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  return participantListAction(context.services, auth, request);
}

export default function ParticipantsPage() {
  const { canExport, ...data } = useLoaderData<typeof loader>();
  const exportButton = canExport ? <ExportParticipantsButton search={data.state.search} statuses={data.state.status ? [data.state.status] : []} /> : null;
  return <ParticipantListRoute data={data as ParticipantListRouteData} exportButton={exportButton} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
