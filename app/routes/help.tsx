import { Card, Container, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { isAdminOrAbove } from "#modules/identity";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { guardPage } from "~/utils/page-guard.server";

export const meta: MetaFunction = () => [{ title: "Help" }];

/**
 * /help (spec-1: 'opens an external support form in the same window'; decision 099): a redirect to the operator's
 * support form (SUPPORT_FORM_URL). Without one, the page says whom to ask: an organization's own support address
 * is offered by the sidebar's 'Get In Touch' dialog, so here there is none; admins are told where to add one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const form = context.services.supportFormUrl;
  if (form) throw redirect(form, { status: 303 });
  const { auth } = await guardPage(request, context.services);
  return json({
    organization: auth?.organization.name ?? null,
    supportEmail: auth?.organization.settings.support_email?.trim() || null,
    admin: auth ? isAdminOrAbove(auth.user.roleLevel) : false,
  });
}

export default function HelpPage() {
  const { organization, supportEmail, admin } = useLoaderData<typeof loader>();
  return (
    <Container size="2" px="5" py="6">
      <Card size="3" asChild>
        <section aria-labelledby="help-heading">
          <Flex direction="column" gap="3">
            <Heading as="h1" size="6" id="help-heading">
              Get In Touch
            </Heading>
            {supportEmail ? (
              <Text as="p">
                Write to{" "}
                <Link href={`mailto:${supportEmail}?subject=${encodeURIComponent("Contact Support")}`} underline="always">
                  {supportEmail}
                </Link>
                {organization ? `, the support address of ${organization}.` : "."}
              </Text>
            ) : organization ? (
              <Text as="p">{organization} has no support address yet: please ask a staff member of {organization} for help.</Text>
            ) : (
              <Text as="p">
                Please ask the organization that gave you your account for help, or{" "}
                <Link asChild underline="always">
                  <RemixLink to="/login">sign in</RemixLink>
                </Link>{" "}
                to see how to reach it.
              </Text>
            )}
            {admin && !supportEmail ? (
              <Text as="p" color="gray">
                As an administrator, you can add a support e-mail on{" "}
                <Link asChild underline="always">
                  <RemixLink to="/customize">Customize Scoreboard</RemixLink>
                </Link>
                : &apos;Get In Touch&apos; then opens a message to it.
              </Text>
            ) : null}
          </Flex>
        </section>
      </Card>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
