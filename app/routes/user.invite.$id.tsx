import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { AcceptInvitation, type AcceptActionData } from "~/components/invitations/accept-invitation";
import { invitationAction, invitationLoader } from "~/utils/invitation-accept.server";

/** /user/invite/{id}?token=…: a coach's (staff) invitation, auth optional (spec-1 section 2; decision 063). */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => invitationLoader(request, context.services, params.id, "coach");
export const action = ({ request, context, params }: ActionFunctionArgs) => invitationAction(request, context.services, params.id, "coach");

export default function CoachInvitationPage() {
  const { view, userId, token } = useLoaderData<typeof loader>();
  return <AcceptInvitation view={view} userId={userId} token={token} actionData={useActionData<typeof action>() as AcceptActionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
