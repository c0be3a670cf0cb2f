import { useCallback, useState } from "react";
import { useTimeZone } from "../time-zone";
import { ApiError, apiSend, fetchParticipant, isRetryable, localDay, lookupMember, newCommandId, postCheckIn, type CheckInType, type MemberLookup } from "./api";
import { browserOffline, enqueue } from "./offline-queue";
import { useOverlay } from "./overlays";
import type { ClaimMember } from "./claim-code-dialog";
import { barcodeErrorText, CHECK_IN_TEXT, isIndependent, KIOSK_STOP_TEXT, SEE_STAFF_CODE, SEE_STAFF_TEXT } from "./rules";
import { tagsUrlOf } from "./tags-link";

/** `claim`: the kiosk's 'see staff' for a child an adult picks up, when the organization gives codes: the adult may enter their claim code instead */
export type ScanStatus = { kind: "busy"; memberId: string } | { kind: "error" | "success"; text: string; claim?: ClaimMember } | null;

type Scan = { memberId: string; type: CheckInType; commandId: string; time: string; start: string; end: string };

/**
 * The barcode flows of spec-1 section 4. Check-in: fetch the member; a flagged member (or one without
 * a signed waiver) gets the participant dialog with the blockers and nothing is posted; anyone else is
 * checked in and confirmed for 4 s. Check-out: the eligibility call, the member, then at once for a
 * member who travels alone ('{first name} successfully checked out' for 4 s); anyone else is picked up by
 * an adult: at the kiosk 'Please see a staff member to check out' and nothing is posted (the server refuses
 * it too, docs/decisions/026), and, when the organization gives security codes, 'Enter Claim Code' beside it
 * (docs/decisions/036); for staff, the Picked Up By dialog. A confirmed check-in with a code offers its tags.
 * A scan that gets no answer (offline) is queued with its command id and scan time.
 */
export function useBarcodeFlow(type: CheckInType) {
  const overlay = useOverlay();
  const { viewer } = overlay;
  const timeZone = useTimeZone();
  const [status, setStatus] = useState<ScanStatus>(null);

  const showBlocked = useCallback(
    async (memberId: string, known?: MemberLookup) => {
      try {
        const member = known ?? (await lookupMember(memberId));
        overlay.show({ kind: "participant", detail: await fetchParticipant(member.id), purpose: "blocked", type });
        setStatus(null);
      } catch {
        setStatus({ kind: "error", text: viewer.isKiosk ? KIOSK_STOP_TEXT : "This member cannot be checked in or out now." });
      }
    },
    [overlay, type, viewer.isKiosk],
  );

  const checkIn = useCallback(
    async (scan: Scan, member: MemberLookup) => {
      if (member.is_flagged && viewer.isKiosk) {
        // a flagged member gets the screening dialog at the kiosk, and nothing is posted (spec-1 section 4)
        overlay.show({ kind: "screening", detail: await fetchParticipant(member.id) });
        setStatus(null);
        return;
      }
      if (member.is_flagged || !member.is_waiver_signed) return showBlocked(scan.memberId, member);
      const [answer, detail] = await Promise.all([
        postCheckIn({ memberId: member.member_id, type: "in", time: scan.time, start: scan.start, end: scan.end }, scan.commandId),
        fetchParticipant(member.id).catch(() => null),
      ]);
      if (detail) {
        overlay.show({ kind: "participant", detail, purpose: "confirmed", type: "in", message: answer.message, tagsUrl: tagsUrlOf(answer, viewer.isKiosk) });
        setStatus(null);
      } else {
        setStatus({ kind: "success", text: answer.message });
      }
    },
    [overlay, showBlocked, viewer.isKiosk],
  );

  const checkOut = useCallback(
    async (scan: Scan) => {
      const seeStaff = await apiSend("POST", "/api/check-in/participant", { memberId: scan.memberId, type: "out", start: scan.start, end: scan.end }).then(
        () => false,
        (error: unknown) => {
          if (viewer.isKiosk && viewer.securityCodes && error instanceof ApiError && error.code === SEE_STAFF_CODE) return true;
          throw error;
        },
      );
      const member = await lookupMember(scan.memberId);
      if (seeStaff) return setStatus({ kind: "error", text: SEE_STAFF_TEXT, claim: member });
      const body = { memberId: member.member_id, type: "out" as const, time: scan.time, start: scan.start, end: scan.end };
      if (isIndependent(member)) {
        // the barcode screen sends the pick-up fields empty; the server records NA
        await postCheckIn({ ...body, pick_up_name: "", pick_up_contact_number: "", pick_up_relationship: "" }, scan.commandId);
        setStatus({ kind: "success", text: CHECK_IN_TEXT.done(member.first_name, "out") });
        return;
      }
      if (viewer.isKiosk) {
        setStatus({ kind: "error", text: SEE_STAFF_TEXT });
        return;
      }
      const detail = await fetchParticipant(member.id);
      setStatus(null);
      overlay.show({
        kind: "pickup",
        detail,
        onChoose: async (pickUp) => {
          await postCheckIn({ ...body, time: new Date().toISOString(), ...pickUp }, scan.commandId);
          overlay.close();
          setStatus({ kind: "success", text: CHECK_IN_TEXT.done(member.first_name, "out") });
        },
      });
    },
    [overlay, viewer.isKiosk, viewer.securityCodes],
  );

  /** the claim-code dialog for the child of a 'see staff' answer (docs/decisions/036) */
  const enterClaimCode = useCallback(
    (member: ClaimMember) => overlay.show({ kind: "claim", member, onDone: (text) => setStatus({ kind: "success", text }) }),
    [overlay],
  );

  const scan = useCallback(
    async (memberId: string) => {
      const s: Scan = { memberId, type, commandId: newCommandId(), time: new Date().toISOString(), ...localDay(timeZone) };
      const queue = () => {
        enqueue({ organizationId: viewer.organizationId, commandId: s.commandId, memberId, type, time: s.time, start: s.start, end: s.end });
        setStatus(null);
      };
      if (browserOffline()) return queue();
      setStatus({ kind: "busy", memberId });
      try {
        if (type === "in") await checkIn(s, await lookupMember(memberId));
        else await checkOut(s);
      } catch (error) {
        if (isRetryable(error)) return queue();
        // a child an adult picks up, at the kiosk: the server's own words, without 'rescan'
        if (error instanceof ApiError && error.code === SEE_STAFF_CODE) return setStatus({ kind: "error", text: SEE_STAFF_TEXT });
        // the answer's code decides, never its text (docs/decisions/031)
        const answer = error instanceof ApiError ? error : { code: "", message: "Please try again or contact support for help" };
        const text = barcodeErrorText(answer);
        if (text === null) return showBlocked(memberId);
        setStatus({ kind: "error", text });
      }
    },
    [type, checkIn, checkOut, showBlocked, viewer.organizationId, timeZone],
  );

  return { scan, status, setStatus, enterClaimCode };
}
