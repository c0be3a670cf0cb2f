import { Badge, Button, Card, Container, Flex, Grid, Heading, Table, Text, TextField } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NoRecords, SearchForm } from "~/components/list-parts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Loading } from "~/components/programs/report-parts";
import {
  createOrganizationCall,
  deactivateOrganizationCall,
  editOrganizationCall,
  enterOrganizationCall,
  homeOrganizationIdOf,
  leaveOrganizationCall,
  organizationsOf,
  reactivateOrganizationCall,
} from "#modules/organizations";
import { isDomainError } from "#modules/kernel";
import { FormErrors } from "~/components/forms";
import { readForm } from "~/utils/page-form.server";
import { redirectWithToast } from "~/utils/toast.server";
import { LEVEL } from "#modules/identity/client";
import { guardPage } from "~/utils/page-guard.server";

export const meta: MetaFunction = () => [{ title: "Organizations" }];

const PAGE_SIZE = 20;

/** /organization (decision 067): the organizations by name, searched; a superadmin sees all, a granter those they granted. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").slice(0, 200);
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const list = auth ? await organizationsOf(context.services, auth, { page, size: PAGE_SIZE, search }) : { data: [], count: 0 };
  const edit = url.searchParams.get("edit");
  const all = (auth?.subject.level ?? 0) >= LEVEL.superadmin;
  // a superadmin may enter any other active organization (decision 069); where they are now and their own
  const here = auth?.organization.id ?? null;
  const home = auth ? homeOrganizationIdOf(auth) : null;
  return json({ search, page, edit, ...list, pages: Math.max(1, Math.ceil(list.count / PAGE_SIZE)), all, here, home });
}

const NEW_FIELDS = [
  ["name", "Name", "organization"],
  ["street_address", "Street Address", "street-address"],
  ["city", "City", "address-level2"],
  ["state", "Province/State", "address-level1"],
  ["postal_code", "Postal Code", "postal-code"],
  ["contact_first_name", "Contact First Name", "given-name"],
  ["contact_last_name", "Contact Last Name", "family-name"],
  ["contact_email", "Contact E-mail", "email"],
  ["contact_phone", "Contact Phone Number", "tel"],
] as const;

/** Create (approved at once, its organization account invited) or deactivate (its users are signed out and cannot sign in); decision 067. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  if (!auth) throw json({ code: "UNAUTHORIZED", message: "You need to sign in to do this." }, { status: 401 });
  const form = await readForm(request);
  try {
    const intent = form.get("intent");
    const text = (name: string) => String(form.get(name) ?? "");
    if (intent === "enter" || intent === "leave") {
      // into the organization's own pages (decision 069): its dashboard, with the banner saying where one is
      const moved = intent === "enter" ? await enterOrganizationCall(context.services, auth, text("id")) : await leaveOrganizationCall(context.services, auth);
      return redirectWithToast(intent === "enter" ? "/" : "/organization", { type: "success", title: moved.message }, context.services.production);
    }
    const done =
      intent === "reactivate"
        ? await reactivateOrganizationCall(context.services, auth, text("id"))
        :
      intent === "edit"
        ? await editOrganizationCall(context.services, auth, text("id"), {
            name: text("name"),
            type: text("type"),
            street_address: text("street_address"),
            city: text("city"),
            state: text("state"),
            postal_code: text("postal_code"),
            support_email: text("support_email"),
          })
        : intent === "create"
        ? await createOrganizationCall(context.services, auth, Object.fromEntries([...NEW_FIELDS.map(([name]) => [name, String(form.get(name) ?? "")]), ["type", String(form.get("type") ?? "")]]), null)
        : await deactivateOrganizationCall(context.services, auth, String(form.get("id") ?? ""));
    const url = new URL(request.url);
    url.searchParams.delete("edit");
    return redirectWithToast(url.pathname + url.search, { type: "success", title: done.message }, context.services.production);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return json({ error: error.message }, { status: error.status });
  }
}

export default function OrganizationsPage() {
  const { search, page, pages, data, count, all, edit, here, home } = useLoaderData<typeof loader>();
  const editing = data.find((o) => o.id === edit);
  const failed = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const query = (p: number) => `?${new URLSearchParams({ search, page: String(p) }).toString()}`;
  return (
    <Container size="4" px="5" py="6">
      <Flex direction="column" gap="1" mb="5">
        <Heading as="h1" size="7">
          Organizations
        </Heading>
        <Text size="2" color="gray">
          {all ? "Every organization." : "The organizations you granted."} New ones come from approved organization requests.
        </Text>
      </Flex>
      <Card mb="5" asChild>
        <details>
          <summary>
            <Text weight="medium">New Organization</Text>
          </summary>
          <Form method="post">
            <input type="hidden" name="intent" value="create" />
            <Grid columns={{ initial: "1", sm: "2" }} gap="3" mt="3">
              {NEW_FIELDS.map(([name, label, autoComplete]) => (
                <Flex key={name} direction="column" gap="1">
                  <Text as="label" htmlFor={`organization-${name}`} size="2" weight="medium">
                    {label}
                  </Text>
                  <TextField.Root id={`organization-${name}`} name={name} autoComplete={autoComplete} required />
                </Flex>
              ))}
              <Flex direction="column" gap="1">
                <Text as="label" htmlFor="organization-type" size="2" weight="medium">
                  Type
                </Text>
                <select id="organization-type" name="type" defaultValue="other" className="rc-user-select">
                  <option value="school">School</option>
                  <option value="other">Other</option>
                </select>
              </Flex>
            </Grid>
            <Flex mt="3">
              <Button type="submit" disabled={busy}>
                Create Organization
              </Button>
            </Flex>
          </Form>
        </details>
      </Card>
      {editing ? (
        <Card mb="5">
          <Form method="post">
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="id" value={editing.id} />
            <Heading as="h2" size="4">
              Edit {editing.name}
            </Heading>
            <Grid columns={{ initial: "1", sm: "2" }} gap="3" mt="3">
              {(
                [
                  ["name", "Name", editing.name],
                  ["street_address", "Street Address", editing.street_address],
                  ["city", "City", editing.city],
                  ["state", "Province/State", editing.state],
                  ["postal_code", "Postal Code", editing.postal_code],
                  ["support_email", "Support E-mail", editing.support_email],
                ] as const
              ).map(([name, label, value]) => (
                <Flex key={name} direction="column" gap="1">
                  <Text as="label" htmlFor={`edit-${name}`} size="2" weight="medium">
                    {label}
                  </Text>
                  <TextField.Root id={`edit-${name}`} name={name} defaultValue={value} required={name !== "support_email"} />
                </Flex>
              ))}
              <Flex direction="column" gap="1">
                <Text as="label" htmlFor="edit-type" size="2" weight="medium">
                  Type
                </Text>
                <select id="edit-type" name="type" defaultValue={editing.type} className="rc-user-select">
                  <option value="school">School</option>
                  <option value="other">Other</option>
                </select>
              </Flex>
            </Grid>
            <Flex mt="3" gap="2">
              <Button type="submit" disabled={busy}>
                Save
              </Button>
              <Button asChild variant="soft">
                <RemixLink to={`?${new URLSearchParams({ search, page: String(page) }).toString()}`}>Cancel</RemixLink>
              </Button>
            </Flex>
          </Form>
        </Card>
      ) : null}
      <SearchForm search={search} label="Search by name" mb="4" />
      {failed ? <FormErrors errors={[failed.error]} /> : null}
      {data.length === 0 ? <NoRecords testId="organizations-empty" /> : (
        <Loading label="Organizations">
        <Table.Root variant="surface" aria-label="Organizations">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>City</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Support E-mail</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((o) => (
              <Table.Row key={o.id} data-testid="organization-row" data-name={o.name}>
                <Table.RowHeaderCell>{o.name}</Table.RowHeaderCell>
                <Table.Cell>{o.type === "school" ? "School" : "Other"}</Table.Cell>
                <Table.Cell>{[o.city, o.state].filter(Boolean).join(", ")}</Table.Cell>
                <Table.Cell>{o.support_email}</Table.Cell>
                <Table.Cell>
                  <Badge color={o.status === "Active" ? "green" : "gray"}>{o.status}</Badge>
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="2">
                  <Button asChild size="1" variant="soft">
                    <RemixLink to={`?${new URLSearchParams({ search, page: String(page), edit: o.id }).toString()}`} aria-label={`Edit ${o.name}`}>
                      Edit
                    </RemixLink>
                  </Button>
                  {all && o.status === "Active" && o.id !== here && o.id !== home ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="enter" />
                      <input type="hidden" name="id" value={o.id} />
                      <Button type="submit" size="1" disabled={busy} aria-label={`Enter ${o.name}`}>
                        Enter
                      </Button>
                    </Form>
                  ) : null}
                  {o.id === here && here !== home ? (
                    <Badge color="amber" aria-label={`You are in ${o.name}`}>
                      You are here
                    </Badge>
                  ) : null}
                  {o.status === "Active" ? (
                    o.id !== here && o.id !== home ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="deactivate" />
                        <input type="hidden" name="id" value={o.id} />
                        <Button type="submit" size="1" color="red" variant="soft" disabled={busy} aria-label={`Deactivate ${o.name}`}>
                          Deactivate
                        </Button>
                      </Form>
                    ) : null
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="reactivate" />
                      <input type="hidden" name="id" value={o.id} />
                      <Button type="submit" size="1" color="green" variant="soft" disabled={busy} aria-label={`Reactivate ${o.name}`}>
                        Reactivate
                      </Button>
                    </Form>
                  )}
                  </Flex>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        </Loading>
      )}
      <Flex justify="between" align="center" mt="4">
        <Text size="2" color="gray">
          {count} {count === 1 ? "organization" : "organizations"} · page {page} of {pages}
        </Text>
        <Flex gap="2">
          {page > 1 ? (
            <Button asChild variant="soft" size="1">
              <RemixLink to={query(page - 1)}>Previous</RemixLink>
            </Button>
          ) : null}
          {page < pages ? (
            <Button asChild variant="soft" size="1">
              <RemixLink to={query(page + 1)}>Next</RemixLink>
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
