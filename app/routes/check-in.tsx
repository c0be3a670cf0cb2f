import { Container } from "@radix-ui/themes";
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useCallback } from "react";
import checkInStyles from "~/components/check-in/check-in.css";
import { CheckInBoard } from "~/components/check-in/check-in-board";
import { CheckInDialog } from "~/components/check-in/check-in-panel";
import { KioskScreen } from "~/components/check-in/kiosk-screen";
import { OverlayProvider } from "~/components/check-in/overlays";
import type { CheckInType } from "~/components/check-in/api";
import { kioskMessage } from "#modules/check-in/client";
import { barcodeErrorText, MEMBER_CHECK_IN_OFF_TEXT, SEE_STAFF_CODE, SEE_STAFF_TEXT, type CheckInViewer } from "~/components/check-in/rules";
import { useOfflineQueue, type QueueOutcome } from "~/components/check-in/use-offline-queue";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast } from "~/components/toast/toaster";
import { checkInViewerOf } from "#modules/check-in";
import { signedInPage } from "~/utils/page-guard.server";
import { canExportCheckIns } from "#modules/exports";
import { ExportCheckInsButton } from "~/components/exports/export-buttons";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: checkInStyles }];

/** /check-in (kiosk allowed): the live board for staff; the kiosk's screen (no list, no search; issue 15) for a kiosk. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  return json({ viewer: checkInViewerOf(auth), canExport: canExportCheckIns(auth) });
}

/** The URL's ?mode=in|out: the open check-in dialog (staff) or the kiosk's direction. */
function useMode(): [CheckInType | null, (mode: CheckInType | null) => void] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get("mode");
  const mode = raw === "in" || raw === "out" ? raw : null;
  const setMode = useCallback((next: CheckInType | null) => navigate(next ? `?mode=${next}` : "?", { replace: true, preventScrollReset: true }), [navigate]);
  return [mode, setMode];
}

function CheckInScreen({ viewer, canExport }: { viewer: CheckInViewer; canExport: boolean }) {
  const [mode, setMode] = useMode();
  const showToast = useToast();
  // scans queued while offline are sent from here, whatever the screen shows meanwhile
  const { waiting } = useOfflineQueue(
    viewer.organizationId,
    useCallback(
      (outcome: QueueOutcome) => {
        if (outcome.ok) return showToast({ type: "success", title: outcome.answer.message });
        // the kiosk's words are safe in public (decision 037); staff read the server's
        const text = viewer.isKiosk
          ? kioskMessage(outcome.error.code, outcome.scan.type).text
          : outcome.error.code === SEE_STAFF_CODE
            ? SEE_STAFF_TEXT
            : (barcodeErrorText(outcome.error) ?? outcome.error.message);
        showToast({ type: "error", title: `Member ID ${outcome.scan.memberId}`, description: text });
      },
      [showToast, viewer.isKiosk],
    ),
  );

  if (viewer.isKiosk) {
    return viewer.canCheckInOut ? (
      <KioskScreen type={mode ?? "in"} organization={viewer.organizationName} organizationId={viewer.organizationId} waiting={waiting} onType={setMode} />
    ) : (
      <p>{MEMBER_CHECK_IN_OFF_TEXT}</p>
    );
  }
  return (
    <>
      <CheckInBoard onStart={setMode} actions={canExport ? <ExportCheckInsButton /> : null} />
      {viewer.canCheckInOut ? <CheckInDialog type={mode} organization={viewer.organizationName} waiting={waiting} onClose={() => setMode(null)} /> : null}
    </>
  );
}

export default function CheckInPage() {
  const { viewer, canExport } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="5" py="6">
      <OverlayProvider viewer={viewer}>
        <CheckInScreen viewer={viewer} canExport={canExport} />
      </OverlayProvider>
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
