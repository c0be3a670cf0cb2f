import { Button, Callout, Flex } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A check-out dialog's last lines: its error (an alert), then Cancel and the dialog's own action. */
export function DialogFooter({ error, onCancel, children }: { error: string | null; onCancel: () => void; children: ReactNode }) {
  return (
    <>
      {error ? (
        <Callout.Root color="red" role="alert" mt="4">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Flex justify="end" gap="3" mt="5">
        <Button variant="soft" color="gray" onClick={onCancel}>
          Cancel
        </Button>
        {children}
      </Flex>
    </>
  );
}
