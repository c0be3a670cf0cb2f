import { Avatar, Badge, Button, Callout, Dialog, Flex, Separator, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import { useEffect } from "react";
import { CheckCircleIcon, ErrorIcon, WarningIcon } from "~/components/icons";
import { PhotoUploadButton } from "~/components/uploads/photo-upload-button";
import type { ParticipantDetail } from "./api";
import { ParticipantAlerts } from "./participant-alerts";
import { NotesSection, PersonalInfo, PickUpSection, TodaysPrograms } from "./participant-sections";
import { FLAG_MEANING, flagLabel, flagReasons } from "#modules/flags/client";
import { CHECK_IN_CONFIRMATION_MS, initials, isAllowed, isCheckedIn, KIOSK_STOP_TEXT, KIOSK_WARNING_TITLE, mayCheckOut, type CheckInViewer } from "./rules";

/**
 * review: picked in the manual tab, Done adds the member (disabled while not allowed); confirmed: the
 * check-in went through, closes itself after 4 s; blocked: the blockers with Cancel; view: from the board.
 */
export type ParticipantPurpose = "review" | "confirmed" | "blocked" | "view";

/** A flag's banner for staff: its name and meaning, then each reason as written (issue 15: the reason before a check-out). */
function FlagBanner({ title, reasons }: { title: string; reasons: string[] }) {
  return (
    <Flex direction="column" gap="1">
      <Text as="p" size="2" weight="bold">
        {title}
      </Text>
      {reasons.map((reason, i) => (
        <Text as="p" size="2" key={i} data-testid="flag-reason">
          Reason: {reason}
        </Text>
      ))}
    </Flex>
  );
}

type Props = {
  viewer: CheckInViewer;
  detail: ParticipantDetail;
  purpose: ParticipantPurpose;
  type: "in" | "out";
  message?: string;
  /** a confirmed check-in with a security code: 'Print Tags' opens its tag page (docs/decisions/036) */
  tagsUrl?: string;
  onDone: () => void;
  onClose: () => void;
  onReload: (detail: ParticipantDetail) => void;
};

/** The check-in participant dialog of spec-1 section 2 (large, continue label Done), reduced for a kiosk. */
export function ParticipantDialog({ viewer, detail: p, purpose, type, message, tagsUrl, onDone, onClose, onReload }: Props) {
  const kiosk = viewer.isKiosk;
  const allowed = type === "in" ? isAllowed(p, viewer.screeningRequired) : mayCheckOut(p, viewer.screeningRequired);
  const blocked = purpose === "blocked" || (purpose === "review" && !allowed);
  // a kiosk says the same for a stop flag, an unsigned waiver or an unfilled screening
  const showStop = p.is_flagged || (kiosk && blocked);

  useEffect(() => {
    if (purpose !== "confirmed") return;
    const timer = setTimeout(onClose, CHECK_IN_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [purpose, onClose]);

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="860px" aria-describedby={undefined} data-testid="participant-dialog">
        <Flex direction="column" gap="4">
          {showStop ? (
            <Callout.Root color="red" variant="surface" role="alert" size="2" data-testid="stop-banner">
              <Callout.Icon>
                <ErrorIcon />
              </Callout.Icon>
              {kiosk ? (
                <Callout.Text weight="bold">{KIOSK_STOP_TEXT}</Callout.Text>
              ) : (
                <FlagBanner title={`${flagLabel("stop")}: ${FLAG_MEANING.stop}`} reasons={flagReasons(p.flags?.data, "stop")} />
              )}
            </Callout.Root>
          ) : null}
          {p.is_warned ? (
            <Callout.Root color="amber" role="status" data-testid="warn-banner">
              <Callout.Icon>
                <WarningIcon />
              </Callout.Icon>
              {kiosk ? (
                <Callout.Text weight="bold">{KIOSK_WARNING_TITLE}</Callout.Text>
              ) : (
                <FlagBanner title={`${flagLabel("warn")}: ${FLAG_MEANING.warn}`} reasons={flagReasons(p.flags?.data, "warn")} />
              )}
            </Callout.Root>
          ) : null}
          {purpose === "confirmed" && message ? (
            <Callout.Root color="green" role="status">
              <Callout.Icon>
                <CheckCircleIcon />
              </Callout.Icon>
              <Callout.Text weight="bold" size="3">
                {message}
              </Callout.Text>
            </Callout.Root>
          ) : null}
          {purpose === "review" && type === "out" && !isCheckedIn(p) ? (
            <Callout.Root color="gray" role="status">
              <Callout.Text>{p.full_name} is not checked in.</Callout.Text>
            </Callout.Root>
          ) : null}

          <Flex gap="4" align="center">
            <Avatar size="6" radius="full" src={p.photo_url ?? undefined} fallback={initials(p)} alt="" />
            <Flex direction="column" gap="1">
              <Dialog.Title mb="0" size="6">
                {p.full_name}
              </Dialog.Title>
              <Text size="2" color="gray">
                Member ID{" "}
                <Text weight="medium" color="gray" highContrast data-testid="dialog-member-id">
                  {p.member_id}
                </Text>
              </Text>
              {!kiosk && p.name ? (
                <Text size="2" color="gray">
                  Username <Text highContrast>{p.name}</Text>
                </Text>
              ) : null}
              {!kiosk ? <PhotoUploadButton entity="participant" entityId={p.id} hasPhoto={Boolean(p.photo_url)} onUploaded={(url) => onReload({ ...p, photo_url: url })} /> : null}
              <Flex gap="2" mt="1" wrap="wrap">
                {p.is_waiver_signed ? (
                  <Badge color="green" size="2">
                    <CheckCircleIcon /> Waiver completed
                  </Badge>
                ) : null}
                {viewer.screeningRequired ? (
                  <Badge color={p.hasfilled ? "green" : "amber"} size="2">
                    {p.hasfilled ? "Screening passed" : "Screening not filled"}
                  </Badge>
                ) : null}
              </Flex>
            </Flex>
          </Flex>

          <Separator size="4" />
          <div className="rc-ci-sections">
            {kiosk ? null : <PersonalInfo p={p} />}
            <TodaysPrograms programs={p.programs_and_events} />
          </div>
          {kiosk ? null : <PickUpSection p={p} />}
          {kiosk ? null : <NotesSection notes={p.notes} participantId={p.id} />}
          {kiosk ? null : <ParticipantAlerts viewer={viewer} p={p} onReload={onReload} />}
        </Flex>

        <Flex justify="end" gap="3" mt="5">
          {blocked ? (
            <Button variant="soft" color="gray" onClick={onClose}>
              Cancel
            </Button>
          ) : null}
          {purpose === "confirmed" && tagsUrl ? (
            <Button variant="soft" asChild>
              <RemixLink to={tagsUrl}>Print Tags</RemixLink>
            </Button>
          ) : null}
          {purpose !== "blocked" ? (
            <Button onClick={purpose === "review" ? onDone : onClose} disabled={purpose === "review" && !allowed}>
              Done
            </Button>
          ) : null}
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
