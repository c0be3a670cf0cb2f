import { Flex, IconButton, Text } from "@radix-ui/themes";
import type { RefObject } from "react";
import { MenuIcon } from "~/components/icons";
import type { ShellModel } from "#modules/identity";
import { ProfileMenu } from "./profile-menu";
import { SIDEBAR_ID } from "./sidebar";

type Props = {
  shell: Pick<ShellModel, "user" | "sidebar" | "formToken">;
  /** without it (the kiosk's screen) there is no menu button and the organization is always named */
  menu?: { open: boolean; onToggle: () => void; buttonRef: RefObject<HTMLButtonElement> };
};

/** The bar above the page: the menu button (below desktop width) and the profile menu. */
export function ShellTopBar({ shell, menu }: Props) {
  if (!menu) {
    return (
      <header className="rc-topbar">
        <Text size="4" weight="bold" truncate>
          {shell.sidebar.header.organizationName}
        </Text>
        <Flex flexGrow="1" />
        <ProfileMenu user={shell.user} menu={shell.sidebar.profileMenu} formToken={shell.formToken} />
      </header>
    );
  }
  const { open: menuOpen, onToggle: onMenu, buttonRef: menuButtonRef } = menu;
  return (
    <header className="rc-topbar">
      <IconButton
        ref={menuButtonRef}
        className="rc-mobile-only"
        variant="ghost"
        color="gray"
        size="3"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls={SIDEBAR_ID}
        onClick={onMenu}
      >
        <MenuIcon width="18" height="18" />
      </IconButton>
      <Text className="rc-mobile-only" size="3" weight="bold" truncate>
        {shell.sidebar.header.organizationName}
      </Text>
      <Flex flexGrow="1" />
      <ProfileMenu user={shell.user} menu={shell.sidebar.profileMenu} formToken={shell.formToken} />
    </header>
  );
}
