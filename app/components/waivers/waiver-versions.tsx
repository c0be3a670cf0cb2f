import { Badge, Box, Button, Card, Flex, Heading, Text, TextArea, TextField } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import { WAIVER_BODY_MAX, WAIVER_TITLE_MAX } from "#modules/waivers/client";

/** One version of the waiver text as GET /api/waiver/version answers it. */
export type WaiverVersionView = { version_id: string; title: string; body: string; effective_from: string | null; current: boolean; built_in: boolean; signatures: number };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString("en-CA", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }) : "Built in");

/** The history of the waiver text, newest first; each text readable in place. */
export function WaiverVersionHistory({ versions }: { versions: readonly WaiverVersionView[] }) {
  return (
    <Flex direction="column" gap="2" asChild>
      <ol aria-label="Waiver versions" style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="waiver-versions">
        {versions.map((v) => (
          <li key={v.version_id}>
            <Card variant={v.current ? "surface" : "ghost"}>
              <Flex direction="column" gap="1">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text weight="bold">{v.title}</Text>
                  {v.current ? (
                    <Badge color="green" variant="soft">
                      Current
                    </Badge>
                  ) : null}
                </Flex>
                <Text size="1" color="gray">
                  Version {v.version_id} · effective {when(v.effective_from)} · {v.signatures} {v.signatures === 1 ? "signature" : "signatures"}
                </Text>
                <details>
                  <summary>
                    <Text size="2">Read the text</Text>
                  </summary>
                  <Box mt="2">
                    {v.body.split(/\n\s*\n/).map((p, i) => (
                      <Text as="p" size="2" key={i} mb="2" style={{ whiteSpace: "pre-line" }}>
                        {p}
                      </Text>
                    ))}
                  </Box>
                </details>
              </Flex>
            </Card>
          </li>
        ))}
      </ol>
    </Flex>
  );
}

/** Publish a new text, effective now (a double click publishes once: the command id is this page load's). */
export function PublishVersionForm({ current, commandId, problem }: { current: WaiverVersionView | undefined; commandId: string; problem?: string }) {
  const navigation = useNavigation();
  const publishing = navigation.state !== "idle" && navigation.formData?.get("intent") === "publish";
  return (
    <Form method="post" aria-labelledby="publish-heading">
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="command_id" value={commandId} />
      <Flex direction="column" gap="3">
        <Heading as="h3" size="3" id="publish-heading">
          Publish a new version
        </Heading>
        <Text as="p" size="2" color="gray">
          The new text is effective at once. Everyone who signed an earlier version must sign again, and check-in waits for their new signature.
        </Text>
        <label>
          <Text size="2" weight="medium" as="div">
            Title
          </Text>
          <TextField.Root name="title" required maxLength={WAIVER_TITLE_MAX} defaultValue={current?.title ?? ""} />
        </label>
        <label>
          <Text size="2" weight="medium" as="div">
            Waiver text
          </Text>
          <TextArea name="body" required minLength={20} maxLength={WAIVER_BODY_MAX} rows={10} defaultValue={current?.body ?? ""} aria-describedby="body-hint" />
          <Text size="1" color="gray" id="body-hint">
            Leave a blank line between paragraphs.
          </Text>
        </label>
        {problem ? (
          <Text size="2" color="red" role="alert">
            {problem}
          </Text>
        ) : null}
        <Box>
          <Button type="submit" disabled={publishing}>
            {publishing ? "Publishing…" : "Publish version"}
          </Button>
        </Box>
      </Flex>
    </Form>
  );
}
