import { Container, Heading, Link, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";

/** What a participant's pages show for an unknown participant, or one of another organization (a 404). */
export function ParticipantNotFound() {
  return (
    <Container size="3" px="5" py="6">
      <Heading as="h1" size="6">
        Participant not found
      </Heading>
      <Text as="p" mt="2">
        <Link asChild>
          <RemixLink to="/participants">Back to Participants</RemixLink>
        </Link>
      </Text>
    </Container>
  );
}
