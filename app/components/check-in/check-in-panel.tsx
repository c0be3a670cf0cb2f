import { Button, Dialog, Flex, Tabs } from "@radix-ui/themes";
import { useState } from "react";
import type { CheckInType } from "./api";
import { AutoTab } from "./auto-tab";
import { ManualTab } from "./manual-tab";
import { CloseIcon } from "~/components/icons";
import { escapeBelongsToCombobox } from "~/components/a11y/listbox-keys";

type Tab = "manual" | "auto";

/** The manual tab's title (spec-1 section 2). */
export const panelTitle = (type: CheckInType, organization: string) => (type === "in" ? `Check In Users to ${organization}` : `Check Out Users on ${organization}`);

type TabsProps = { type: CheckInType; waiting: number; onFinished: () => void; onCancel?: () => void };

/** The check-in dialog's two tabs (staff; the kiosk has its own screen): switching them toggles manual and auto (scanning) mode. */
function CheckInTabs({ type, waiting, onFinished, onCancel }: TabsProps) {
  const [tab, setTab] = useState<Tab>("manual");
  return (
    <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
      <Tabs.List size="2">
        <Tabs.Trigger value="manual">Check-In/Check-Out</Tabs.Trigger>
        <Tabs.Trigger value="auto">Auto Check-In/Out</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="manual">
        <ManualTab type={type} onFinished={onFinished} onCancel={onCancel} />
      </Tabs.Content>
      <Tabs.Content value="auto">
        <AutoTab type={type} active={tab === "auto"} waiting={waiting} onCancel={onCancel} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** Staff: the check-in dialog over the board (manual tab first). */
export function CheckInDialog({ type, organization, waiting, onClose }: { type: CheckInType | null; organization: string; waiting: number; onClose: () => void }) {
  return (
    <Dialog.Root open={type !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="860px" aria-describedby={undefined} onEscapeKeyDown={(event) => escapeBelongsToCombobox(event.target) && event.preventDefault()}>
        {type ? (
          <>
            <Flex justify="between" align="start" gap="3">
              <Dialog.Title>{panelTitle(type, organization)}</Dialog.Title>
              <Dialog.Close>
                <Button variant="ghost" color="gray" aria-label="Close">
                  <CloseIcon />
                </Button>
              </Dialog.Close>
            </Flex>
            <CheckInTabs key={type} type={type} waiting={waiting} onFinished={onClose} onCancel={onClose} />
          </>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
