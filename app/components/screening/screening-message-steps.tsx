import { Button, Dialog, Flex, Spinner, Text } from "@radix-ui/themes";
import type { OrganizationInfo } from "./screening-api";
import { SCREENING_DIALOG_TEXT } from "./screening-text";
import { ErrorLine } from "./screening-widgets";

/** 'Daily Health Screening': will {who} take part today? (No / Yes) */
export function IntroStep({ who, organization, error, onNo, onYes }: { who: string; organization: OrganizationInfo | null; error: string | null; onNo: () => void; onYes: () => void }) {
  return (
    <>
      <Dialog.Title>{SCREENING_DIALOG_TEXT.introTitle}</Dialog.Title>
      <Text as="p" size="3" mb="4">
        Will {who} be taking part in programs{organization ? ` at ${organization.name}` : ""} today? If so, please fill out today's health screening form first.
      </Text>
      {error ? <ErrorLine text={error} /> : null}
      <Flex gap="3" justify="end">
        <Button variant="soft" color="gray" onClick={onNo}>
          No
        </Button>
        <Button onClick={onYes}>Yes</Button>
      </Flex>
    </>
  );
}

/** 'Thank you for letting us know': its Close posts the decline. */
export function ThanksStep({ self, busy, onClose }: { self: boolean; busy: boolean; onClose: () => void }) {
  return (
    <>
      <Dialog.Title>{SCREENING_DIALOG_TEXT.thanks}</Dialog.Title>
      <Text as="p" size="3" mb="4">
        We hope to see {self ? "you" : "them"} another day.
      </Text>
      <Flex justify="end">
        <Button onClick={onClose} loading={busy}>
          Close
        </Button>
      </Flex>
    </>
  );
}

export function LoadingStep() {
  return (
    <Flex align="center" gap="2" p="4">
      <Dialog.Title size="3" mb="0">
        Loading the screening form…
      </Dialog.Title>
      <Spinner />
    </Flex>
  );
}

/** 'Cancel Screening?': No returns to the form, Yes restarts. */
export function ConfirmCancelStep({ onNo, onYes }: { onNo: () => void; onYes: () => void }) {
  return (
    <>
      <Dialog.Title>{SCREENING_DIALOG_TEXT.cancelTitle}</Dialog.Title>
      <Text as="p" size="3" mb="4">
        {SCREENING_DIALOG_TEXT.cancelText}
      </Text>
      <Flex gap="3" justify="end">
        <Button variant="soft" color="gray" onClick={onNo}>
          No
        </Button>
        <Button color="red" onClick={onYes}>
          Yes
        </Button>
      </Flex>
    </>
  );
}
