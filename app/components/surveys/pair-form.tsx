import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";

type Option = { id: string; name: string };

/**
 * The report page's pre/post pairing (decision 105), for staff with 'create survey': mark this survey as the
 * post survey of a pre survey (the evaluation then compares them), or unpair it. The rules' refusals (itself, a
 * chain, a pre survey that has its post survey) come back as the message under the form.
 */
export function PairForm({ survey, others, error }: { survey: { id: string; pairs_with?: string | null }; others: Option[]; error: string | null }) {
  const busy = useNavigation().state === "submitting";
  const pre = survey.pairs_with ? others.find((o) => o.id === survey.pairs_with) : undefined;
  return (
    <Card mb="5">
      <Form method="post" action={`/survey?report=${survey.id}`}>
        <Flex direction="column" gap="2">
          <Heading as="h2" size="3">
            Pre/post pair
          </Heading>
          {survey.pairs_with ? (
            <Flex gap="3" align="center" wrap="wrap">
              <Text size="2">
                This is the post survey of <strong>{pre?.name ?? "another survey"}</strong>.
              </Text>
              <input type="hidden" name="pairs_with" value="" />
              <Button type="submit" variant="soft" color="gray" loading={busy}>
                Unpair
              </Button>
            </Flex>
          ) : (
            <Flex gap="3" align="end" wrap="wrap">
              <Flex direction="column" gap="1" style={{ flex: "1 1 220px", minWidth: 0 }}>
                <Text as="label" size="2" htmlFor="pair-pre">
                  This is the post survey of
                </Text>
                <select id="pair-pre" name="pairs_with" className="rc-survey-select" defaultValue="" aria-describedby={error ? "pair-error" : undefined}>
                  <option value="">Choose the pre survey</option>
                  {others.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </Flex>
              <input type="hidden" name="intent" value="pair" />
              <Button type="submit" loading={busy}>
                Pair surveys
              </Button>
            </Flex>
          )}
          {error ? (
            <Text id="pair-error" size="2" color="red" role="alert">
              {error}
            </Text>
          ) : null}
        </Flex>
      </Form>
    </Card>
  );
}
