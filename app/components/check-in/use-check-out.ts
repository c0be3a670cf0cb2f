import { useCallback } from "react";
import { useToast } from "~/components/toast/toaster";
import { useTimeZone } from "../time-zone";
import { localDay, newCommandId, postCheckIn, putCheckOut, type ParticipantDetail, type PickUp } from "./api";
import { useOverlay } from "./overlays";
import { CHECK_IN_TEXT, CHECKED_OUT_TOAST_MS, isIndependent } from "./rules";

/** a member who travels alone: no pick-up person; the server records NA */
const NONE: PickUp = {};

/**
 * A staff check-out (spec-1 section 4, manual check-out): a member with a stop flag is not checked out,
 * and the participant dialog says why (the flag's reason); a member who travels alone is checked out
 * at once (the server records NA); anyone else needs the Picked Up By dialog first: a person of their
 * list, by id, or someone else with an override reason (docs/decisions/026). Success shows
 * 'User Checked Out' / '{full name} successfully checked out' for 2000 ms; a refusal, the server's message.
 * With the board's visit id it is PUT /api/check-in/{id}; without it, POST /api/check-in type out.
 */
export function useCheckOut() {
  const overlay = useOverlay();
  const showToast = useToast();
  const timeZone = useTimeZone();

  return useCallback(
    (p: ParticipantDetail, options: { visitId?: string; onDone?: () => void; onCancel?: () => void } = {}) => {
      const send = async (pickUp: PickUp) => {
        if (options.visitId) await putCheckOut(options.visitId, pickUp);
        else await postCheckIn({ memberId: p.member_id, type: "out", time: new Date().toISOString(), ...localDay(timeZone), ...pickUp }, newCommandId());
        showToast({ type: "success", title: "User Checked Out", description: CHECK_IN_TEXT.done(p.full_name, "out"), durationMs: CHECKED_OUT_TOAST_MS });
      };
      if (p.is_flagged) {
        // a stop flag blocks the check-out: staff read why (its reason) before anyone picks an adult (issue 15)
        overlay.show({ kind: "participant", detail: p, purpose: "blocked", type: "out" });
        options.onCancel?.();
        return Promise.resolve();
      }
      if (isIndependent(p)) {
        return send(NONE).then(
          () => options.onDone?.(),
          (error: unknown) => {
            showToast({ type: "error", description: error instanceof Error ? error.message : undefined });
            options.onCancel?.();
          },
        );
      }
      if (overlay.viewer.isKiosk && overlay.viewer.securityCodes) {
        // the kiosk never names a pick-up person itself: the adult's claim code first (docs/decisions/036)
        overlay.show({
          kind: "claim",
          member: p,
          onDone: (message) => {
            showToast({ type: "success", title: "User Checked Out", description: message, durationMs: CHECKED_OUT_TOAST_MS });
            options.onDone?.();
          },
          onCancel: options.onCancel,
        });
        return Promise.resolve();
      }
      overlay.show({
        kind: "pickup",
        detail: p,
        onChoose: async (pickUp) => {
          await send(pickUp);
          overlay.close();
          options.onDone?.();
        },
        onCancel: options.onCancel,
      });
      return Promise.resolve();
    },
    [overlay, showToast, timeZone],
  );
}
