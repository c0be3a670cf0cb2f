import { Flex, IconButton, Text } from "@radix-ui/themes";
import type { RefObject } from "react";
import { CloseIcon } from "~/components/icons";
import type { ShellModel } from "#modules/identity";
import { CheckInOutDialog } from "./check-in-out-dialog";
import { OrgLogo } from "./org-logo";
import { SidebarNav } from "./sidebar-nav";

export const SIDEBAR_ID = "rc-sidebar";

type Props = {
  shell: Pick<ShellModel, "sidebar" | "organization" | "activeKeys">;
  open: boolean;
  onClose: () => void;
  closeButtonRef: RefObject<HTMLButtonElement>;
};

/** The 320 px menu: organization header, the items and groups, and the 'Check Users In/Out' button. */
export function Sidebar({ shell, open, onClose, closeButtonRef }: Props) {
  const { sidebar, organization, activeKeys } = shell;
  return (
    <aside id={SIDEBAR_ID} className="rc-sidebar" data-open={open} aria-label="Main menu">
      <div className="rc-sidebar-header">
        <OrgLogo name={organization.name} alt={sidebar.header.logoAlt} url={organization.logoUrl} />
        <Flex direction="column" flexGrow="1" minWidth="0">
          <Text size="3" weight="bold" truncate>
            {sidebar.header.organizationName}
          </Text>
        </Flex>
        <IconButton ref={closeButtonRef} className="rc-mobile-only" variant="ghost" color="gray" aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </div>
      <nav className="rc-sidebar-nav" aria-label="Main">
        <SidebarNav entries={sidebar.entries} activeKeys={activeKeys} />
      </nav>
      {sidebar.checkInOutButton ? (
        <div className="rc-sidebar-footer">
          <CheckInOutDialog {...sidebar.checkInOutButton} />
        </div>
      ) : null}
    </aside>
  );
}
