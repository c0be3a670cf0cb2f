import { useCallback, useEffect, useState } from "react";

/** spec-2: the cart is a browser-stored list of items, each with an id, under this key (cleared at sign-out). */
export const CART_KEY = "cartItems";
/** spec-2: the cart dialog opens this long after an item is added. */
export const CART_DIALOG_DELAY_MS = 200;

export type CartEntry = { id: string };

/** The stored list, read defensively: anything but `{ id: string }` entries is dropped (a tampered cart never breaks the page). */
export function readCart(): CartEntry[] {
  if (typeof window === "undefined") return [];
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(CART_KEY) ?? "[]");
    if (!Array.isArray(value)) return [];
    return value.filter((e): e is CartEntry => typeof e === "object" && e !== null && typeof (e as CartEntry).id === "string" && (e as CartEntry).id.length <= 64).map((e) => ({ id: e.id })).slice(0, 200);
  } catch {
    return [];
  }
}

const writeCart = (entries: CartEntry[]) => window.localStorage.setItem(CART_KEY, JSON.stringify(entries));

/** Lines of the cart: each id with how many times it is in the list. */
export const cartLines = (entries: readonly CartEntry[]) => {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
  return [...counts].map(([id, quantity]) => ({ id, quantity }));
};

/** The cart as React state over localStorage: add appends and reloads the list (spec-2), remove, drop some ids, clear. */
export function useCart() {
  const [entries, setEntries] = useState<CartEntry[]>([]);
  useEffect(() => {
    setEntries(readCart());
    const onStorage = (e: StorageEvent) => e.key === CART_KEY && setEntries(readCart());
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);
  const update = useCallback((next: (now: CartEntry[]) => CartEntry[]) => {
    writeCart(next(readCart()));
    setEntries(readCart());
  }, []);
  return {
    entries,
    add: (id: string) => update((now) => [...now, { id }]),
    removeOne: (id: string) =>
      update((now) => {
        const i = now.map((e) => e.id).lastIndexOf(id);
        return i < 0 ? now : [...now.slice(0, i), ...now.slice(i + 1)];
      }),
    drop: (ids: readonly string[]) => update((now) => now.filter((e) => !ids.includes(e.id))),
    clear: () => update(() => []),
  };
}
