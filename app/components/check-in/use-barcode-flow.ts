import { useCallback, useState } from "react";
import { useTimeZone } from "../time-zone";
import { tagsUrlOf } from "./tags-link";
import { ApiError, apiSend, fetchParticipant, isRetryable, localDay, lookupMember, newCommandId, postCheckIn, type CheckInType, type MemberLookup } from "./api";
import { browserOffline, enqueue } from "./offline-queue";
import { useOverlay } from "./overlays";
import { barcodeErrorText, CHECK_IN_TEXT, isIndependent } from "./rules";

export type ScanStatus = { kind: "busy"; memberId: string } | { kind: "error" | "success"; text: string } | null;

type Scan = { memberId: string; type: CheckInType; commandId: string; time: string; start: string; end: string };

/**
 * The staff's barcode flows of spec-1 section 4 (the kiosk's are use-kiosk-flow.ts). Check-in: fetch the
 * member; a flagged member (or one without a signed waiver) gets the participant dialog with the blockers
 * and nothing is posted; anyone else is checked in and confirmed for 4 s. Check-out: the eligibility call,
 * the member, then at once for a member who travels alone ('{first name} successfully checked out' for
 * 4 s); anyone else gets the Picked Up By dialog (a stop flag's reason first, use-check-out.ts).
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
        setStatus({ kind: "error", text: "This member cannot be checked in or out now." });
      }
    },
    [overlay, type],
  );

  const checkIn = useCallback(
    async (scan: Scan, member: MemberLookup) => {
      if (member.is_flagged || !member.is_waiver_signed) return showBlocked(scan.memberId, member);
      const [answer, detail] = await Promise.all([
        postCheckIn({ memberId: member.member_id, type: "in", time: scan.time, start: scan.start, end: scan.end }, scan.commandId),
        fetchParticipant(member.id).catch(() => null),
      ]);
      if (detail) {
        overlay.show({ kind: "participant", detail, purpose: "confirmed", type: "in", message: answer.message, tagsUrl: tagsUrlOf(answer, false) });
        setStatus(null);
      } else {
        setStatus({ kind: "success", text: answer.message });
      }
    },
    [overlay, showBlocked],
  );

  const checkOut = useCallback(
    async (scan: Scan) => {
      await apiSend("POST", "/api/check-in/participant", { memberId: scan.memberId, type: "out", start: scan.start, end: scan.end });
      const member = await lookupMember(scan.memberId);
      const body = { memberId: member.member_id, type: "out" as const, time: scan.time, start: scan.start, end: scan.end };
      if (isIndependent(member)) {
        // the barcode screen sends the pick-up fields empty; the server records NA
        await postCheckIn({ ...body, pick_up_name: "", pick_up_contact_number: "", pick_up_relationship: "" }, scan.commandId);
        setStatus({ kind: "success", text: CHECK_IN_TEXT.done(member.first_name, "out") });
        return;
      }
      const detail = await fetchParticipant(member.id);
      setStatus(null);
      // a stop flag: its reason, before anyone picks an adult (issue 15)
      if (detail.is_flagged) return overlay.show({ kind: "participant", detail, purpose: "blocked", type: "out" });
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
        // the answer's code decides, never its text (docs/decisions/031)
        const answer = error instanceof ApiError ? error : { code: "", message: "Please try again or contact support for help" };
        const text = barcodeErrorText(answer);
        if (text === null) return showBlocked(memberId);
        setStatus({ kind: "error", text });
      }
    },
    [type, checkIn, checkOut, showBlocked, viewer.organizationId, timeZone],
  );

  return { scan, status, setStatus };
}
