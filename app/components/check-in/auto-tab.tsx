import { Button, Callout, Flex, Spinner, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { CheckCircleIcon, ErrorIcon } from "~/components/icons";
import type { CheckInType } from "./api";
import { BarcodeIcon } from "./icons";
import { MemberIdField } from "./member-id-field";
import { CHECK_IN_CONFIRMATION_MS, SCANNER_MIN_LENGTH, WAITING_TEXT } from "./rules";
import { useBarcodeFlow } from "./use-barcode-flow";
import { useScanner } from "./use-scanner";

type Props = { type: CheckInType; active: boolean; waiting: number; onCancel?: () => void };

/**
 * The staff's Auto Check-In/Out tab (spec-1 section 2): the Member ID field (a scanner also types into
 * it from anywhere on the page while this tab is shown), the prompt, Cancel and Done; the outcome of
 * the last scan, and the scans waiting for the connection.
 */
export function AutoTab({ type, active, waiting, onCancel }: Props) {
  const { scan, status, setStatus } = useBarcodeFlow(type);
  const scanner = useScanner(active, (memberId) => void scan(memberId));

  // a success line stays 4 s; the next scan replaces any message
  useEffect(() => {
    if (status?.kind !== "success") return;
    const timer = setTimeout(() => setStatus(null), CHECK_IN_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [status, setStatus]);
  useEffect(() => {
    if (scanner.value || scanner.invalid.length > 0) setStatus((s) => (s?.kind === "busy" ? s : null));
  }, [scanner.value, scanner.invalid, setStatus]);

  return (
    <Flex direction="column" align="center" gap="4" py="4">
      <BarcodeIcon width={40} height={40} color="var(--accent-9)" />
      <MemberIdField scanner={scanner} prompt="Please scan the barcode for the 8 digit Member ID" autoFocus={active} />

      <Flex direction="column" gap="2" width="100%" style={{ maxWidth: 520 }} aria-live="polite">
        {status?.kind === "busy" ? (
          <Flex align="center" justify="center" gap="2">
            <Spinner />
            <Text size="2" color="gray">
              Looking up {status.memberId}…
            </Text>
          </Flex>
        ) : null}
        {status?.kind === "error" ? (
          <Callout.Root color="red" role="alert">
            <Callout.Icon>
              <ErrorIcon />
            </Callout.Icon>
            <Callout.Text>{status.text}</Callout.Text>
          </Callout.Root>
        ) : null}
        {status?.kind === "success" ? (
          <Callout.Root color="green" role="status" size="3">
            <Callout.Icon>
              <CheckCircleIcon />
            </Callout.Icon>
            <Callout.Text weight="bold">{status.text}</Callout.Text>
          </Callout.Root>
        ) : null}
        {waiting > 0 ? (
          <Callout.Root color="amber" role="status" data-testid="waiting-for-connection">
            <Callout.Text weight="medium">{WAITING_TEXT}</Callout.Text>
            <Callout.Text size="1">{waiting === 1 ? "1 scan will be sent when the connection returns." : `${waiting} scans will be sent when the connection returns.`}</Callout.Text>
          </Callout.Root>
        ) : null}
      </Flex>

      <Flex gap="3" justify="end" width="100%">
        <Button
          variant="soft"
          color="gray"
          onClick={() => {
            scanner.clear();
            setStatus(null);
            onCancel?.();
          }}
        >
          Cancel
        </Button>
        <Button onClick={scanner.done} disabled={scanner.value.length < SCANNER_MIN_LENGTH}>
          Done
        </Button>
      </Flex>
    </Flex>
  );
}
