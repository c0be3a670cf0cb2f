import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ParticipantListPage } from "~/components/participants/participant-list-page";
import { getAuth } from "~/utils/auth.server";
import { guardPage } from "~/utils/page-guard.server";
import { participantListOf } from "#modules/participants";

/**
 * /students: the participant list of a school organization (same page as /participants, its own title).
 * Anyone signed in to another type of organization is sent to /participants, which judges them itself
 * (issue 15: a bare 'Forbidden Page' told an admin nothing).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const signedIn = await getAuth(request, context.services);
  if (signedIn && signedIn.subject.organizationType !== "school") throw redirect("/participants");
  const { auth, route } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const list = await participantListOf(context.services, auth, new URL(request.url).searchParams);
  return json({ title: route.title, ...list });
}

export default function StudentsPage() {
  return <ParticipantListPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
