import { Badge, Box, Button, Card, Dialog, Flex, Heading, Table, Text, TextArea, TextField } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import { useWhen } from "./when";
import { ORDER_MOVES, type OrderLine, type OrderStatus } from "#modules/points/client";

export type StoreItemView = { id: string; name: string; description: string; picture: string | null; price: number; stock: number; reserved: number; available: number; per_member_limit: number | null; visible_groups: string[] };
export type OrderView = { id: string; participant_id: string; participant_name: string; lines: OrderLine[]; total: number; status: OrderStatus; created_date: string; updated_date: string };

const STATUS_COLOR: Record<OrderStatus, "amber" | "blue" | "green" | "gray"> = { Pending: "amber", Ready: "blue", Fulfilled: "green", Cancelled: "gray" };
const linesText = (lines: OrderLine[]) => lines.map((l) => (l.quantity > 1 ? `${l.quantity} x ${l.name}` : l.name)).join(", ");

/** The store's items as cards; members add to the cart, managers see stock and ordered units. */
export function ItemCards({ items, onAdd, manage }: { items: StoreItemView[]; onAdd?: (item: StoreItemView) => void; manage: boolean }) {
  if (items.length === 0) return <Text color="gray">The store has no items yet.</Text>;
  return (
    <ul aria-label="Store items" style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 12, gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))" }}>
      {items.map((item) => (
        <li key={item.id}>
          <Card style={{ height: "100%" }}>
            <Flex direction="column" gap="2" height="100%">
              {item.picture ? <img src={item.picture} alt="" style={{ width: "100%", height: 120, objectFit: "cover", borderRadius: 6 }} /> : null}
              <Heading as="h3" size="3">
                {item.name}
              </Heading>
              {item.description ? (
                <Text size="2" color="gray">
                  {item.description}
                </Text>
              ) : null}
              <Flex justify="between" align="center" mt="auto" gap="2" wrap="wrap">
                <Text weight="bold">{item.price} points</Text>
                <Text size="2" color={item.available === 0 ? "red" : "gray"}>
                  {item.available === 0 ? "Sold out" : `${item.available} left`}
                </Text>
              </Flex>
              {manage ? (
                <Text size="1" color="gray">
                  Stock {item.stock} · ordered {item.reserved}
                  {item.per_member_limit ? ` · at most ${item.per_member_limit} each` : ""}
                  {item.visible_groups.length ? ` · shown to ${item.visible_groups.join(", ")}` : ""}
                </Text>
              ) : null}
              {manage ? <ItemManageDialog item={item} /> : item.per_member_limit ? (
                <Text size="1" color="gray">
                  At most {item.per_member_limit} each
                </Text>
              ) : null}
              {onAdd ? (
                <Button onClick={() => onAdd(item)} disabled={item.available === 0} aria-label={`Add to cart: ${item.name}`}>
                  Add to cart
                </Button>
              ) : null}
            </Flex>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The orders table; staff move an order along, a member cancels their own pending one. */
export function OrdersTable({ orders, staff, label }: { orders: OrderView[]; staff: boolean; label: string }) {
  const when = useWhen();
  if (orders.length === 0) return <Text color="gray">No orders yet.</Text>;
  return (
    <Box tabIndex={0} role="region" aria-label={label} style={{ overflowX: "auto" }}>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Ordered</Table.ColumnHeaderCell>
            {staff ? <Table.ColumnHeaderCell>Member</Table.ColumnHeaderCell> : null}
            <Table.ColumnHeaderCell>Items</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Points</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Updated</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {orders.map((o) => {
            const moves = staff ? ORDER_MOVES[o.status] : o.status === "Pending" ? (["Cancelled"] as const) : [];
            return (
              <Table.Row key={o.id}>
                <Table.Cell>{when(o.created_date)}</Table.Cell>
                {staff ? <Table.Cell>{o.participant_name}</Table.Cell> : null}
                <Table.Cell>{linesText(o.lines)}</Table.Cell>
                <Table.Cell>{o.total}</Table.Cell>
                <Table.Cell>
                  <Badge color={STATUS_COLOR[o.status]}>{o.status}</Badge>
                </Table.Cell>
                <Table.Cell>{when(o.updated_date)}</Table.Cell>
                <Table.Cell>
                  <Flex gap="1" wrap="wrap">
                    {moves.map((status) => (
                      <Form method="post" key={status}>
                        <input type="hidden" name="intent" value="order-status" />
                        <input type="hidden" name="order_id" value={o.id} />
                        <input type="hidden" name="status" value={status} />
                        <Button size="1" variant="soft" color={status === "Cancelled" ? "red" : undefined} type="submit" aria-label={`${status === "Cancelled" ? "Cancel" : `Mark ${status.toLowerCase()}`}: ${linesText(o.lines)}${staff ? ` for ${o.participant_name}` : ""}`}>
                          {status === "Cancelled" ? "Cancel" : status}
                        </Button>
                      </Form>
                    ))}
                  </Flex>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** The item form (create, or edit with `item`): the same fields as POST and PUT /api/store/item. */
export function ItemForm({ item, onDone }: { item?: StoreItemView; onDone?: () => void }) {
  return (
    <Form method="post" onSubmit={() => onDone?.()}>
      <input type="hidden" name="intent" value={item ? "item-update" : "item-create"} />
      {item ? <input type="hidden" name="item_id" value={item.id} /> : null}
      <Flex direction="column" gap="2">
        <label>
          <Text size="2" weight="medium">
            Name
          </Text>
          <TextField.Root name="name" required maxLength={120} defaultValue={item?.name} />
        </label>
        <label>
          <Text size="2" weight="medium">
            Description
          </Text>
          <TextArea name="description" maxLength={2000} defaultValue={item?.description} />
        </label>
        <label>
          <Text size="2" weight="medium">
            Picture address (optional)
          </Text>
          <TextField.Root name="picture" type="url" defaultValue={item?.picture ?? ""} />
        </label>
        <Flex gap="2" wrap="wrap">
          <label>
            <Text size="2" weight="medium">
              Price (points)
            </Text>
            <TextField.Root name="price" type="number" min={1} step={1} required defaultValue={item?.price ?? 50} style={{ width: 110 }} />
          </label>
          <label>
            <Text size="2" weight="medium">
              Stock
            </Text>
            <TextField.Root name="stock" type="number" min={0} step={1} required defaultValue={item?.stock ?? 10} style={{ width: 110 }} />
          </label>
          <label>
            <Text size="2" weight="medium">
              Limit per member
            </Text>
            <TextField.Root name="per_member_limit" type="number" min={1} step={1} defaultValue={item?.per_member_limit ?? ""} style={{ width: 110 }} />
          </label>
        </Flex>
        <label>
          <Text size="2" weight="medium">
            Shown to user groups (names, comma separated; empty: everyone)
          </Text>
          <TextField.Root name="visible_groups" defaultValue={item?.visible_groups.join(", ") ?? ""} placeholder="PARTICIPANT, PARENT" />
        </label>
        <Button type="submit">{item ? "Save item" : "Add item"}</Button>
      </Flex>
    </Form>
  );
}

/** An item's edit and delete, in a dialog. */
export function ItemManageDialog({ item }: { item: StoreItemView }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger>
        <Button size="1" variant="soft" aria-label={`Edit ${item.name}`}>
          Edit
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="480px">
        <Dialog.Title>Edit {item.name}</Dialog.Title>
        <ItemForm item={item} />
        <Form method="post">
          <input type="hidden" name="intent" value="item-delete" />
          <input type="hidden" name="item_id" value={item.id} />
          <Flex justify="between" mt="3">
            <Button type="submit" color="red" variant="soft">
              Take out of the store
            </Button>
            <Dialog.Close>
              <Button variant="soft" color="gray" type="button">
                Close
              </Button>
            </Dialog.Close>
          </Flex>
        </Form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
