import { Container, Heading, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { guardPage } from "~/utils/page-guard.server";

/**
 * Every path without a route file of its own. The registry decides: an unknown path goes to the 404
 * page, a refusal is 'Forbidden Page'; a registry page that is not built yet says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { route } = await guardPage(request, context.services);
  return json({ title: route.title });
}

/** Nothing here takes a form: guarded like the page, then 405. */
export async function action({ request, context }: ActionFunctionArgs) {
  await guardPage(request, context.services);
  throw new Response("This page does not take submissions.", { status: 405, headers: { Allow: "GET" } });
}

export default function NotAvailableYetPage() {
  const { title } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="5" py="6">
      <Heading as="h1" size="7" mb="3">
        {title}
      </Heading>
      <Text as="p" size="3" color="gray">
        This area is not available yet.
      </Text>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
