/**
 * Reordering in the survey builder (issue 20): pure moves over the draft's pages. Elements and pages move whole,
 * so their item codes never change. Moving an element up from the top of a page puts it at the end of the page
 * before; down from the bottom, at the start of the page after. After a move, a page condition that no longer names
 * a question on an earlier page (or sits on the first page) is dropped, and the note says so (decision 110's rule,
 * which the decider would otherwise refuse on saving).
 */

type Condition = { item_code: string; equals: string } | null;
type Element = { item_code: string; type: string; rows?: string };
type Page<E extends Element> = { condition: Condition; elements: E[] };

export type Moved<P> = { pages: P[]; notes: string[] };

/** The list with the item at `from` moved to `to` (both in range; otherwise the list as it is). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Where an element moved by one step lands: the same page, or the page before/after across its edge; null at the survey's ends. */
export function elementTarget(pages: readonly { elements: readonly unknown[] }[], page: number, index: number, delta: 1 | -1): { page: number; index: number } | null {
  const here = pages[page];
  if (!here) return null;
  const to = index + delta;
  if (to >= 0 && to < here.elements.length) return { page, index: to };
  const other = pages[page + delta];
  if (!other) return null;
  return delta === -1 ? { page: page - 1, index: other.elements.length } : { page: page + 1, index: 0 };
}

/** The item codes an element asks: its own, or a Likert matrix's statements ("CODE = text" lines). */
const codesOf = (e: Element) =>
  e.type === "likert"
    ? (e.rows ?? "")
        .split("\n")
        .map((l) => l.slice(0, Math.max(0, l.indexOf("="))).trim())
        .filter(Boolean)
    : e.item_code.trim()
      ? [e.item_code.trim()]
      : [];

/** Drops the conditions a move made impossible: on the first page, or naming no question of an earlier page. */
export function pruneConditions<E extends Element, P extends Page<E>>(pages: readonly P[]): Moved<P> {
  const notes: string[] = [];
  const earlier = new Set<string>();
  const next = pages.map((p, i) => {
    let page = p;
    const c = p.condition;
    if (c && c.item_code && (i === 0 || !earlier.has(c.item_code))) {
      notes.push(i === 0 ? `The first page is always shown: its condition on ${c.item_code} was removed` : `Page ${i + 1}'s condition was removed: ${c.item_code} is no longer on an earlier page`);
      page = { ...p, condition: null };
    }
    for (const e of p.elements) for (const code of codesOf(e)) earlier.add(code);
    return page;
  });
  return { pages: next, notes };
}

/** An element moved one step up or down (across a page's edge to the page before or after). */
export function moveElement<E extends Element, P extends Page<E>>(pages: readonly P[], page: number, index: number, delta: 1 | -1): Moved<P> {
  const target = elementTarget(pages, page, index, delta);
  const element = pages[page]?.elements[index];
  if (!target || !element) return { pages: [...pages], notes: [] };
  let next: P[];
  if (target.page === page) next = pages.map((p, i) => (i === page ? { ...p, elements: moveItem(p.elements, index, target.index) } : p));
  else
    next = pages.map((p, i) => {
      if (i === page) return { ...p, elements: p.elements.filter((_, j) => j !== index) };
      if (i === target.page) return { ...p, elements: [...p.elements.slice(0, target.index), element, ...p.elements.slice(target.index)] };
      return p;
    });
  return pruneConditions<E, P>(next);
}

/** A page moved one step up or down, with its elements and condition. */
export function movePage<E extends Element, P extends Page<E>>(pages: readonly P[], index: number, delta: 1 | -1): Moved<P> {
  const to = index + delta;
  if (to < 0 || to >= pages.length) return { pages: [...pages], notes: [] };
  return pruneConditions<E, P>(moveItem(pages, index, to));
}
