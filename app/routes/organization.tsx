import { Box, Button, Container, Flex, Heading, Table, Text, TextField } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link as RemixLink, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Loading } from "~/components/programs/report-parts";
import { organizationsOf } from "#modules/organizations";
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
  return json({ search, page, ...list, pages: Math.max(1, Math.ceil(list.count / PAGE_SIZE)), all: (auth?.subject.level ?? 0) >= LEVEL.superadmin });
}

export default function OrganizationsPage() {
  const { search, page, pages, data, count, all } = useLoaderData<typeof loader>();
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
      <Form method="get">
        <Flex gap="2" align="end" mb="4">
          <TextField.Root name="search" defaultValue={search} placeholder="Search by name" aria-label="Search by name" />
          <Button type="submit" variant="soft">
            Search
          </Button>
        </Flex>
      </Form>
      {data.length === 0 ? (
        <Box py="8" data-testid="organizations-empty">
          <Heading as="h2" size="4" align="center">
            No Records Found
          </Heading>
        </Box>
      ) : (
        <Loading label="Organizations">
        <Table.Root variant="surface" aria-label="Organizations">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>City</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Support E-mail</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((o) => (
              <Table.Row key={o.id} data-testid="organization-row" data-name={o.name}>
                <Table.RowHeaderCell>{o.name}</Table.RowHeaderCell>
                <Table.Cell>{o.type === "school" ? "School" : "Other"}</Table.Cell>
                <Table.Cell>{[o.city, o.state].filter(Boolean).join(", ")}</Table.Cell>
                <Table.Cell>{o.support_email}</Table.Cell>
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
