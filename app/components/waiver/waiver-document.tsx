import { AuthLayout } from "~/components/auth-layout";
import { Box, Callout, Flex, Heading, Separator, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { WarningIcon } from "../icons";

/** The waiver text as the loaders send it (modules/participants/waiver-text.ts). */
export type WaiverTextView = {
  version: string;
  title: string;
  intro: string;
  sections: readonly { heading: string; body: string }[];
  closing: string;
  /** a version the organization published (decision 100): plain paragraphs */
  paragraphs?: readonly string[];
};

/** The centred card of the waiver pages: the sign-in card, wider for reading. */
export const WaiverLayout = ({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) => (
  <AuthLayout title={title} description={description} wide>
    {children}
  </AuthLayout>
);

/** The waiver's text: title, introduction, the sections and the closing line. */
export function WaiverTextBlock({ text }: { text: WaiverTextView }) {
  return (
    <Box asChild p="4" style={{ background: "var(--gray-a2)", borderRadius: "var(--radius-3)" }}>
      <article aria-labelledby="waiver-title" data-testid="waiver-text">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="waiver-title">
            {text.title}
          </Heading>
          {text.intro ? (
            <Text as="p" size="2">
              {text.intro}
            </Text>
          ) : null}
          {(text.paragraphs ?? []).map((paragraph, i) => (
            <Text as="p" size="2" key={i} style={{ whiteSpace: "pre-line" }}>
              {paragraph}
            </Text>
          ))}
          {text.sections.map((section, i) => (
            <Flex key={section.heading} direction="column" gap="1">
              <Heading as="h3" size="2">
                {i + 1}. {section.heading}
              </Heading>
              <Text as="p" size="2">
                {section.body}
              </Text>
            </Flex>
          ))}
          <Separator size="4" />
          <Text as="p" size="2" color="gray">
            {text.closing ? `${text.closing} ` : ""}(Version {text.version}.)
          </Text>
        </Flex>
      </article>
    </Box>
  );
}

/** spec-1 section 8: the server's 'Token expired', with the sub-text that the link expired. */
export function TokenExpired({ message, hint }: { message: string; hint: string }) {
  return (
    <Callout.Root color="red" role="alert" data-testid="token-expired">
      <Callout.Icon>
        <WarningIcon />
      </Callout.Icon>
      <Flex direction="column" gap="1">
        <Callout.Text weight="bold">{message}</Callout.Text>
        <Callout.Text size="2">{hint}</Callout.Text>
      </Flex>
    </Callout.Root>
  );
}
