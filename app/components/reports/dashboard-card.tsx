import { Button, Card, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReportFigures } from "#modules/reports/client";
import { ReportChart } from "./report-chart";
import { ReportTable } from "./report-table";

/** One dashboard: its headline figures, the chart with its text alternative, the table view and the CSV. */
export function DashboardCard({ figures, csvHref }: { figures: ReportFigures; csvHref: string }) {
  const id = `report-${figures.name}`;
  return (
    <Card asChild>
      <section aria-labelledby={id}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Flex direction="column" gap="1" style={{ flex: "1 1 16rem" }}>
              <Heading as="h2" size="4" id={id}>
                {figures.title}
              </Heading>
              <Text size="2" color="gray">
                {figures.description}
              </Text>
            </Flex>
            <Button asChild variant="soft" size="2">
              <a href={csvHref} download>
                Download CSV<span className="rt-sr-only" style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}>{` of ${figures.title}`}</span>
              </a>
            </Button>
          </Flex>
          <DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }} size="2">
            {figures.summary.map((s) => (
              <DataList.Item key={s.label}>
                <DataList.Label minWidth="10rem">{s.label}</DataList.Label>
                <DataList.Value>
                  <Text weight="bold">{typeof s.value === "number" ? s.value.toLocaleString("en-CA") : s.value}</Text>
                </DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
          <figure style={{ margin: 0 }}>
            <ReportChart figures={figures} />
            <figcaption>
              <Text size="2">{figures.text}</Text>
            </figcaption>
          </figure>
          <details>
            <summary>
              <Text size="2" weight="medium">
                Table view
              </Text>
            </summary>
            <ReportTable figures={figures} />
          </details>
        </Flex>
      </section>
    </Card>
  );
}
