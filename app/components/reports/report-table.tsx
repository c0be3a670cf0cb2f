import { Table } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import type { ReportFigures } from "#modules/reports/client";

/** The same figures as the chart and the CSV, as a table (scrolls inside itself on narrow screens). */
export function ReportTable({ figures }: { figures: ReportFigures }) {
  const shown = figures.rows;
  const ref = useRef<HTMLDivElement>(null);
  const label = `${figures.title} table`;
  // the table scrolls sideways inside its own area on a phone: a named region a keyboard can reach (axe scrollable-region-focusable)
  useEffect(() => {
    const viewport = ref.current?.querySelector<HTMLElement>(".rt-ScrollAreaViewport");
    if (!viewport) return;
    viewport.tabIndex = 0;
    viewport.setAttribute("role", "region");
    viewport.setAttribute("aria-label", label);
  }, [label]);
  return (
    <div ref={ref}>
      <Table.Root size="1" variant="surface">
        <Table.Header>
          <Table.Row>
            {figures.columns.map((c) => (
              <Table.ColumnHeaderCell key={c.key} style={{ whiteSpace: "nowrap" }}>
                {c.label}
              </Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shown.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={figures.columns.length}>No Records Found</Table.Cell>
            </Table.Row>
          ) : (
            shown.map((row, i) => (
              <Table.Row key={i}>
                {figures.columns.map((c, j) =>
                  j === 0 ? (
                    <Table.RowHeaderCell key={c.key} style={{ whiteSpace: "nowrap" }}>
                      {row[c.key]}
                    </Table.RowHeaderCell>
                  ) : (
                    <Table.Cell key={c.key} align="right">
                      {row[c.key]}
                    </Table.Cell>
                  ),
                )}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
