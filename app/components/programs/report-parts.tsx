import { Box, Button, Card, Flex, Grid, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RemixLink, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Paginator } from "~/components/paginator";

/** The report pages' rows per page (the module's REPORT_PAGE_SIZES; the export takes every row). */
export const PAGE_SIZES = [25, 50, 100] as const;

/** One figure of a report's summary: a label over a large value. */
export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Card size="2">
      <Flex direction="column" gap="1">
        <Text as="div" size="2" color="gray">
          {label}
        </Text>
        <Text as="div" size="6" weight="bold" data-testid={testId}>
          {value}
        </Text>
      </Flex>
    </Card>
  );
}

/** The figures on top of a report page: two columns on a phone, three on a tablet, four on a desktop. */
export function Figures({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Grid asChild columns={{ initial: "2", sm: "3", md: "4" }} gap="3" mb="5">
      <section aria-label={label}>{children}</section>
    </Grid>
  );
}

/** The page's header: the breadcrumb, the title, a line under it, and the Export CSV button on the right (under it on a phone). */
export function ReportHeader({ crumbs, title, subtitle, action }: { crumbs: { to: string; label: string }[]; title: string; subtitle?: ReactNode; action?: ReactNode }) {
  return (
    <>
      <Text as="p" size="2" mb="3">
        {crumbs.map((c, i) => (
          <span key={c.to}>
            {i > 0 ? " / " : ""}
            <Link asChild>
              <RemixLink to={c.to}>{c.label}</RemixLink>
            </Link>
          </span>
        ))}
      </Text>
      <Flex direction={{ initial: "column", sm: "row" }} justify="between" align={{ initial: "stretch", sm: "start" }} gap="3" mb="5">
        <Box>
          <Heading as="h1" size="7">
            {title}
          </Heading>
          {subtitle ? (
            <Text as="p" size="2" color="gray" mt="1">
              {subtitle}
            </Text>
          ) : null}
        </Box>
        {action}
      </Flex>
    </>
  );
}

/** The rows' pager: the app's paginator (tablet and desktop), Previous and Next on a phone; the page lives in the address (from 1). */
export function ReportPager({ page, size, totalPages }: { page: number; size: number; totalPages: number }) {
  const navigate = useNavigate();
  const go = (next: { page?: number; size?: number }) => navigate(`?page=${next.page ?? page}&size=${next.size ?? size}`, { preventScrollReset: true });
  if (totalPages <= 1) return null;
  return (
    <>
      <Paginator page={page - 1} totalPages={totalPages} size={size} sizes={PAGE_SIZES} onPage={(p) => go({ page: p + 1 })} onSize={(s) => go({ page: 1, size: s })} />
      <Flex asChild display={{ initial: "flex", xs: "none" }} justify="between" align="center" mt="4">
        <nav aria-label="Pages">
          <Button variant="soft" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
            Previous
          </Button>
          <Text size="2">
            Page {page} of {totalPages}
          </Text>
          <Button variant="soft" disabled={page >= totalPages} onClick={() => go({ page: page + 1 })}>
            Next
          </Button>
        </nav>
      </Flex>
    </>
  );
}

/**
 * Dims the rows while the next page loads. A wide table scrolls sideways inside its own area on a phone
 * or tablet (the page does not): that area is made a named, focusable region so a keyboard can scroll it.
 */
export function Loading({ children, label }: { children: ReactNode; label: string }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewport = ref.current?.querySelector<HTMLElement>(".rt-ScrollAreaViewport");
    if (!viewport) return;
    viewport.tabIndex = 0;
    viewport.setAttribute("role", "region");
    viewport.setAttribute("aria-label", label);
  });
  return (
    <div ref={ref} style={{ opacity: loading ? 0.6 : 1, transition: "opacity 120ms" }} aria-busy={loading}>
      {children}
    </div>
  );
}

/** MM/DD/YYYY of a YYYY-MM-DD day (spec-2 section 9). */
export const mdy = (ymd: string | null | undefined) => (ymd && /^\d{4}-\d{2}-\d{2}/.test(ymd) ? `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}` : "");
export const orDash = (value: unknown) => (value === null || value === undefined || value === "" ? "–" : String(value));
