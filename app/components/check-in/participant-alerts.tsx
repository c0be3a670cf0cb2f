import { Button, Callout, Flex } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { WarningIcon } from "~/components/icons";
import { useToast } from "~/components/toast/toaster";
import { apiGet, fetchParticipant, type ParticipantDetail } from "./api";
import type { CheckInViewer } from "./rules";
import { ScreeningFlow } from "~/components/screening/screening-flow";

export const WAIVER_ALERT = "Participant's waiver is not signed. Click the link to complete the waiver form";

/**
 * The participant dialog's alerts (spec-1 section 2): the unsigned waiver with 'Complete waiver here'
 * (CAN_SIGN_WAIVER_FOR_PARTICIPANT, admin or organization) and the unfilled screening with 'Fill form
 * now' (admin, organization, coach), which opens the screening form on the person's behalf.
 */
export function ParticipantAlerts({ viewer, p, onReload }: { viewer: CheckInViewer; p: ParticipantDetail; onReload: (detail: ParticipantDetail) => void }) {
  const waiver = !p.is_waiver_signed;
  const screening = viewer.screeningRequired && !p.hasfilled;
  if (!waiver && !screening) return null;
  return (
    <Flex direction="column" gap="2">
      {waiver ? (
        <Callout.Root color="red" role="alert">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
            <Callout.Text>{WAIVER_ALERT}</Callout.Text>
            {viewer.canSignWaiver ? <CompleteWaiver participantId={p.id} onReload={onReload} /> : null}
          </Flex>
        </Callout.Root>
      ) : null}
      {screening ? (
        <Callout.Root color="amber" role="alert">
          <Callout.Icon>
            <WarningIcon />
          </Callout.Icon>
          <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
            <Callout.Text>Participant has not completed the screening form and is unable to access {viewer.organizationName}</Callout.Text>
            {viewer.canFillScreening ? <FillFormNow person={{ id: p.id, name: p.full_name }} onReload={onReload} /> : null}
          </Flex>
        </Callout.Root>
      ) : null}
    </Flex>
  );
}

/**
 * 'Complete waiver here' (spec-1 section 7): a single-use token from GET /api/user-detail/waiver-token,
 * then a window on /sign-waiver/{id}?token=...; when that window closes the participant is reloaded
 * (twice, the second after the read model had time to take the signature).
 */
function CompleteWaiver({ participantId, onReload }: { participantId: string; onReload: (detail: ParticipantDetail) => void }) {
  const showToast = useToast();
  const [open, setOpen] = useState(false);
  const watcher = useRef<ReturnType<typeof setInterval>>();
  useEffect(() => () => clearInterval(watcher.current), []);

  const reload = () => {
    const once = () => fetchParticipant(participantId).then(onReload, () => undefined);
    void once();
    setTimeout(() => void once(), 1500);
  };

  const start = async () => {
    // opened in the click itself, so a pop-up blocker lets it through; the address follows the token
    const popup = window.open("about:blank", "rollcall-waiver");
    try {
      const { url } = await apiGet<{ url: string }>("/api/user-detail/waiver-token", { participant_id: participantId });
      if (!popup) {
        showToast({ type: "warning", title: "Allow pop-up windows for this site to complete the waiver here." });
        return;
      }
      popup.location.href = url;
      setOpen(true);
      clearInterval(watcher.current);
      watcher.current = setInterval(() => {
        if (!popup.closed) return;
        clearInterval(watcher.current);
        setOpen(false);
        reload();
      }, 500);
    } catch (error) {
      popup?.close();
      showToast({ type: "error", description: error instanceof Error ? error.message : undefined });
    }
  };

  return (
    <Button size="1" color="red" variant="soft" onClick={() => void start()} loading={open}>
      Complete waiver here
    </Button>
  );
}

/** 'Fill form now': staff fill today's screening on the person's behalf; the participant is reloaded after a submission. */
function FillFormNow({ person, onReload }: { person: { id: string; name: string }; onReload: (detail: ParticipantDetail) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="1" color="amber" variant="soft" onClick={() => setOpen(true)}>
        Fill form now
      </Button>
      {open ? (
        <ScreeningFlow
          people={[person]}
          start="form"
          onBehalf
          onClose={(outcome) => {
            setOpen(false);
            if (outcome === "submitted") void fetchParticipant(person.id).then(onReload, () => undefined);
          }}
        />
      ) : null}
    </>
  );
}
