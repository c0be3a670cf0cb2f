import { Avatar, Box, Button, DropdownMenu, Flex, Text, VisuallyHidden } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import { useRef } from "react";
import type { ShellModel } from "#modules/identity";
import { initialsOf } from "./org-logo";
import { CART_KEY } from "~/components/points/cart";

type Props = { user: ShellModel["user"]; menu: ShellModel["sidebar"]["profileMenu"]; formToken: string };

/**
 * The profile menu: photo (initials until photos exist), full name and role; 'My Profile' (not for a
 * kiosk) and 'Log Out of Account', which posts to /logout (with the session's form token) as a full page
 * load so no client state stays.
 */
export function ProfileMenu({ user, menu, formToken }: Props) {
  const logoutForm = useRef<HTMLFormElement>(null);
  return (
    <>
      <form ref={logoutForm} method="post" action="/logout" hidden>
        {/* the session's form token: /logout ends nothing without it (decision 028) */}
        <input type="hidden" name="csrf" value={formToken} />
      </form>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          {/* named by its content (the visible name and role, after a hidden "Profile menu of"), not an
              aria-label that would leave the visible role out of the name (WCAG 2.5.3, axe label-content-name-mismatch) */}
          <Button variant="ghost" color="gray" size="3" style={{ height: "auto" }}>
            <Flex align="center" gap="3">
              <Avatar size="2" radius="full" fallback={initialsOf(user.fullName)} alt="" aria-hidden />
              <Box className="rc-profile-text" style={{ textAlign: "left" }}>
                <Text as="div" size="2" weight="medium" highContrast>
                  <VisuallyHidden>Profile menu of</VisuallyHidden> {user.fullName}
                </Text>
                <Text as="div" size="1" color="gray">
                  {user.roleLabel}
                </Text>
              </Box>
              <DropdownMenu.TriggerIcon />
            </Flex>
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end" sideOffset={6}>
          {menu.showMyProfile && !user.isKiosk ? (
            <DropdownMenu.Item asChild>
              <RemixLink to="/my-profile">My Profile</RemixLink>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item color="red" onSelect={() => {
              // spec-2: logging out clears the cart kept in the browser
              window.localStorage.removeItem(CART_KEY);
              logoutForm.current?.requestSubmit();
            }}>
            {menu.logOutLabel}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </>
  );
}
