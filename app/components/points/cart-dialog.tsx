import { Button, Callout, Dialog, Flex, IconButton, Text } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useToast } from "~/components/toast/toaster";
import { cartLines, type useCart } from "./cart";
import type { StoreItemView } from "./store-views";

export type CheckoutReply = { ok: true; message: string } | { ok: false; message: string; unavailable: string[] };

/**
 * The cart dialog (spec-2: `cartDialog`): the stored ids with the server's names and prices (never the cart's),
 * an item no longer on sale marked, the total against the balance, and the checkout. A refused checkout says
 * which items and takes those out, keeping the rest; a placed order empties the cart.
 */
export function CartDialog({ open, onOpenChange, cart, items, balance, participantId }: { open: boolean; onOpenChange: (open: boolean) => void; cart: ReturnType<typeof useCart>; items: StoreItemView[]; balance: number; participantId: string | null }) {
  const fetcher = useFetcher<CheckoutReply>();
  const showToast = useToast();
  const byId = new Map(items.map((i) => [i.id, i]));
  const lines = cartLines(cart.entries).map((l) => ({ ...l, item: byId.get(l.id) }));
  const total = lines.reduce((sum, l) => sum + (l.item ? l.item.price * l.quantity : 0), 0);
  const handled = useRef<CheckoutReply | undefined>(undefined);
  useEffect(() => {
    const reply = fetcher.data;
    if (!reply || fetcher.state !== "idle" || handled.current === reply) return;
    handled.current = reply;
    if (reply.ok) {
      cart.clear();
      onOpenChange(false);
      showToast({ type: "success", title: reply.message });
    } else if (reply.unavailable.length > 0) {
      cart.drop(reply.unavailable);
    }
  }, [fetcher.data, fetcher.state, cart, onOpenChange, showToast]);
  const problem = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="460px" aria-describedby={undefined}>
        <Dialog.Title>Your cart</Dialog.Title>
        <Flex direction="column" gap="3">
          {problem ? (
            <Callout.Root color="red" role="alert">
              <Callout.Text>{problem}</Callout.Text>
            </Callout.Root>
          ) : null}
          {lines.length === 0 ? (
            <Text color="gray">Your cart is empty.</Text>
          ) : (
            <ul aria-label="Cart items" style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 8 }}>
              {lines.map((l) => (
                <li key={l.id}>
                  <Flex justify="between" align="center" gap="2">
                    <Text>
                      {l.item ? l.item.name : "An item no longer in the store"}
                      {l.quantity > 1 ? ` x ${l.quantity}` : ""}
                    </Text>
                    <Flex align="center" gap="2">
                      <Text weight="bold">{l.item ? l.item.price * l.quantity : "-"}</Text>
                      <IconButton size="1" variant="soft" color="gray" onClick={() => cart.removeOne(l.id)} aria-label={`Remove one ${l.item?.name ?? "item"} from the cart`}>
                        −
                      </IconButton>
                    </Flex>
                  </Flex>
                </li>
              ))}
            </ul>
          )}
          <Flex justify="between">
            <Text>Total</Text>
            <Text weight="bold">{total} points</Text>
          </Flex>
          <Text size="2" color={total > balance ? "red" : "gray"}>
            You have {balance} points{total > balance ? `: ${total - balance} more needed` : ""}.
          </Text>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="checkout" />
            <input type="hidden" name="cart" value={JSON.stringify(cartLines(cart.entries))} />
            {participantId ? <input type="hidden" name="participant_id" value={participantId} /> : null}
            <Flex gap="2" justify="end">
              <Dialog.Close>
                <Button variant="soft" color="gray" type="button">
                  Keep shopping
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={lines.length === 0 || fetcher.state !== "idle"}>
                Check out
              </Button>
            </Flex>
          </fetcher.Form>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
