import { Box, Callout, Code, Container, Heading, Text } from "@radix-ui/themes";
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";

/** The page guard's refusal (page-guard.server.ts FORBIDDEN_PAGE): shown as this plain text and nothing else. */
const FORBIDDEN_PAGE = "Forbidden Page";

/** Status and message of whatever a loader, action or render threw, readable for a person. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 403 && error.data === FORBIDDEN_PAGE) {
    return (
      <Box p="5">
        <Text size="3">{FORBIDDEN_PAGE}</Text>
      </Box>
    );
  }
  const { status, title, message } = describe(error, pathname);
  return (
    <Container size="2" px="5" py="6">
      <Heading as="h1" size="7" mb="4">
        {status ? `${status} ${title}` : title}
      </Heading>
      <Callout.Root color="red" role="alert">
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      {status ? (
        <Text as="p" size="2" color="gray" mt="4">
          HTTP status <Code>{status}</Code>
        </Text>
      ) : null}
    </Container>
  );
}

function describe(error: unknown, pathname: string): { status: number | null; title: string; message: string } {
  if (isRouteErrorResponse(error) && error.status === 404 && typeof error.data === "string" && error.data.includes("No route matches")) {
    return { status: 404, title: "Not Found", message: `There is no page at ${pathname}.` };
  }
  if (isRouteErrorResponse(error)) {
    return { status: error.status, title: error.statusText || "Error", message: messageOf(error.data) };
  }
  if (error instanceof Error) return { status: null, title: "Something went wrong", message: error.message };
  return { status: null, title: "Something went wrong", message: "An unknown error occurred." };
}

/** `{ code, message }` bodies (the /api error shape), plain strings, or nothing useful. */
function messageOf(data: unknown): string {
  if (typeof data === "string" && data.trim()) return data;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return "The request could not be completed.";
}
