import { Button, Card, Dialog, Flex, Text } from "@radix-ui/themes";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { CheckInIcon, CheckOutIcon } from "~/components/icons";

type Props = { label: string; dialogTitle: string; tiles: readonly [string, string] };

/** The sidebar's 'Check Users In/Out' button and its 'What Would You Like To Do?' dialog. */
export function CheckInOutDialog({ label, dialogTitle, tiles }: Props) {
  const [checkIn, checkOut] = tiles;
  return (
    <Dialog.Root>
      <Dialog.Trigger>
        <Button size="3" style={{ width: "100%" }}>
          {label}
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="610px" aria-describedby={undefined}>
        <Dialog.Title mb="4">{dialogTitle}</Dialog.Title>
        <div className="rc-tiles">
          <Tile to="/check-in?mode=in" label={checkIn} icon={<CheckInIcon />} />
          <Tile to="/check-in?mode=out" label={checkOut} icon={<CheckOutIcon />} />
        </div>
        <Flex justify="end" mt="5">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function Tile({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Dialog.Close>
      <Card asChild size="2">
        <RemixLink to={to} className="rc-tile">
          {icon}
          <Text size="3" weight="medium">
            {label}
          </Text>
        </RemixLink>
      </Card>
    </Dialog.Close>
  );
}
