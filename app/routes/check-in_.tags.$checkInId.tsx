import { Button, Callout, Flex, Heading, Link, SegmentedControl, Text } from "@radix-ui/themes";
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link as RemixLink, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { TAG_STOCKS, tagStockOf, type TagStock } from "#modules/check-in/client";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import tagsLarge from "~/components/tags/tags-large.css";
import tagsSmall from "~/components/tags/tags-small.css";
import tagStyles from "~/components/tags/tags.css";
import { TagLabels } from "~/components/tags/tag-labels";
import { signedInPage } from "~/utils/page-guard.server";
import { tagsPageOf } from "~/utils/tags-page.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: tagStyles }];

/** The page size of each label stock: one of the two @page rules is linked, by ?stock= */
const PAGE_CSS: Record<TagStock, string> = { small: tagsSmall, large: tagsLarge };

/**
 * /check-in/tags/{checkInId} (kiosk allowed; docs/decisions/036): a visit's name tag and claim tag, one
 * label per printed page. ?stock=small|large picks the label size; ?print=1 prints at once (a kiosk run with
 * --kiosk-printing prints without a dialog) and then goes back to the check-in screen.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const tags = await tagsPageOf(context.services, auth, params.checkInId);
  return tags ? json({ found: true as const, tags }) : json({ found: false as const }, { status: 404 });
}

export default function TagsPage() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const stock = tagStockOf(params.get("stock"));
  const autoPrint = params.get("print") === "1";
  const back = "/check-in";

  useEffect(() => {
    if (!data.found || !autoPrint) return;
    const done = () => navigate(back, { replace: true });
    window.addEventListener("afterprint", done, { once: true });
    // after the page (and its @page size) has been laid out
    const timer = window.setTimeout(() => window.print(), 300);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("afterprint", done);
    };
  }, [data.found, autoPrint, back, navigate]);

  if (!data.found) {
    return (
      <Flex direction="column" gap="3" p="6">
        <Heading as="h1">Tags</Heading>
        <Callout.Root color="gray" role="status">
          <Callout.Text>Check-in not found</Callout.Text>
        </Callout.Root>
        <Link asChild>
          <RemixLink to="/check-in">Back to Check-in</RemixLink>
        </Link>
      </Flex>
    );
  }
  const { tags } = data;
  return (
    <div>
      <link rel="stylesheet" href={PAGE_CSS[stock]} />
      <Flex className="rc-tags-toolbar" direction="column" gap="3" p="4" pb="0">
        <Heading as="h1" size="6">
          Tags for {tags.full_name}
        </Heading>
        {tags.security_code ? null : (
          <Text as="p" size="2" color="gray">
            This visit has no security code: only the name tag is printed.
          </Text>
        )}
        <Flex gap="3" align="center" wrap="wrap">
          <SegmentedControl.Root value={stock} onValueChange={(value) => navigate(`?stock=${value}`, { replace: true })} aria-label="Label size">
            {(Object.keys(TAG_STOCKS) as TagStock[]).map((key) => (
              <SegmentedControl.Item key={key} value={key}>
                {TAG_STOCKS[key].label}
              </SegmentedControl.Item>
            ))}
          </SegmentedControl.Root>
          <Button onClick={() => window.print()}>Print Tags</Button>
          <Button variant="soft" color="gray" asChild>
            <RemixLink to={back}>Done</RemixLink>
          </Button>
        </Flex>
      </Flex>
      <TagLabels tags={tags} stock={stock} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
