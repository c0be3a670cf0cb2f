import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";

/**
 * The 404 page's body (spec-1 route table, /404-page-not-found): the page itself, and every page that
 * answers an unknown or another organization's record in place (a waiver, a report), so that whether the
 * record exists is not told.
 */
export function PageNotFound() {
  return (
    <Container size="2" px="5" py="9">
      <Flex direction="column" align="start" gap="4">
        <Heading as="h1" size="8">
          404 - Page Not Found
        </Heading>
        <Text as="p" size="3" color="gray">
          The page you are looking for does not exist or has moved.
        </Text>
        <Button asChild size="3">
          <RemixLink to="/">Go to Home</RemixLink>
        </Button>
      </Flex>
    </Container>
  );
}
