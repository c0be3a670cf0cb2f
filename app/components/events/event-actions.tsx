import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { Form, Link as RemixLink } from "@remix-run/react";
import { EVENT_LIST_INTENT } from "./event-form-types";

/**
 * Edit and Delete of the chosen event on /events (decision 056), for those who create programs and
 * events. Delete asks first; the server refuses it once attendance is recorded (the message shows above
 * the list).
 */
export function EventActions({ id, name, commandId }: { id: string; name: string; commandId: string }) {
  return (
    <Flex gap="2" mt="1" wrap="wrap">
      <Button size="1" variant="soft" asChild>
        <RemixLink to={`/events?edit=${encodeURIComponent(id)}`} aria-label={`Edit ${name}`}>
          Edit
        </RemixLink>
      </Button>
      <AlertDialog.Root>
        <AlertDialog.Trigger>
          <Button size="1" variant="soft" color="red" aria-label={`Delete ${name}`}>
            Delete
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Content maxWidth="420px">
          <AlertDialog.Title>Delete {name}?</AlertDialog.Title>
          <AlertDialog.Description size="2">The event and its registrations are removed. An event with attendance recorded is kept for its report.</AlertDialog.Description>
          <Flex gap="3" mt="4" justify="end">
            <AlertDialog.Cancel>
              <Button variant="soft" color="gray">
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Form method="post" action="/events">
              <input type="hidden" name="intent" value={EVENT_LIST_INTENT} />
              <input type="hidden" name="id" value={id} />
              <input type="hidden" name="command_id" value={`${commandId}-delete-${id}`} />
              <Button type="submit" color="red" aria-label={`Delete ${name}`}>
                Delete
              </Button>
            </Form>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    </Flex>
  );
}
