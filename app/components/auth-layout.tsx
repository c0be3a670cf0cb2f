import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/**
 * The centred card of the pages without navigation: sign-in and password recovery at 440 px, the waiver
 * pages wider ("wide") for reading.
 */
export function AuthLayout({ title, description, wide = false, children }: { title: string; description?: ReactNode; wide?: boolean; children: ReactNode }) {
  return (
    <div className="rc-auth">
      <Card size="4" style={{ width: "100%", maxWidth: wide ? 680 : 440 }}>
        <Flex direction="column" gap="5">
          <Flex direction="column" gap="2">
            <Text size="5" weight="bold" style={{ color: "var(--accent-11)" }}>
              Rollcall
            </Text>
            <Heading as="h1" size="6">
              {title}
            </Heading>
            {description ? (
              <Text as="p" size={wide ? "3" : "2"} color="gray">
                {description}
              </Text>
            ) : null}
          </Flex>
          {children}
        </Flex>
      </Card>
    </div>
  );
}
