import { Container, Heading, Link, Text } from "@radix-ui/themes";
import type { MetaFunction } from "@remix-run/node";
import { Link as RemixLink } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Rollcall" }];

export default function Index() {
  return (
    <Container size="2" px="5" py="6">
      <Heading as="h1" size="8" mb="2">
        Rollcall
      </Heading>
      <Text as="p" size="4" color="gray" mb="5">
        Check-in for youth and community programs: who is here, who picked them up, and what staff need to know.
      </Text>
      <Link asChild size="3">
        <RemixLink to="/health">System health</RemixLink>
      </Link>
    </Container>
  );
}
