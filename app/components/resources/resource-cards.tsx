import { AlertDialog, Badge, Button, Card, Dialog, Flex, Heading, Text } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { ResourceForm, type GroupChoice } from "./resource-form";

export type ResourceView = {
  id: string;
  title: string;
  description: string;
  kind: "file" | "link";
  format: string;
  url: string | null;
  file_name: string | null;
  file_path?: string | null;
  content_type: string | null;
  bytes: number | null;
  visibility: "everyone" | "groups";
  group_ids: string[];
  groups: string[];
  open_url: string;
  downloads?: number;
  created_date: string;
};

/** '1.2 MB', '340 KB' */
export const sizeText = (bytes: number | null) => (bytes === null ? "" : bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

const hostOf = (url: string | null) => {
  try {
    return url ? new URL(url).host : "";
  } catch {
    return "";
  }
};

const timesText = (n: number) => (n === 1 ? "Opened once" : `Opened ${n.toLocaleString("en")} times`);

/** The resources as cards: open or download each (counted by the server); those who manage them see who it is shown to, the count, edit and archive. */
export function ResourceCards({ resources, manage, groups }: { resources: ResourceView[]; manage: boolean; groups: GroupChoice[] }) {
  if (resources.length === 0) return <Text color="gray">{manage ? "No resources yet. Add the first one below." : "No resources have been shared with you yet."}</Text>;
  return (
    <ul aria-label="Resources" style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 12, gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))" }}>
      {resources.map((r) => {
        const download = r.kind === "file" && !/^(application\/pdf|image\/)/.test(r.content_type ?? "");
        return (
          <li key={r.id}>
            <Card style={{ height: "100%" }}>
              <Flex direction="column" gap="2" height="100%">
                <Flex justify="between" align="start" gap="2">
                  <Heading as="h3" size="3" style={{ overflowWrap: "anywhere" }}>
                    {r.title}
                  </Heading>
                  <Badge color={r.kind === "link" ? "blue" : "gray"}>{r.format}</Badge>
                </Flex>
                {r.description ? (
                  <Text size="2" color="gray" style={{ overflowWrap: "anywhere" }}>
                    {r.description}
                  </Text>
                ) : null}
                <Text size="1" color="gray" style={{ overflowWrap: "anywhere" }}>
                  {r.kind === "link" ? hostOf(r.url) : `${r.file_name ?? "File"}${r.bytes !== null ? ` · ${sizeText(r.bytes)}` : ""}`}
                </Text>
                {manage ? (
                  <Text size="1" color="gray">
                    Shown to {r.visibility === "everyone" ? "everyone" : r.groups.join(", ")} · <span data-testid="downloads">{timesText(r.downloads ?? 0)}</span>
                  </Text>
                ) : null}
                <Flex gap="2" mt="auto" wrap="wrap" align="center">
                  <Button asChild>
                    <a href={r.open_url} target="_blank" rel="noopener noreferrer" aria-label={`${download ? "Download" : "Open"}: ${r.title} (opens in a new tab)`}>
                      {download ? "Download" : "Open"}
                    </a>
                  </Button>
                  {manage ? <EditDialog resource={r} groups={groups} /> : null}
                  {manage ? <ArchiveDialog resource={r} /> : null}
                </Flex>
              </Flex>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function EditDialog({ resource, groups }: { resource: ResourceView; groups: GroupChoice[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button variant="soft" aria-label={`Edit: ${resource.title}`}>
          Edit
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="560px">
        <Dialog.Title>Edit resource</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Change what members see. Leave the file empty to keep the current one.
        </Dialog.Description>
        <ResourceForm resource={resource} groups={groups} onDone={() => setOpen(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ArchiveDialog({ resource }: { resource: ResourceView }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>
        <Button variant="soft" color="red" aria-label={`Archive: ${resource.title}`}>
          Archive
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>Archive this resource?</AlertDialog.Title>
        <AlertDialog.Description size="2">Members will no longer see “{resource.title}”. Its download count is kept.</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Form method="post">
            <input type="hidden" name="intent" value="archive" />
            <input type="hidden" name="resource_id" value={resource.id} />
            <AlertDialog.Action>
              <Button type="submit" color="red">
                Archive
              </Button>
            </AlertDialog.Action>
          </Form>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
