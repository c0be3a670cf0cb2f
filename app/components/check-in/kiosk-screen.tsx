import { Button, Callout, Card, Flex, Heading, SegmentedControl, Spinner, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import type { KioskTone } from "#modules/check-in/client";
import { CheckCircleIcon, ErrorIcon, WarningIcon } from "~/components/icons";
import type { CheckInType } from "./api";
import { panelTitle } from "./check-in-panel";
import { BarcodeIcon } from "./icons";
import { MemberIdField } from "./member-id-field";
import { SCANNER_MIN_LENGTH, WAITING_TEXT } from "./rules";
import { useOverlay } from "./overlays";
import { useKioskFlow, type KioskState } from "./use-kiosk-flow";
import { useScanner } from "./use-scanner";

const LOOK: Record<KioskTone, { color: "green" | "red" | "blue" | "amber"; icon: JSX.Element }> = {
  success: { color: "green", icon: <CheckCircleIcon width="28" height="28" /> },
  stop: { color: "red", icon: <ErrorIcon width="28" height="28" /> },
  info: { color: "blue", icon: <CheckCircleIcon width="28" height="28" /> },
  error: { color: "amber", icon: <WarningIcon width="28" height="28" /> },
};

/**
 * The outcome of the last scan, large enough to read from a step away; a stop or an error is an alert.
 * It may offer one next step: the claim code of a child an adult collects, or the tags of a check-in.
 */
function KioskOutcome({ state, onClaim }: { state: KioskState; onClaim: () => void }) {
  if (state?.kind === "busy") {
    return (
      <Flex align="center" justify="center" gap="2" data-testid="kiosk-busy">
        <Spinner size="3" />
        <Text size="4" color="gray">
          One moment…
        </Text>
      </Flex>
    );
  }
  if (state?.kind !== "message") return null;
  const look = LOOK[state.tone];
  return (
    <Callout.Root
      color={look.color}
      size="3"
      variant="surface"
      role={state.tone === "stop" || state.tone === "error" ? "alert" : "status"}
      className="rc-ci-kiosk-message"
      data-testid="kiosk-message"
      data-tone={state.tone}
    >
      <Callout.Icon>{look.icon}</Callout.Icon>
      <Callout.Text size="6" weight="bold">
        {state.text}
      </Callout.Text>
      {state.claim ? (
        <Button size="4" variant="solid" onClick={onClaim} data-testid="enter-claim-code">
          Enter Claim Code
        </Button>
      ) : null}
      {state.tagsUrl ? (
        <Button size="4" variant="soft" asChild>
          <a href={state.tagsUrl} data-testid="print-tags">
            Print Tags
          </a>
        </Button>
      ) : null}
    </Callout.Root>
  );
}

type Props = { type: CheckInType; organization: string; organizationId: string; waiting: number; onType: (type: CheckInType) => void };

/**
 * The kiosk (issue 15): a tablet on a stand, used by children and parents. One task: scan a barcode or
 * type a Member ID. No tabs, no name search, no list of children; check in or out; the outcome in plain
 * words (decision 037). The Member ID field keeps the focus, so the next scan or tap goes straight in.
 */
export function KioskScreen({ type, organization, organizationId, waiting, onType }: Props) {
  const overlay = useOverlay();
  const { scan, state, say, clear } = useKioskFlow(type, organizationId, overlay.viewer.securityCodes === true);
  const claimMember = state?.kind === "message" ? state.claim : undefined;
  // while the claim dialog is open, keys are the dialog's, not the scanner's
  const [claiming, setClaiming] = useState(false);
  const enterClaimCode = () => {
    if (!claimMember) return;
    setClaiming(true);
    overlay.show({
      kind: "claim",
      member: claimMember,
      onDone: (text) => {
        setClaiming(false);
        say({ tone: "success", text });
      },
      onCancel: () => setClaiming(false),
    });
  };
  const scanner = useScanner(!claiming, (memberId) => void scan(memberId));
  const input = useRef<HTMLInputElement>(null);
  // a key or a tap after a message starts the next member: the old message goes
  const { value, invalid } = scanner;
  useEffect(() => {
    if (value || invalid.length > 0) clear();
  }, [value, invalid, clear]);
  useEffect(() => {
    if (state?.kind !== "busy" && !claiming) input.current?.focus({ preventScroll: true });
  }, [state, type, claiming]);

  return (
    <Card size="4" className="rc-ci-kiosk" data-testid="kiosk">
      <Flex direction="column" align="center" gap="5">
        <Flex justify="between" align="center" gap="4" wrap="wrap" width="100%">
          <Heading as="h1" size="7">
            {panelTitle(type, organization)}
          </Heading>
          <SegmentedControl.Root value={type} onValueChange={(next) => onType(next as CheckInType)} size="3" aria-label="Check in or out">
            <SegmentedControl.Item value="in">Check In</SegmentedControl.Item>
            <SegmentedControl.Item value="out">Check Out</SegmentedControl.Item>
          </SegmentedControl.Root>
        </Flex>
        <BarcodeIcon width={48} height={48} color="var(--accent-9)" aria-hidden="true" />
        <MemberIdField scanner={scanner} prompt="Please scan the barcode for the 8 digit Member ID" inputRef={input} autoFocus />
        <Text size="3" color="gray" align="center">
          No barcode? Tap the boxes and type your Member ID.
        </Text>
        <Flex direction="column" align="center" gap="3" width="100%" aria-live="polite">
          <KioskOutcome state={state} onClaim={enterClaimCode} />
          {waiting > 0 ? (
            <Callout.Root color="amber" role="status" data-testid="waiting-for-connection" className="rc-ci-kiosk-message">
              <Callout.Text weight="medium">{WAITING_TEXT}</Callout.Text>
              <Callout.Text size="1">{waiting === 1 ? "1 scan will be sent when the connection returns." : `${waiting} scans will be sent when the connection returns.`}</Callout.Text>
            </Callout.Root>
          ) : null}
        </Flex>
        <Flex gap="3" justify="center" width="100%" wrap="wrap">
          <Button
            size="4"
            variant="soft"
            color="gray"
            onClick={() => {
              scanner.clear();
              clear();
              input.current?.focus();
            }}
          >
            Clear
          </Button>
          <Button size="4" onClick={scanner.done} disabled={scanner.value.length < SCANNER_MIN_LENGTH || state?.kind === "busy"}>
            {type === "in" ? "Check In" : "Check Out"}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
