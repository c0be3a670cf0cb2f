import { Box, Flex, Link, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";

/** The bar across the top of every page. */
export function TopBar() {
  return (
    <Box asChild px="5" py="3" style={{ borderBottom: "1px solid var(--gray-a5)", background: "var(--color-panel-solid)" }}>
      <header>
        <Flex align="center" justify="between" gap="4">
          <Link asChild underline="none" highContrast>
            <RemixLink to="/">
              <Text size="5" weight="bold" color="plum">
                Rollcall
              </Text>
            </RemixLink>
          </Link>
          <Link asChild size="2" color="gray">
            <RemixLink to="/health">Health</RemixLink>
          </Link>
        </Flex>
      </header>
    </Box>
  );
}
