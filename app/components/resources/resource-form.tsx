import { Button, Checkbox, Flex, RadioGroup, Text, TextArea, TextField } from "@radix-ui/themes";
import { Form, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import { RESOURCE_FILE_ACCEPT, RESOURCE_FILE_HINT, RESOURCE_LIMITS } from "#modules/resources/client";
import type { ResourceView } from "./resource-cards";

export type GroupChoice = { id: string; name: string };

/** The resource form (add, or edit with `resource`): a file or a link, shown to everyone or to chosen user groups; sent as one multipart form. */
export function ResourceForm({ resource, groups, onDone }: { resource?: ResourceView; groups: GroupChoice[]; onDone?: () => void }) {
  const id = useId();
  const [kind, setKind] = useState<"file" | "link">(resource?.kind ?? "file");
  const [visibility, setVisibility] = useState<"everyone" | "groups">(resource?.visibility ?? "everyone");
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" encType="multipart/form-data" onSubmit={() => onDone?.()}>
      <input type="hidden" name="intent" value={resource ? "update" : "create"} />
      {resource ? <input type="hidden" name="resource_id" value={resource.id} /> : null}
      {resource?.file_path ? <input type="hidden" name="file_path" value={resource.file_path} /> : null}
      <Flex direction="column" gap="3">
        <label>
          <Text size="2" weight="medium">
            Title
          </Text>
          <TextField.Root name="title" required maxLength={RESOURCE_LIMITS.title} defaultValue={resource?.title} />
        </label>
        <label>
          <Text size="2" weight="medium">
            Description (optional)
          </Text>
          <TextArea name="description" maxLength={RESOURCE_LIMITS.description} defaultValue={resource?.description} />
        </label>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Text as="div" size="2" weight="medium" id={`${id}-kind`}>
            Share
          </Text>
          <RadioGroup.Root name="kind" value={kind} onValueChange={(v) => setKind(v as "file" | "link")} aria-labelledby={`${id}-kind`}>
            <Flex gap="4" wrap="wrap">
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <RadioGroup.Item value="file" /> A file
                </Flex>
              </Text>
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <RadioGroup.Item value="link" /> A link
                </Flex>
              </Text>
            </Flex>
          </RadioGroup.Root>
        </fieldset>
        {kind === "file" ? (
          <label>
            <Text size="2" weight="medium" as="div">
              File{resource?.file_name ? ` (now: ${resource.file_name})` : ""}
            </Text>
            <input type="file" name="file" accept={RESOURCE_FILE_ACCEPT} required={!resource?.file_path} aria-describedby={`${id}-hint`} style={{ maxWidth: "100%" }} />
            <Text as="div" size="1" color="gray" id={`${id}-hint`}>
              {RESOURCE_FILE_HINT}, at most {RESOURCE_LIMITS.fileBytes / (1024 * 1024)} MB.
            </Text>
          </label>
        ) : (
          <label>
            <Text size="2" weight="medium">
              Link
            </Text>
            <TextField.Root name="url" type="url" required maxLength={RESOURCE_LIMITS.url} placeholder="https://" defaultValue={resource?.url ?? ""} />
          </label>
        )}
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Text as="div" size="2" weight="medium" id={`${id}-visibility`}>
            Who sees it
          </Text>
          <RadioGroup.Root name="visibility" value={visibility} onValueChange={(v) => setVisibility(v as "everyone" | "groups")} aria-labelledby={`${id}-visibility`}>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <RadioGroup.Item value="everyone" /> Everyone in the organization
              </Flex>
            </Text>
            <Text as="label" size="2">
              <Flex gap="2" align="center">
                <RadioGroup.Item value="groups" /> Chosen user groups
              </Flex>
            </Text>
          </RadioGroup.Root>
        </fieldset>
        {visibility === "groups" ? (
          <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-label="User groups">
            <Flex gap="3" wrap="wrap">
              {groups.map((g) => (
                <Text as="label" size="2" key={g.id}>
                  <Flex gap="2" align="center">
                    <Checkbox name="group_ids" value={g.id} defaultChecked={resource?.group_ids.includes(g.id)} /> {g.name}
                  </Flex>
                </Text>
              ))}
            </Flex>
          </fieldset>
        ) : null}
        <Flex justify="end">
          <Button type="submit" disabled={busy}>
            {resource ? "Save changes" : "Add resource"}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
