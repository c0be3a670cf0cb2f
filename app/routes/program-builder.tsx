import { Button, Callout, Container, Flex, Heading, TabNav, Text } from "@radix-ui/themes";
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useActionData, useLoaderData } from "@remix-run/react";
import { programBuilderOf } from "#modules/programs";
import { newId } from "#modules/kernel";
import { registeredFileUrl } from "#modules/uploads";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { BuilderActionData } from "~/components/programs/builder-types";
import { ProgramCards } from "~/components/programs/program-cards";
import { ProgramForm } from "~/components/programs/program-form";
import scheduleStyles from "~/components/programs/schedule.css";
import { readForm } from "~/utils/page-form.server";
import { guardPage } from "~/utils/page-guard.server";
import { handleProgramBuilderForm } from "~/utils/program-builder.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: scheduleStyles }];
export const meta: MetaFunction = () => [{ title: "Program Builder" }];

/**
 * /program-builder (create programs and events; feature program_builder; decision 049): the programs,
 * active or archived (?status=), and the form to build one (?edit=new) or edit one (?edit={id}).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  const page = await programBuilderOf(context.services, auth, { status: url.searchParams.get("status"), edit });
  // an edit of a program that is not (or no longer) the organization's: back to the list
  if (edit && edit !== "new" && !page.editing) throw redirect("/program-builder");
  // the program's photo (decision 058): registered through the upload flow against the program
  const photoUrl = page.editing ? await registeredFileUrl(context.services, auth.organization.id, "program", page.editing.id) : null;
  return json({ ...page, photoUrl, form: edit ? (edit === "new" ? "new" : "edit") : null, commandId: newId() });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw redirect("/login");
  return handleProgramBuilderForm(context.services, auth, request, await readForm(request));
}

export default function ProgramBuilderPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<BuilderActionData>();
  const refusal = answer && "error" in answer ? answer.error : null;
  return (
    <Container size="3" px={{ initial: "3", sm: "5" }} py="6">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h1" size="7">
          Program Builder
        </Heading>
        {page.form ? null : (
          <Button asChild>
            <RemixLink to="?edit=new">Build Program</RemixLink>
          </Button>
        )}
      </Flex>
      {page.form ? (
        <ProgramForm key={page.editing?.id ?? "new"} program={page.editing} photoUrl={page.photoUrl} staff={page.staff} rules={page.rules} commandId={page.commandId} />
      ) : (
        <>
          <Text as="p" color="gray" mb="4">
            Weekly programs with their sessions, who may join and who coaches. An edit of the sessions applies from today: past sessions keep theirs.
          </Text>
          <TabNav.Root aria-label="Programs shown" mb="4">
            <TabNav.Link asChild active={page.status === "active"}>
              <RemixLink to="?status=active">Active</RemixLink>
            </TabNav.Link>
            <TabNav.Link asChild active={page.status === "archived"}>
              <RemixLink to="?status=archived">Archived</RemixLink>
            </TabNav.Link>
          </TabNav.Root>
          {refusal ? (
            <Callout.Root color="red" role="alert" mb="3">
              <Callout.Text>{refusal}</Callout.Text>
            </Callout.Root>
          ) : null}
          {page.programs.length ? (
            <ProgramCards programs={page.programs} commandId={page.commandId} />
          ) : (
            <Text as="p" size="2" color="gray" data-testid="programs-empty">
              {page.status === "active" ? "No programs yet. Build the first one." : "No archived programs."}
            </Text>
          )}
        </>
      )}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
