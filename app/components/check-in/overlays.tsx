import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { fetchParticipant, type ParticipantDetail, type PickUp } from "./api";
import { ParticipantDialog, type ParticipantPurpose } from "./participant-dialog";
import { PickedUpByDialog } from "./picked-up-by-dialog";
import { ClaimCodeDialog, type ClaimMember } from "./claim-code-dialog";
import type { CheckInViewer } from "./rules";
import { FLAG_CHANGED_EVENT } from "./use-live-board";

/**
 * The dialog stacked over the page or the check-in dialog (spec-1 section 4: dialogs stack): the
 * participant dialog in one of its purposes, or its Picked Up By variant.
 */
export type Overlay =
  | {
      kind: "participant";
      detail: ParticipantDetail;
      purpose: ParticipantPurpose;
      /** the success line of a confirmation */
      message?: string;
      /** the check-in or check-out mode the member was picked for */
      type?: "in" | "out";
      /** the visit's tag page, when it has a security code (docs/decisions/036) */
      tagsUrl?: string;
      onDone?: () => void;
    }
  | { kind: "pickup"; detail: ParticipantDetail; onChoose: (pickUp: PickUp) => Promise<void>; onCancel?: () => void }
  /** the kiosk's check-out of a child an adult picks up: the claim code, then who collects (docs/decisions/036) */
  | { kind: "claim"; member: ClaimMember; onDone: (message: string) => void; onCancel?: () => void };

type OverlayApi = {
  show: (overlay: Overlay) => void;
  close: () => void;
  /** replaces the shown participant (the waiver window reloads it) */
  update: (detail: ParticipantDetail) => void;
  viewer: CheckInViewer;
};

const Context = createContext<OverlayApi | null>(null);

export function useOverlay(): OverlayApi {
  const api = useContext(Context);
  if (!api) throw new Error("useOverlay outside OverlayProvider");
  return api;
}

export function OverlayProvider({ viewer, children }: { viewer: CheckInViewer; children: ReactNode }) {
  const [overlay, setOverlay] = useState<(Overlay & { key: number }) | null>(null);
  const show = useCallback((next: Overlay) => setOverlay({ ...next, key: Date.now() }), []);
  const close = useCallback(() => setOverlay(null), []);
  const update = useCallback((detail: ParticipantDetail) => setOverlay((o) => (o && "detail" in o && o.detail.id === detail.id ? { ...o, detail } : o)), []);
  const api = useMemo(() => ({ show, close, update, viewer }), [show, close, update, viewer]);
  // a flag raised or resolved anywhere: the open participant dialog of that member reloads it, live
  const openParticipant = overlay?.kind === "participant" ? overlay.detail.id : null;
  useEffect(() => {
    if (!openParticipant) return;
    const onFlag = (event: Event) => {
      const change = (event as CustomEvent<{ participant_id: string }>).detail;
      if (change.participant_id === openParticipant) void fetchParticipant(openParticipant).then(update, () => undefined);
    };
    window.addEventListener(FLAG_CHANGED_EVENT, onFlag);
    return () => window.removeEventListener(FLAG_CHANGED_EVENT, onFlag);
  }, [openParticipant, update]);

  return (
    <Context.Provider value={api}>
      {children}
      {overlay?.kind === "participant" ? (
        <ParticipantDialog
          key={overlay.key}
          viewer={viewer}
          detail={overlay.detail}
          purpose={overlay.purpose}
          type={overlay.type ?? "in"}
          message={overlay.message}
          tagsUrl={overlay.tagsUrl}
          onDone={() => {
            close();
            overlay.onDone?.();
          }}
          onClose={close}
          onReload={update}
        />
      ) : null}
      {overlay?.kind === "pickup" ? (
        <PickedUpByDialog
          key={overlay.key}
          viewer={viewer}
          detail={overlay.detail}
          onChoose={overlay.onChoose}
          onClose={() => {
            close();
            overlay.onCancel?.();
          }}
        />
      ) : null}
      {overlay?.kind === "claim" ? (
        <ClaimCodeDialog
          key={overlay.key}
          member={overlay.member}
          onDone={(message) => {
            close();
            overlay.onDone(message);
          }}
          onClose={() => {
            close();
            overlay.onCancel?.();
          }}
        />
      ) : null}
    </Context.Provider>
  );
}
