import { Badge, Button, Card, Container, Flex, Grid, Heading, Table, Text, TextField } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NoRecords, SearchForm } from "~/components/list-parts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/forms";
import { Loading } from "~/components/programs/report-parts";
import { createGranterCall, deactivateGranterCall, editGranterCall, grantersOf } from "#modules/organizations";
import { LEVEL } from "#modules/identity/client";
import { isDomainError } from "#modules/kernel";
import { guardPage } from "~/utils/page-guard.server";
import { readForm } from "~/utils/page-form.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Granters" }];

/**
 * /granters (decisions 067 and 069): the superadmin lists, creates (invited), edits (`?edit={id}`: names, e-mail,
 * phone) and deactivates granter accounts; a granter is told who manages them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  const manages = (auth?.subject.level ?? 0) === LEVEL.superadmin;
  const search = (new URL(request.url).searchParams.get("search") ?? "").slice(0, 200);
  const list = manages && auth ? await grantersOf(context.services, auth, { page: 1, size: 200, search }) : { data: [], count: 0 };
  return json({ manages, search, edit: new URL(request.url).searchParams.get("edit"), ...list });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth || auth.subject.level !== LEVEL.superadmin) throw json({ code: "FORBIDDEN", message: "Only superadmins manage granters" }, { status: 403 });
  const form = await readForm(request);
  try {
    const intent = form.get("intent");
    const details = { first_name: form.get("first_name"), last_name: form.get("last_name"), email: form.get("email"), phone_number: form.get("phone_number") || undefined };
    const done =
      intent === "deactivate"
        ? await deactivateGranterCall(context.services, auth, String(form.get("id") ?? ""))
        : intent === "edit"
        ? await editGranterCall(context.services, auth, String(form.get("id") ?? ""), { ...details, phone_number: form.get("phone_number") ?? "" })
        : await createGranterCall(context.services, auth, { first_name: form.get("first_name"), last_name: form.get("last_name"), email: form.get("email"), phone_number: form.get("phone_number") || undefined }, request);
    return redirectWithToast("/granters", { type: "success", title: done.message }, context.services.production);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return json({ error: error.message }, { status: error.status });
  }
}

export default function GrantersPage() {
  const { manages, search, data, count, edit } = useLoaderData<typeof loader>();
  const editing = data.find((g) => g.id === edit);
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <Container size="4" px="5" py="6">
      <Flex direction="column" gap="1" mb="5">
        <Heading as="h1" size="7">
          Granters
        </Heading>
        <Text size="2" color="gray">
          Granters approve organization requests and manage the organizations they granted.
        </Text>
      </Flex>
      {!manages ? (
        <Text as="p" size="2">
          Superadmins manage granter accounts.
        </Text>
      ) : (
        <>
          <Card mb="5">
            <Form method="post">
              <input type="hidden" name="intent" value="create" />
              <Heading as="h2" size="4" mb="3">
                New Granter
              </Heading>
              <Grid columns={{ initial: "1", sm: "2" }} gap="3">
                {(
                  [
                    ["first_name", "First Name", "given-name"],
                    ["last_name", "Last Name", "family-name"],
                    ["email", "E-mail", "email"],
                    ["phone_number", "Phone Number", "tel"],
                  ] as const
                ).map(([name, label, autoComplete]) => (
                  <Flex key={name} direction="column" gap="1">
                    <Text as="label" htmlFor={`granter-${name}`} size="2" weight="medium">
                      {label}
                    </Text>
                    <TextField.Root id={`granter-${name}`} name={name} autoComplete={autoComplete} required={name !== "phone_number"} />
                  </Flex>
                ))}
              </Grid>
              <Flex mt="3">
                <Button type="submit" disabled={busy}>
                  Create and Invite
                </Button>
              </Flex>
            </Form>
          </Card>
          {editing ? (
            <Card mb="5">
              <Form method="post">
                <input type="hidden" name="intent" value="edit" />
                <input type="hidden" name="id" value={editing.id} />
                <Heading as="h2" size="4" mb="3">
                  Edit {editing.first_name} {editing.last_name}
                </Heading>
                <Grid columns={{ initial: "1", sm: "2" }} gap="3">
                  {(
                    [
                      ["first_name", "First Name", "given-name", editing.first_name],
                      ["last_name", "Last Name", "family-name", editing.last_name],
                      ["email", "E-mail", "email", editing.email ?? ""],
                      ["phone_number", "Phone Number", "tel", editing.phone_number ?? ""],
                    ] as const
                  ).map(([name, label, autoComplete, value]) => (
                    <Flex key={name} direction="column" gap="1">
                      <Text as="label" htmlFor={`edit-granter-${name}`} size="2" weight="medium">
                        {label}
                      </Text>
                      <TextField.Root id={`edit-granter-${name}`} name={name} autoComplete={autoComplete} defaultValue={value} required={name !== "phone_number"} />
                    </Flex>
                  ))}
                </Grid>
                <Flex mt="3" gap="2">
                  <Button type="submit" disabled={busy}>
                    Save
                  </Button>
                  <Button asChild variant="soft">
                    <RemixLink to={search ? `?${new URLSearchParams({ search }).toString()}` : "/granters"}>Cancel</RemixLink>
                  </Button>
                </Flex>
              </Form>
            </Card>
          ) : null}
          {failed ? <FormErrors errors={[failed.error]} /> : null}
          <SearchForm search={search} label="Search by name or e-mail" mb="4" />
          {data.length === 0 ? <NoRecords /> : (
            <Loading label="Granters">
              <Table.Root variant="surface" aria-label="Granters">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>E-mail</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Organization</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.map((g) => (
                    <Table.Row key={g.id} data-testid="granter-row">
                      <Table.RowHeaderCell>
                        {g.first_name} {g.last_name}
                      </Table.RowHeaderCell>
                      <Table.Cell>{g.email}</Table.Cell>
                      <Table.Cell>{g.organization_name}</Table.Cell>
                      <Table.Cell>
                        <Badge color={g.status === "Active" ? "green" : "gray"}>{g.status}</Badge>
                        {g.invitation_status ? (
                          <Text as="div" size="1" color="gray">
                            {g.invitation_status}
                          </Text>
                        ) : null}
                      </Table.Cell>
                      <Table.Cell>
                        <Flex gap="2" wrap="wrap">
                        <Button asChild size="1" variant="soft">
                          <RemixLink to={`?${new URLSearchParams({ search, edit: g.id }).toString()}`} aria-label={`Edit ${g.first_name} ${g.last_name}`}>
                            Edit
                          </RemixLink>
                        </Button>
                        {g.status === "Active" ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="deactivate" />
                            <input type="hidden" name="id" value={g.id} />
                            <Button type="submit" size="1" color="red" variant="soft" disabled={busy} aria-label={`Deactivate ${g.first_name} ${g.last_name}`}>
                              Deactivate
                            </Button>
                          </Form>
                        ) : null}
                        </Flex>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Loading>
          )}
          <Text as="p" size="2" color="gray" mt="3">
            {count} {count === 1 ? "granter" : "granters"}
          </Text>
        </>
      )}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
