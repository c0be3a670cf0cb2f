import { Callout, DataList, Text } from "@radix-ui/themes";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageNotFound } from "~/components/page-not-found";
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
  if (!data.found) return <PageNotFound />;
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
