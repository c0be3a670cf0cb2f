import { Flex, TabNav, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";

type Person = { id: string; first_name?: string; full_name?: string; age?: number | null };

/**
 * Who is being registered (decision 052): a parent picks one of their children (one link each, the chosen
 * one marked current); a participant registers themself, named.
 */
export function ParticipantChooser({ people, chosenId, parent }: { people: readonly Person[]; chosenId: string | null; parent: boolean }) {
  if (!parent) {
    const me = people[0];
    return me ? (
      <Text as="p" size="2" mb="3" data-testid="registering-self">
        Registering <strong>{me.full_name}</strong> (you).
      </Text>
    ) : null;
  }
  return (
    <Flex direction="column" gap="1" mb="3">
      <Text as="p" size="2" weight="medium" id="chooser-label">
        Registering your child
      </Text>
      <TabNav.Root aria-labelledby="chooser-label" data-testid="child-chooser">
        {people.map((p) => (
          <TabNav.Link key={p.id} asChild active={p.id === chosenId}>
            <RemixLink to={`?participant=${p.id}`} preventScrollReset aria-current={p.id === chosenId ? "page" : undefined} style={{ minHeight: 44 }}>
              {p.full_name}
              {typeof p.age === "number" ? `, ${p.age}` : ""}
            </RemixLink>
          </TabNav.Link>
        ))}
      </TabNav.Root>
    </Flex>
  );
}
