import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { ShellModel } from "#modules/identity";
import { MAIN_CONTENT_ID } from "~/components/a11y/skip-link";
import { ActingAsBanner } from "./acting-as-banner";
import { ShellTopBar } from "./shell-top-bar";
import { Sidebar } from "./sidebar";

/** Desktop from 1024 px: the sidebar is fixed there and Escape leaves it alone. */
export const DESKTOP_QUERY = "(min-width: 1024px)";

/** A kiosk on /check-in: the screen a tablet on a stand shows all day. */
const kioskScreen = (shell: ShellModel, pathname: string) => shell.user.isKiosk && pathname === "/check-in";

/**
 * The signed-in layout: sidebar, top bar, page. Below desktop width the sidebar slides in over the
 * page from the menu button and closes on Escape, on the backdrop, on its close button and when the
 * page changes (it is open only for the path it was opened on).
 */
export function AppShell({ shell, children }: { shell: ShellModel; children: ReactNode }) {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    setOpenOn(null);
    if (!window.matchMedia(DESKTOP_QUERY).matches) menuButton.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    if (!window.matchMedia(DESKTOP_QUERY).matches) closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || window.matchMedia(DESKTOP_QUERY).matches) return;
      // a dialog or menu opened from the sidebar closes first
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="menu"]')) return;
      close();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  if (kioskScreen(shell, pathname)) {
    // the kiosk's screen (issue 15): no menu, so a child at the stand can reach nothing but the scan
    return (
      <div className="rc-shell" data-kiosk="true">
        <div className="rc-main rc-main-kiosk">
          <ShellTopBar shell={shell} />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="rc-content">{children}</main>
        </div>
      </div>
    );
  }
  return (
    <div className="rc-shell">
      <Sidebar shell={shell} open={open} onClose={close} closeButtonRef={closeButton} />
      {open ? <div className="rc-backdrop" aria-hidden="true" onClick={close} /> : null}
      <div className="rc-main">
        <ShellTopBar shell={shell} menu={{ open, onToggle: () => (open ? close() : setOpenOn(pathname)), buttonRef: menuButton }} />
        {shell.actingAs ? <ActingAsBanner actingAs={shell.actingAs} /> : null}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="rc-content">{children}</main>
      </div>
    </div>
  );
}
