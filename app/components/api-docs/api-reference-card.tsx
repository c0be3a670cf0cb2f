import { Card, Heading, Link, Text } from "@radix-ui/themes";

/**
 * Customize Scoreboard's pointer to the API reference (decision 081): /api/docs is a page of the API
 * itself, outside the app's routes, so the link loads it as a whole document.
 */
export function ApiReferenceCard() {
  return (
    <Card size="3" asChild>
      <section aria-labelledby="api-reference-heading">
        <Heading as="h2" size="5" mb="1" id="api-reference-heading">
          Integrations
        </Heading>
        <Text as="p" color="gray">
          Connect other systems to this organization: the <Link href="/api/docs">API reference</Link> lists every call, who may make it and what it answers, and the live channel&apos;s topics.
        </Text>
      </section>
    </Card>
  );
}
