import { Button, Flex, Select, Text, TextField } from "@radix-ui/themes";
import { useState, type FormEvent } from "react";
import { pageFromInput } from "~/utils/participant-list";

type Props = {
  /** 0-based */
  page: number;
  totalPages: number;
  size: number;
  sizes: readonly number[];
  onPage: (page: number) => void;
  onSize: (size: number) => void;
};

/**
 * The paginator of spec-1 section 2: Previous and Next, a 'Go to page' box that accepts only pages 1 to
 * the total (spec-1 section 5), and the page-size choices. Hidden on mobile.
 */
export function Paginator({ page, totalPages, size, sizes, onPage, onSize }: Props) {
  const [target, setTarget] = useState("");
  const [error, setError] = useState<string | null>(null);
  const last = Math.max(totalPages - 1, 0);

  const goTo = (event: FormEvent) => {
    event.preventDefault();
    const next = pageFromInput(target, totalPages);
    if (next === null) {
      setError(`Enter a page from 1 to ${totalPages}`);
      return;
    }
    setError(null);
    setTarget("");
    onPage(next);
  };

  // nothing to page through (an empty search): no 'Page 0 of 0' (issue 15)
  if (totalPages === 0) return null;
  return (
    <Flex asChild display={{ initial: "none", xs: "flex" }} align="center" justify="between" gap="4" wrap="wrap" mt="4">
      <nav aria-label="Pagination">
        <Flex align="center" gap="2">
          <Button variant="soft" disabled={page <= 0} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Text size="2" aria-live="polite">
            Page {page + 1} of {totalPages}
          </Text>
          <Button variant="soft" disabled={page >= last} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </Flex>
        <form onSubmit={goTo} noValidate>
          <Flex align="center" gap="2">
            <Text as="label" size="2" htmlFor="paginator-go-to">
              Go to page
            </Text>
            <TextField.Root
              id="paginator-go-to"
              inputMode="numeric"
              value={target}
              onChange={(e) => {
                setTarget(e.target.value);
                setError(null);
              }}
              style={{ width: 72 }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "paginator-go-to-error" : undefined}
            />
            <Button type="submit" variant="outline">
              Go
            </Button>
            {error ? (
              <Text id="paginator-go-to-error" role="alert" size="2" color="red">
                {error}
              </Text>
            ) : null}
          </Flex>
        </form>
        <Flex align="center" gap="2">
          <Text size="2" id="paginator-size-label">
            Rows per page
          </Text>
          <Select.Root value={String(size)} onValueChange={(value) => onSize(Number(value))}>
            <Select.Trigger aria-labelledby="paginator-size-label" />
            <Select.Content>
              {sizes.map((s) => (
                <Select.Item key={s} value={String(s)}>
                  {s}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
      </nav>
    </Flex>
  );
}
