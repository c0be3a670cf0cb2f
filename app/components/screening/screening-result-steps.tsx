import { Button, Flex, Link, Text } from "@radix-ui/themes";
import { CheckCircleIcon, ErrorIcon } from "~/components/icons";
import type { OrganizationInfo } from "./screening-api";
import { SCREENING_DIALOG_TEXT, VIRTUAL_PROGRAM_HUB, joinNames } from "./screening-text";
import { ResultHeading } from "./screening-widgets";

export type ScreeningResult = { failed: string[]; passed: string[] };

/** 'Success!': '{names} is/are clear to participate today.' (or 'You are…'). */
export function SuccessStep({ self, result, onDone }: { self: boolean; result: ScreeningResult | null; onDone: () => void }) {
  return (
    <>
      <ResultHeading color="green" icon={CheckCircleIcon} title={SCREENING_DIALOG_TEXT.success} />
      <Text as="p" size="3" mb="4">
        {self ? "You are" : `${joinNames(result?.passed ?? [])} ${(result?.passed.length ?? 0) > 1 ? "are" : "is"}`} clear to participate today.
      </Text>
      <Flex justify="end">
        <Button onClick={onDone}>Done</Button>
      </Flex>
    </>
  );
}

/** 'Follow Up Required': the failure text, who else passed, and Done. */
export function FollowUpStep({ names, self, organization, result, onDone }: { names: string[]; self: boolean; organization: OrganizationInfo | null; result: ScreeningResult | null; onDone: () => void }) {
  return (
    <>
      <ResultHeading color="red" icon={ErrorIcon} title={SCREENING_DIALOG_TEXT.followUp} />
      <FailureText names={names} self={self} organization={organization} />
      {result && result.passed.length > 0 ? (
        <Text as="p" size="2" mt="2">
          {joinNames(result.passed)} {result.passed.length > 1 ? "are" : "is"} clear to participate today.
        </Text>
      ) : null}
      <Flex justify="end" mt="4">
        <Button onClick={onDone}>Done</Button>
      </Flex>
    </>
  );
}

/** The failure text of spec-2 section 4, with the support phone and the virtual-program hub. */
export function FailureText({ names, self, organization }: { names: string[]; self: boolean; organization: OrganizationInfo | null }) {
  const phone = organization?.phone_number?.trim();
  return (
    <Flex direction="column" gap="2">
      <Text as="p" size="3" data-testid="screening-failure-text">
        Sorry! Unfortunately based on {self || names.length === 0 ? "your answers to today's screening" : `today's screening answers for ${joinNames(names)}`}, you will be unable to participate today. A staff member
        will follow up with you.
      </Text>
      <Text as="p" size="2">
        {phone ? (
          <>
            For support, please call <Link href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</Link>.
          </>
        ) : organization?.support_email ? (
          <>
            For support, please contact <Link href={`mailto:${organization.support_email}`}>{organization.support_email}</Link>.
          </>
        ) : (
          "For support, please contact the front desk."
        )}
      </Text>
      <Text as="p" size="2">
        In the meantime you can join our online programs in the <Link href={VIRTUAL_PROGRAM_HUB}>Virtual Program Hub</Link>.
      </Text>
    </Flex>
  );
}
