import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ParticipantListPage } from "~/components/participants/participant-list-page";
import { guardPage } from "~/utils/page-guard.server";
import { participantListOf } from "#modules/participants";
import { canExportParticipants } from "#modules/exports";
import { ExportParticipantsButton } from "~/components/exports/export-buttons";

/** /participants: the participant list (spec-1 section 2); the default opened sidebar route. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth, route } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const list = await participantListOf(context.services, auth, new URL(request.url).searchParams);
  return json({ title: route.title, ...list, canExport: canExportParticipants(auth) });
}

export default function ParticipantsPage() {
  const { canExport, ...list } = useLoaderData<typeof loader>();
  return <ParticipantListPage {...list} actions={canExport ? <ExportParticipantsButton search={list.state.search} /> : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
