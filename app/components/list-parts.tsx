import { Box, Button, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { Form } from "@remix-run/react";

/** An empty list (spec-2 section 8): 'No Records Found', and a line saying why when there is one. */
export function NoRecords({ text, testId }: { text?: string; testId?: string }) {
  return (
    <Box py="8" data-testid={testId}>
      <Heading as="h2" size="4" align="center">
        No Records Found
      </Heading>
      {text ? (
        <Text as="p" size="2" color="gray" align="center" mt="1">
          {text}
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * A list's search box: a GET form whose `search` parameter the page's loader reads (a new search starts at
 * the first page); `keep` carries the list's other parameters (a status tab) along.
 */
export function SearchForm({ search, label, keep = {}, mb }: { search: string; label: string; keep?: Record<string, string>; mb?: "4" }) {
  return (
    <Form method="get">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Flex gap="2" align="end" mb={mb}>
        <TextField.Root name="search" defaultValue={search} placeholder={label} aria-label={label} />
        <Button type="submit" variant="soft">
          Search
        </Button>
      </Flex>
    </Form>
  );
}
