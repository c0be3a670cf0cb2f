import { Callout, Container, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A registration page's frame: the title, the organization's subtitle, and the refusal for a participant who registers through a parent. */
export function PageFrame({ title, subtitle, refusal, children }: { title: string; subtitle: string; refusal?: string; children?: ReactNode }) {
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py="6">
      <Heading as="h1" size="7" mb="1">
        {title}
      </Heading>
      {subtitle ? (
        <Text as="p" color="gray" mb="4" data-testid="registration-subtitle">
          {subtitle}
        </Text>
      ) : null}
      {refusal ? (
        <Callout.Root color="amber" role="status" data-testid="registration-refused">
          <Callout.Text>{refusal}</Callout.Text>
        </Callout.Root>
      ) : (
        children
      )}
    </Container>
  );
}
