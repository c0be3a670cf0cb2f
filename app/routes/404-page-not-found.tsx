import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { guardPage } from "~/utils/page-guard.server";

/** Where every unknown path lands (spec-1 route table); answered with status 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardPage(request, context.services);
  return json({}, { status: 404 });
}

export default function NotFoundPage() {
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
