import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { registrantOf } from "#modules/registration";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProgramRegistrationPage, type ProgramRegistrationData } from "~/components/registration/program-registration-page";
import styles from "~/components/registration/registration.css";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";
import { handleRegistrationForm, programRegistrationPage, type RegistrationAnswer } from "~/utils/registration-page.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Program Registration" }];

/** /program-registration (members, feature program; decision 052): a parent registers their children, a participant themself. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const page = await programRegistrationPage(context.services, auth, new URL(request.url));
  return json({ page, parent: registrantOf(auth.user) === "parent" });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  return handleRegistrationForm(context.services, auth, request, await readForm(request), "program");
}

export default function ProgramRegistrationRoute() {
  const { page, parent } = useLoaderData<typeof loader>();
  const answer = useActionData<RegistrationAnswer>() ?? null;
  return <ProgramRegistrationPage page={page as ProgramRegistrationData} parent={parent} answer={answer} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
