import { useCallback, useEffect, useState } from "react";
import { CHECK_IN_CODES, CHECK_IN_TEXT, KIOSK_MESSAGE_MS, KIOSK_SUCCESS_MS, kioskMessage, type KioskMessage } from "#modules/check-in/client";
import { useTimeZone } from "../time-zone";
import { ApiError, apiSend, isRetryable, localDay, lookupMember, newCommandId, postCheckIn, type CheckInType } from "./api";
import { browserOffline, enqueue } from "./offline-queue";
import { isIndependent } from "./rules";

export type KioskState = { kind: "busy" } | ({ kind: "message" } & KioskMessage) | null;

/**
 * The kiosk's scan (spec-1 section 4, issue 15), without dialogs: every outcome is one message on the
 * screen that says what to do, safe in public (decision 037). Check-in: the member is looked up; a stop
 * flag or an unsigned waiver is refused here and nothing is posted; anyone else is checked in. Check-out:
 * the eligibility call, the member, then a child who travels alone is checked out at once; a child an
 * adult picks up is sent to staff. A success stays 4 s, any other message 10 s or until the next key.
 * A scan that gets no answer (offline) is queued with its command id and scan time.
 */
export function useKioskFlow(type: CheckInType, organizationId: string) {
  const timeZone = useTimeZone();
  const [state, setState] = useState<KioskState>(null);
  const say = useCallback((message: KioskMessage) => setState({ kind: "message", ...message }), []);

  useEffect(() => {
    if (state?.kind !== "message") return;
    const timer = setTimeout(() => setState(null), state.tone === "success" ? KIOSK_SUCCESS_MS : KIOSK_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const scan = useCallback(
    async (memberId: string) => {
      const day = localDay(timeZone);
      const commandId = newCommandId();
      const time = new Date().toISOString();
      if (browserOffline()) {
        enqueue({ organizationId, commandId, memberId, type, time, ...day });
        return setState(null);
      }
      setState({ kind: "busy" });
      try {
        if (type === "in") {
          const member = await lookupMember(memberId);
          if (member.is_flagged) return say(kioskMessage(CHECK_IN_CODES.flagged, "in"));
          if (!member.is_waiver_signed) return say(kioskMessage(CHECK_IN_CODES.waiver, "in"));
          await postCheckIn({ memberId: member.member_id, type: "in", time, ...day }, commandId);
          return say({ tone: "success", text: CHECK_IN_TEXT.done(member.first_name, "in") });
        }
        await apiSend("POST", "/api/check-in/participant", { memberId, type: "out", ...day });
        const member = await lookupMember(memberId);
        if (!isIndependent(member)) return say(kioskMessage(CHECK_IN_CODES.seeStaff, "out"));
        // the kiosk sends the pick-up fields empty; the server records NA
        await postCheckIn({ memberId: member.member_id, type: "out", time, ...day, pick_up_name: "", pick_up_contact_number: "", pick_up_relationship: "" }, commandId);
        return say({ tone: "success", text: CHECK_IN_TEXT.done(member.first_name, "out") });
      } catch (error) {
        if (isRetryable(error)) {
          enqueue({ organizationId, commandId, memberId, type, time, ...day });
          return setState(null);
        }
        // the answer's code decides, never its text (docs/decisions/031)
        say(kioskMessage(error instanceof ApiError ? error.code : "", type));
      }
    },
    [type, organizationId, timeZone, say],
  );

  return { scan, state, clear: useCallback(() => setState(null), []) };
}
