import { Button, Callout, Card, Flex, Heading, Link, Separator, Text } from "@radix-ui/themes";
import { Form, Link as RemixLink, useNavigation } from "@remix-run/react";
import type { FamilyHome } from "#modules/family";
import { CheckCircleIcon, WarningIcon } from "~/components/icons";
import { MonthVisits } from "./month-visits";
import { TodayState } from "./today-state";

export type ChildCardModel = FamilyHome["children"][number];

/** Touch targets of at least 44 px (WCAG 2.5.5 / the phone rule). */
export const TOUCH = { minHeight: 44 } as const;

/**
 * One child (or the member themselves) on the parents' home: today's state, the waiver still to sign,
 * today's screening still to fill, and this month's visits.
 */
export function ChildCard({
  child,
  home,
  onFillScreening,
}: {
  child: ChildCardModel;
  home: Pick<FamilyHome, "timeZone" | "today" | "screeningOn" | "canSignWaiver" | "parent">;
  onFillScreening: (person: { id: string; name: string }) => void;
}) {
  const { person } = child;
  const navigation = useNavigation();
  const signing = navigation.state !== "idle" && navigation.formData?.get("participantId") === person.id;
  const headingId = `child-${person.id}`;
  return (
    <Card size="3" asChild>
      <section aria-labelledby={headingId} data-testid="child-card">
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="5" id={headingId}>
              {person.full_name}
            </Heading>
            <Text size="2" color="gray" highContrast>
              Member ID {person.member_id}
            </Text>
          </Flex>

          <Flex direction="column" gap="2">
            <Heading as="h3" size="3">
              Today
            </Heading>
            <TodayState person={person} timeZone={home.timeZone} />
          </Flex>

          {!person.is_waiver_signed ? (
            <Callout.Root color="red" role="status" data-testid="waiver-to-sign">
              <Callout.Icon>
                <WarningIcon />
              </Callout.Icon>
              <Flex direction="column" gap="2" width="100%">
                <Callout.Text>
                  {home.parent ? `${person.first_name}'s waiver is not signed yet. ${person.first_name} cannot be checked in until it is.` : "Your waiver is not signed yet: you cannot check in until it is. Please see a staff member."}
                </Callout.Text>
                {home.canSignWaiver ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="sign-waiver" />
                    <input type="hidden" name="participantId" value={person.id} />
                    <Button type="submit" color="red" size="3" style={TOUCH} loading={signing} aria-label={`Sign waiver for ${person.first_name}`}>
                      Sign waiver
                    </Button>
                  </Form>
                ) : null}
              </Flex>
            </Callout.Root>
          ) : home.parent ? (
            <Flex align="center" gap="2" wrap="wrap">
              <CheckCircleIcon aria-hidden color="var(--green-11)" />
              <Text size="2">Waiver signed.</Text>
              <Link asChild size="2">
                <RemixLink to={`/view-waiver/${person.id}`} style={{ display: "inline-flex", alignItems: "center", minHeight: 44 }} aria-label={`View waiver of ${person.first_name}`}>
                  View waiver
                </RemixLink>
              </Link>
            </Flex>
          ) : (
            // a member's own card (decision 068: signed as the invitation's last step)
            <Flex align="center" gap="2" wrap="wrap" data-testid="own-waiver-signed">
              <CheckCircleIcon aria-hidden color="var(--green-11)" />
              <Text size="2">Your waiver is signed.</Text>
            </Flex>
          )}

          {home.screeningOn ? (
            person.showScreening ? (
              <Callout.Root color="amber" role="status" data-testid="screening-to-fill">
                <Callout.Icon>
                  <WarningIcon />
                </Callout.Icon>
                <Flex direction="column" gap="2" width="100%">
                  <Callout.Text>{home.parent ? `Today's screening for ${person.first_name} is still to fill.` : "Today's screening is still to fill."}</Callout.Text>
                  <Button size="3" color="amber" variant="solid" highContrast style={TOUCH} onClick={() => onFillScreening({ id: person.id, name: person.full_name })} aria-label={home.parent ? `Fill screening for ${person.first_name}` : "Fill screening"}>
                    Fill screening
                  </Button>
                </Flex>
              </Callout.Root>
            ) : (
              <Flex align="center" gap="2">
                <CheckCircleIcon aria-hidden color="var(--green-11)" />
                <Text size="2">{person.hasfilled ? "Today's screening is filled." : "Today's screening: not taking part today."}</Text>
              </Flex>
            )
          ) : null}

          <Separator size="4" />
          <MonthVisits month={child.month} today={home.today} timeZone={home.timeZone} />
        </Flex>
      </section>
    </Card>
  );
}
