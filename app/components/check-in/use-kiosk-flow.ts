import { useCallback, useEffect, useState } from "react";
import { CHECK_IN_CODES, CHECK_IN_TEXT, KIOSK_MESSAGE_MS, KIOSK_SUCCESS_MS, kioskMessage, type KioskMessage } from "#modules/check-in/client";
import { useTimeZone } from "../time-zone";
import { ApiError, apiSend, isRetryable, localDay, lookupMember, newCommandId, postCheckIn, type CheckInType } from "./api";
import { browserOffline, enqueue } from "./offline-queue";
import type { ClaimMember } from "./claim-code-dialog";
import { isIndependent } from "./rules";
import { tagsUrlOf } from "./tags-link";

/**
 * A message may offer one next step (docs/decisions/036): `claim`, the 'see staff' of a child an adult
 * collects, when the organization gives security codes (the adult may enter their claim code instead);
 * `tagsUrl`, the tags of the check-in just made.
 */
export type KioskState = { kind: "busy" } | ({ kind: "message"; claim?: ClaimMember; tagsUrl?: string } & KioskMessage) | null;

const claimOf = (member: { member_id: string; first_name: string; full_name: string }): ClaimMember => ({ member_id: member.member_id, first_name: member.first_name, full_name: member.full_name });

/**
 * The kiosk's scan (spec-1 section 4, issue 15), without dialogs: every outcome is one message on the
 * screen that says what to do, safe in public (decision 037). Check-in: posted at once; the server's
 * refusal (a stop flag, an unsigned waiver, an unknown ID) comes back as a code the kiosk words itself. Check-out:
 * the eligibility call, the member, then a child who travels alone is checked out at once; a child an
 * adult picks up is sent to staff. A success stays 4 s, any other message 10 s or until the next key.
 * A scan that gets no answer (offline) is queued with its command id and scan time.
 */
export function useKioskFlow(type: CheckInType, organizationId: string, securityCodes = false) {
  const timeZone = useTimeZone();
  const [state, setState] = useState<KioskState>(null);
  const say = useCallback((message: KioskMessage & { claim?: ClaimMember; tagsUrl?: string }) => setState({ kind: "message", ...message }), []);

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
          // one round trip (the live board's latency, issue 15): the server refuses a stop flag, a missing
          // waiver or an unknown ID with its code (the kiosk's own words for each below), and its answer's
          // message names the member
          const answer = await postCheckIn({ memberId, type: "in", time, ...day }, commandId);
          return say({ tone: "success", text: answer.message, tagsUrl: tagsUrlOf(answer, true) });
        }
        await apiSend("POST", "/api/check-in/participant", { memberId, type: "out", ...day });
        const member = await lookupMember(memberId);
        if (!isIndependent(member)) return say({ ...kioskMessage(CHECK_IN_CODES.seeStaff, "out"), claim: securityCodes ? claimOf(member) : undefined });
        // the kiosk sends the pick-up fields empty; the server records NA
        await postCheckIn({ memberId: member.member_id, type: "out", time, ...day, pick_up_name: "", pick_up_contact_number: "", pick_up_relationship: "" }, commandId);
        return say({ tone: "success", text: CHECK_IN_TEXT.done(member.first_name, "out") });
      } catch (error) {
        if (isRetryable(error)) {
          enqueue({ organizationId, commandId, memberId, type, time, ...day });
          return setState(null);
        }
        // the answer's code decides, never its text (docs/decisions/031)
        const code = error instanceof ApiError ? error.code : "";
        if (type === "out" && securityCodes && code === CHECK_IN_CODES.seeStaff) {
          // the server sends a child an adult collects to staff; with codes, the adult may show their claim tag
          const member = await lookupMember(memberId).catch(() => null);
          return say({ ...kioskMessage(code, type), claim: member ? claimOf(member) : undefined });
        }
        say(kioskMessage(code, type));
      }
    },
    [type, organizationId, timeZone, say, securityCodes],
  );

  return { scan, state, say, clear: useCallback(() => setState(null), []) };
}
