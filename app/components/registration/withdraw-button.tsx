import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import { useState } from "react";

/** Withdraw, after a confirmation (decision 052): the form post goes to the page's action. */
export function WithdrawButton({ field, target, participantId, what, who, waiting }: { field: "program_id" | "event_id"; target: string; participantId: string; what: string; who: string; waiting: boolean }) {
  const title = `Withdraw ${who} from ${what}?`;
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger>
        <Button size="2" variant="soft" color="red" style={{ minHeight: 44 }} aria-label={`Withdraw ${who} from ${what}`}>
          Withdraw
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Content maxWidth="440px">
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">
          {waiting ? `${who} leaves the waitlist; registering again puts them at its end.` : `${who}'s place is freed for someone else; registering again may find it taken.`}
        </AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </AlertDialog.Cancel>
          <Form method="post" preventScrollReset onSubmit={() => setOpen(false)}>
            <input type="hidden" name="intent" value="withdraw" />
            <input type="hidden" name={field} value={target} />
            <input type="hidden" name="participant_id" value={participantId} />
            <Button type="submit" color="red">
              Withdraw
            </Button>
          </Form>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
