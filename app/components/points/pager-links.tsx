import { Button, Flex, Text } from "@radix-ui/themes";
import { Link as RemixLink, useLocation } from "@remix-run/react";

/** Previous and Next as links keeping the page's other query parameters (the ledger's and the orders' pages). */
export function PagerLinks({ page, size, count, param = "page" }: { page: number; size: number; count: number; param?: string }) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(count / size));
  if (pages <= 1) return null;
  const to = (p: number) => {
    const q = new URLSearchParams(location.search);
    q.set(param, String(p));
    return `${location.pathname}?${q.toString()}`;
  };
  return (
    <Flex gap="3" align="center" asChild>
      <nav aria-label="Pages">
        {page > 0 ? (
          <Button asChild variant="soft" size="1">
            <RemixLink to={to(page - 1)}>Previous</RemixLink>
          </Button>
        ) : null}
        <Text size="2">
          Page {page + 1} of {pages}
        </Text>
        {page < pages - 1 ? (
          <Button asChild variant="soft" size="1">
            <RemixLink to={to(page + 1)}>Next</RemixLink>
          </Button>
        ) : null}
      </nav>
    </Flex>
  );
}
