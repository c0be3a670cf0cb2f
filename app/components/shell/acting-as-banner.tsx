import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import type { ShellModel } from "#modules/identity";

/**
 * On every page while a superadmin is inside another organization (decision 069): where they are, as whom, and
 * Leave, back to their own organization. A labelled region (a landmark screen readers list), its text at the
 * high-contrast end of the amber scale.
 */
export function ActingAsBanner({ actingAs }: { actingAs: NonNullable<ShellModel["actingAs"]> }) {
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-label="Superadmin in another organization" className="rc-acting-as" data-testid="acting-as-banner">
      <Callout.Root color="amber" highContrast variant="surface" size="1" role="status">
        <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
          <Text size="2">
            You are in <strong>{actingAs.organizationName}</strong> as a superadmin of {actingAs.homeOrganizationName}.
          </Text>
          <Form method="post" action="/organization">
            <input type="hidden" name="intent" value="leave" />
            <Button type="submit" size="1" color="amber" highContrast disabled={busy}>
              Leave {actingAs.organizationName}
            </Button>
          </Form>
        </Flex>
      </Callout.Root>
    </section>
  );
}
