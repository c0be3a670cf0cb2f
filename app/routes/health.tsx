import { Badge, Card, Code, Container, DataList, Flex, Heading, Table, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/status-badge";
import "~/utils/load-context";

export const meta: MetaFunction = () => [{ title: "Health · Rollcall" }];

export async function loader({ context }: LoaderFunctionArgs) {
  let report;
  try {
    report = await context.services.health();
  } catch (error) {
    console.error(`[health] check failed: ${error instanceof Error ? error.message : String(error)}`);
    throw json({ code: "HEALTH_CHECK_FAILED", message: "The health check could not run" }, { status: 503 });
  }
  return json(report, { status: report.ok ? 200 : 503 });
}

export default function HealthPage() {
  const report = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="5" py="6">
      <Flex align="center" gap="4" wrap="wrap" mb="5">
        <Heading as="h1" size="7">
          System health
        </Heading>
        <Badge color={report.ok ? "green" : "red"} variant="solid" size="3">
          {report.ok ? "All systems operational" : "Degraded"}
        </Badge>
      </Flex>

      <Card mb="5">
        <DataList.Root>
          <DataList.Item>
            <DataList.Label>Event store</DataList.Label>
            <DataList.Value>
              <Code>{report.eventStore.adapter}</Code>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Head position</DataList.Label>
            <DataList.Value>{report.eventStore.headPosition}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Role</DataList.Label>
            <DataList.Value>{report.role}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Checked at</DataList.Label>
            <DataList.Value>
              <time dateTime={report.checkedAt}>{report.checkedAt}</time>
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
      </Card>

      <section aria-labelledby="components-heading">
        <Heading as="h2" size="4" mb="2" id="components-heading">
          Components
        </Heading>
        <Table.Root variant="surface" mb="5">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Detail</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {report.components.map((component) => (
              <Table.Row key={component.name} align="center">
                <Table.RowHeaderCell>{component.name}</Table.RowHeaderCell>
                <Table.Cell>
                  <StatusBadge ok={component.ok} />
                </Table.Cell>
                <Table.Cell>
                  <Text color="gray">{component.detail}</Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </section>

      <section aria-labelledby="projections-heading">
        <Heading as="h2" size="4" mb="2" id="projections-heading">
          Projections
        </Heading>
        {report.projections.length === 0 ? (
          <Text as="p" color="gray">
            No projections registered.
          </Text>
        ) : (
          <Table.Root variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Checkpoint</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Lag</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {report.projections.map((projection) => (
                <Table.Row key={projection.name}>
                  <Table.RowHeaderCell>{projection.name}</Table.RowHeaderCell>
                  <Table.Cell justify="end">{projection.checkpoint}</Table.Cell>
                  <Table.Cell justify="end">{projection.lag}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </section>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
