import { Callout, Container, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { useRevalidator } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { FamilyHome } from "#modules/family";
import { WarningIcon } from "~/components/icons";
import { ScreeningFlow } from "~/components/screening/screening-flow";
import { ChildCard } from "./child-card";
import { longDay } from "./format";

/**
 * The parents' home (decision 040): a card per child (a member: their own card), side by side on wide
 * screens and stacked on a phone. 'Fill screening' opens the daily screening flow for that child.
 */
export function FamilyHomePage({ home, firstName, organization, error, addChild }: { home: FamilyHome; firstName: string; organization: string; error?: string | null; addChild?: ReactNode }) {
  const [screening, setScreening] = useState<{ id: string; name: string } | null>(null);
  const { revalidate } = useRevalidator();
  const many = home.children.length > 1;
  return (
    <Container size="4" px={{ initial: "3", sm: "5" }} py={{ initial: "4", sm: "6" }}>
      <Flex direction="column" gap="5">
        <Flex direction="column" gap="1">
          <Heading as="h1" size={{ initial: "6", sm: "7" }}>
            Welcome, {firstName}
          </Heading>
          <Text as="p" size="3" color="gray" highContrast>
            {home.parent ? "Your children" : "Your day"} at {organization}, {longDay(home.today)}.
          </Text>
        </Flex>
        {/* a parent's 'Add a child' (decision 064): its link or its form */}
        {addChild}
        {error ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <WarningIcon />
            </Callout.Icon>
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        ) : null}
        {home.children.length === 0 ? (
          <Callout.Root color="gray" role="status" data-testid="no-children">
            <Callout.Text>{home.parent ? "No children are linked to your account yet. Add a child, or ask a staff member to link them." : "Your participant profile is not set up yet. Please see a staff member."}</Callout.Text>
          </Callout.Root>
        ) : (
          <Grid columns={{ initial: "1", md: many ? "2" : "1" }} gap="4" data-testid="family-cards" style={{ maxWidth: many ? undefined : 640 }}>
            {home.children.map((child) => (
              <ChildCard key={child.person.id} child={child} home={home} onFillScreening={setScreening} />
            ))}
          </Grid>
        )}
      </Flex>
      {screening ? (
        <ScreeningFlow
          people={[screening]}
          start="intro"
          self={!home.parent}
          onClose={() => {
            setScreening(null);
            revalidate();
          }}
        />
      ) : null}
    </Container>
  );
}
