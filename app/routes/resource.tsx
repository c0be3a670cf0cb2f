import { Callout, Card, Container, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DomainError } from "#modules/kernel";
import { archiveResource, createResource, mayManageResources, receiveResourceForm, resourceGroupChoices, resourcesList, updateResource } from "#modules/resources";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ResourceCards, type ResourceView } from "~/components/resources/resource-cards";
import { ResourceForm } from "~/components/resources/resource-form";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Resources" }];

/**
 * /resource (decision 101; `features.document`): the documents and links shared with the signed-in user
 * (everyone's and their user group's), each opened through the counted open call. Staff with 'create
 * communications' add, edit and archive them, choose who sees each, and see how often each was opened.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const services = context.services;
  const manage = mayManageResources(auth);
  const [active, archived, groups] = await Promise.all([
    resourcesList(services, auth, { page: 0, size: 100, status: "active" }),
    manage ? resourcesList(services, auth, { page: 0, size: 50, status: "archived" }) : Promise.resolve({ data: [], count: 0 }),
    manage ? resourceGroupChoices(services, auth) : Promise.resolve([]),
  ]);
  return json({ manage, resources: active.data as ResourceView[], count: active.count, archived: archived.data as ResourceView[], archivedCount: archived.count, groups });
}

const one = (fields: Record<string, string[]>, name: string) => fields[name]?.[0];

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const services = context.services;
  const here = new URL(request.url).pathname;
  try {
    let fields: Record<string, string[]>;
    let uploaded: string | undefined;
    if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      // a file goes straight into storage as it streams (never held whole), with the form's text fields
      if (!mayManageResources(auth)) throw new DomainError("FORBIDDEN", "You may not manage resources", 403);
      const received = await receiveResourceForm(services, auth, request);
      fields = received.fields;
      uploaded = received.file?.file_path;
    } else {
      const form = await readForm(request);
      fields = {};
      for (const [name, value] of form) if (typeof value === "string") (fields[name] ??= []).push(value);
    }
    const intent = one(fields, "intent");
    const body = () => {
      const kind = one(fields, "kind");
      return {
        title: one(fields, "title"),
        description: one(fields, "description") ?? "",
        kind,
        url: kind === "link" ? one(fields, "url") : undefined,
        file_path: kind === "file" ? (uploaded ?? one(fields, "file_path")) : undefined,
        visibility: one(fields, "visibility") ?? "everyone",
        group_ids: fields.group_ids ?? [],
      };
    };
    const done = (message: string) => redirectWithToast(here, { type: "success", title: message }, services.production);
    if (intent === "create") return done((await createResource(services, auth, null, body())).message);
    if (intent === "update") return done((await updateResource(services, auth, null, one(fields, "resource_id"), body())).message);
    if (intent === "archive") return done((await archiveResource(services, auth, null, one(fields, "resource_id"))).message);
    return json({ ok: false as const, message: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError) return json({ ok: false as const, message: error.message }, { status: error.status });
    throw error;
  }
}

function ArchivedTable({ rows, count }: { rows: ResourceView[]; count: number }) {
  if (count === 0) return null;
  return (
    <Flex direction="column" gap="2">
      <Heading as="h2" size="4">
        Archived ({count})
      </Heading>
      <div tabIndex={0} role="region" aria-label="Archived resources" style={{ overflowX: "auto" }}>
        <Table.Root size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Kind</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Opened</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={r.id}>
                <Table.Cell>{r.title}</Table.Cell>
                <Table.Cell>{r.format}</Table.Cell>
                <Table.Cell>{r.downloads ?? 0}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </div>
    </Flex>
  );
}

export default function ResourcesPage() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return (
    <Container size="3" px={{ initial: "3", sm: "5" }} py="6">
      <Flex direction="column" gap="5">
        <Flex direction="column" gap="1">
          <Heading as="h1" size="7">
            Resources
          </Heading>
          <Text color="gray">{data.manage ? "Documents and links you share with members or chosen user groups." : "Documents and links shared with you."}</Text>
        </Flex>
        {acted && !acted.ok ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{acted.message}</Callout.Text>
          </Callout.Root>
        ) : null}
        <ResourceCards resources={data.resources} manage={data.manage} groups={data.groups} />
        {data.manage ? (
          <Card style={{ maxWidth: 560 }}>
            <Heading as="h2" size="4" mb="3">
              Add a resource
            </Heading>
            {/* a new key after each resource added: the form starts empty again (a refused one keeps what was typed) */}
            <ResourceForm key={`${data.count}-${data.resources[0]?.id ?? ""}`} groups={data.groups} />
          </Card>
        ) : null}
        {data.manage ? <ArchivedTable rows={data.archived} count={data.archivedCount} /> : null}
      </Flex>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
