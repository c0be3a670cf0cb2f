import { Button, Callout, Card, Container, Flex, Heading, Select, Text } from "@radix-ui/themes";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { isMemberLevel } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import { balanceCall, changeOrderStatus, checkoutInput, createStoreItem, mayManageStore, ordersList, ownMembers, removeStoreItem, storeItems, updateStoreItem, checkoutInputSchema } from "#modules/points";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CartDialog, type CheckoutReply } from "~/components/points/cart-dialog";
import { CART_DIALOG_DELAY_MS, useCart } from "~/components/points/cart";
import { PagerLinks } from "~/components/points/pager-links";
import { BalanceCard, LedgerTable, type LedgerEntryView } from "~/components/points/points-views";
import { ItemCards, ItemForm, OrdersTable, type OrderView, type StoreItemView } from "~/components/points/store-views";
import { useLiveTopic } from "~/components/points/use-live";
import { readForm } from "~/utils/page-form.server";
import { signedInPage } from "~/utils/page-guard.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Store" }];
const ORDER_PAGE = 20;

/**
 * /store (decisions 076, 077): members (and parents for a child) shop with their points: the items shown to their
 * group, a cart kept in the browser (`cartItems`), the checkout, their balance, history and the rewards they bought.
 * Staff with 'add items to store' add and edit items and move orders along; other staff see the store.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const url = new URL(request.url);
  const services = context.services;
  const items = (await storeItems(services, auth, { page: 0, size: 100 })).data as StoreItemView[];
  if (!isMemberLevel(auth.subject.level)) {
    const manage = mayManageStore(auth);
    const page = Math.max(0, Number(url.searchParams.get("orders")) || 0);
    const orders = manage ? await ordersList(services, auth, { page, size: ORDER_PAGE }) : { data: [], count: 0 };
    return json({ kind: "staff" as const, manage, items, orders: orders.data as OrderView[], ordersCount: orders.count, ordersPage: page, organizationId: auth.organization.id });
  }
  const members = await ownMembers(services, auth);
  const chosen = members.find((m) => m.id === url.searchParams.get("for")) ?? members[0];
  if (!chosen) return json({ kind: "none" as const });
  const [balance, orders] = await Promise.all([balanceCall(services, auth, chosen.id), ordersList(services, auth, { page: 0, size: 50, participant_id: chosen.id })]);
  return json({ kind: "member" as const, items, members: members.map((m) => ({ id: m.id, name: m.name })), chosen: chosen.id, balance, orders: orders.data as OrderView[], organizationId: auth.organization.id });
}

const num = (v: FormDataEntryValue | null) => (v === null ? undefined : String(v));
const itemBody = (form: FormData) => ({
  name: num(form.get("name")),
  description: num(form.get("description")) ?? "",
  picture: num(form.get("picture")) || null,
  price: num(form.get("price")),
  stock: num(form.get("stock")),
  per_member_limit: num(form.get("per_member_limit")) || null,
  visible_groups: (num(form.get("visible_groups")) ?? "")
    .split(",")
    .map((g) => g.trim().toUpperCase())
    .filter(Boolean),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { auth } = await signedInPage(request, context.services);
  const services = context.services;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const here = new URL(request.url);
  const toast = (title: string) => redirectWithToast(here.pathname + here.search, { type: "success", title }, services.production);
  try {
    if (intent === "checkout") {
      let items: unknown;
      try {
        items = JSON.parse(String(form.get("cart") ?? "[]"));
      } catch {
        items = null;
      }
      const parsed = checkoutInputSchema.safeParse({ items, participant_id: num(form.get("participant_id")) });
      if (!parsed.success) return json<CheckoutReply>({ ok: false, message: parsed.error.issues[0]?.message ?? "The cart could not be read", unavailable: [] }, { status: 400 });
      const done = await checkoutInput(services, auth, null, parsed.data, { readYourWrites: true });
      return json<CheckoutReply>({ ok: true, message: `${done.message}: ${done.data.total} points spent` });
    }
    if (intent === "order-status") return toast((await changeOrderStatus(services, auth, null, num(form.get("order_id")), { status: num(form.get("status")) })).message);
    if (intent === "item-create") return toast((await createStoreItem(services, auth, null, itemBody(form))).message);
    if (intent === "item-update") return toast((await updateStoreItem(services, auth, null, num(form.get("item_id")), itemBody(form))).message);
    if (intent === "item-delete") return toast((await removeStoreItem(services, auth, null, num(form.get("item_id")))).message);
    return json({ ok: false, message: "Unknown action", unavailable: [] }, { status: 400 });
  } catch (error) {
    if (error instanceof DomainError) {
      const unavailable = Array.isArray(error.details?.unavailable) ? (error.details.unavailable as string[]) : [];
      return json<CheckoutReply>({ ok: false, message: error.message, unavailable }, { status: error.status });
    }
    throw error;
  }
}

function MemberStore({ data }: { data: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "member" }> }) {
  const cart = useCart();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  useLiveTopic(data.organizationId, "store", () => revalidator.revalidate());
  useEffect(() => () => clearTimeout(timer.current), []);
  const add = (item: StoreItemView) => {
    cart.add(item.id);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), CART_DIALOG_DELAY_MS);
  };
  return (
    <Flex direction="column" gap="5">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="7">
          Store
        </Heading>
        <Button onClick={() => setOpen(true)} aria-label={`Cart, ${cart.entries.length} ${cart.entries.length === 1 ? "item" : "items"}`}>
          Cart ({cart.entries.length})
        </Button>
      </Flex>
      {data.members.length > 1 ? (
        <label>
          <Text size="2" weight="medium" as="div">
            Shopping for
          </Text>
          <Select.Root value={data.chosen} onValueChange={(v) => navigate(`/store?for=${v}`)}>
            <Select.Trigger aria-label="Shopping for" />
            <Select.Content>
              {data.members.map((m) => (
                <Select.Item key={m.id} value={m.id}>
                  {m.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </label>
      ) : null}
      <BalanceCard name={data.balance.participant_name} balance={data.balance.balance} earned={data.balance.earned} rank={data.balance.rank} />
      <ItemCards items={data.items} onAdd={add} manage={false} />
      <Flex direction="column" gap="2">
        <Heading as="h2" size="4">
          Rewards bought
        </Heading>
        <OrdersTable orders={data.orders} staff={false} label="Rewards bought" />
      </Flex>
      <Flex direction="column" gap="2">
        <Heading as="h2" size="4">
          Points history
        </Heading>
        <LedgerTable rows={data.balance.history as LedgerEntryView[]} showMember={false} reversible={false} />
      </Flex>
      <CartDialog open={open} onOpenChange={setOpen} cart={cart} items={data.items} balance={data.balance.balance} participantId={data.chosen} />
    </Flex>
  );
}

function StaffStore({ data }: { data: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "staff" }> }) {
  const revalidator = useRevalidator();
  useLiveTopic(data.organizationId, "store", () => revalidator.revalidate());
  return (
    <Flex direction="column" gap="5">
      <Heading as="h1" size="7">
        Store
      </Heading>
      {data.manage ? (
        <Flex direction="column" gap="2">
          <Heading as="h2" size="4">
            Orders
          </Heading>
          <OrdersTable orders={data.orders} staff label="Orders" />
          <PagerLinks page={data.ordersPage} size={ORDER_PAGE} count={data.ordersCount} param="orders" />
        </Flex>
      ) : null}
      <Flex direction="column" gap="2">
        <Heading as="h2" size="4">
          Items
        </Heading>
        <ItemCards items={data.items} manage={data.manage} />
      </Flex>
      {data.manage ? (
        <Card style={{ maxWidth: 520 }}>
          <Heading as="h2" size="4" mb="2">
            Add an item
          </Heading>
          <ItemForm />
        </Card>
      ) : null}
    </Flex>
  );
}

export default function StorePage() {
  const data = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return (
    <Container size="3" px={{ initial: "3", sm: "5" }} py="6">
      {acted && !acted.ok ? (
        <Callout.Root color="red" role="alert" mb="3">
          <Callout.Text>{acted.message}</Callout.Text>
        </Callout.Root>
      ) : null}
      {data.kind === "member" ? <MemberStore data={data} /> : data.kind === "staff" ? <StaffStore data={data} /> : <Text>There is no member profile to shop for yet.</Text>}
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
