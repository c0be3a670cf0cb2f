import { Button, Dialog, Flex, Link } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** 'Get In Touch' with a support address: 'Please contact {email} for support.' with a mailto link. */
export function SupportDialog({ address, subject, trigger }: { address: string; subject: string; trigger: ReactNode }) {
  const href = `mailto:${address}?subject=${encodeURIComponent(subject)}`;
  return (
    <Dialog.Root>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <Dialog.Content maxWidth="610px">
        <Dialog.Title>Get In Touch</Dialog.Title>
        <Dialog.Description size="3">
          Please contact <Link href={href}>{address}</Link> for support.
        </Dialog.Description>
        <Flex justify="end" mt="5">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
