import { Button, Callout, Container, DataList, Flex, Heading, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { WarningIcon } from "~/components/icons";
import { WaiverLayout, WaiverTextBlock } from "~/components/waiver/waiver-document";
import { guardPage } from "~/utils/page-guard.server";
import { WAIVER_NOT_SIGNED } from "~/utils/waiver-form";
import { viewWaiver } from "#modules/participants";

/**
 * /view-waiver/{id} (auth optional in the registry): the signed waiver, shown to signed-in staff of the
 * participant's organization and to the participant's parent; anyone else gets the 404 page (status 404).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth } = await guardPage(request, context.services);
  const view = await viewWaiver(context.services, auth, params.id);
  if (!view) return json({ found: false as const }, { status: 404 });
  return json({ found: true as const, ...view });
}

export default function ViewWaiverPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.found) return <NotFound />;
  const { participantName, waiver, text } = data;
  return (
    <WaiverLayout title="View Waiver" description={<>Waiver of <Text weight="bold">{participantName}</Text></>}>
      {waiver ? (
        <DataList.Root data-testid="waiver-signature">
          <DataList.Item>
            <DataList.Label>Signed by</DataList.Label>
            <DataList.Value>{waiver.signedByName}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>Signed on</DataList.Label>
            <DataList.Value>
              <time dateTime={waiver.signedAt}>{waiver.signedAtText}</time>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label>IP address</DataList.Label>
            <DataList.Value>{waiver.ip}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
      ) : (
        <Callout.Root color="amber" role="status">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Callout.Text>{WAIVER_NOT_SIGNED}</Callout.Text>
        </Callout.Root>
      )}
      <WaiverTextBlock text={text} />
    </WaiverLayout>
  );
}

/** The same page as /404-page-not-found, answered in place (status 404): the waiver's existence is not told. */
function NotFound() {
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
