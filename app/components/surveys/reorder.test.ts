import { describe, expect, it } from "vitest";
import { elementTarget, moveElement, moveItem, movePage, pruneConditions } from "./reorder";

const el = (item_code: string, type = "single_choice", rows?: string) => ({ item_code, type, ...(rows !== undefined ? { rows } : {}) });
const page = (codes: string[], condition: { item_code: string; equals: string } | null = null) => ({ title: codes.join(","), condition, elements: codes.map((c) => el(c)) });
const codes = (pages: { elements: { item_code: string }[] }[]) => pages.map((p) => p.elements.map((e) => e.item_code));

describe("survey builder: reordering", () => {
  it("moveItem moves one item and keeps the others' order; out of range changes nothing", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b"], 0, 2)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], -1, 0)).toEqual(["a", "b"]);
  });

  it("an element moves up and down within its page, item codes and contents unchanged", () => {
    const pages = [page(["A", "B", "C"])];
    const down = moveElement(pages, 0, 0, 1);
    expect(codes(down.pages)).toEqual([["B", "A", "C"]]);
    expect(down.pages[0]!.elements[1]).toBe(pages[0]!.elements[0]);
    expect(codes(moveElement(pages, 0, 2, -1).pages)).toEqual([["A", "C", "B"]]);
    expect(down.notes).toEqual([]);
  });

  it("across a page's edge: up from the top goes to the end of the page before, down from the bottom to the start of the page after; the survey's ends stay", () => {
    const pages = [page(["A", "B"]), page(["C", "D"])];
    expect(codes(moveElement(pages, 1, 0, -1).pages)).toEqual([["A", "B", "C"], ["D"]]);
    expect(codes(moveElement(pages, 0, 1, 1).pages)).toEqual([["A"], ["B", "C", "D"]]);
    expect(codes(moveElement(pages, 0, 0, -1).pages)).toEqual([["A", "B"], ["C", "D"]]);
    expect(codes(moveElement(pages, 1, 1, 1).pages)).toEqual([["A", "B"], ["C", "D"]]);
    expect(elementTarget(pages, 1, 0, -1)).toEqual({ page: 0, index: 2 });
    expect(elementTarget(pages, 0, 1, 1)).toEqual({ page: 1, index: 0 });
    expect(elementTarget(pages, 0, 0, -1)).toBeNull();
  });

  it("pages move up and down with their elements and conditions", () => {
    const pages = [page(["A"]), page(["B"], { item_code: "A", equals: "1" }), page(["C"])];
    const moved = movePage(pages, 1, 1);
    expect(codes(moved.pages)).toEqual([["A"], ["C"], ["B"]]);
    expect(moved.pages[2]!.condition).toEqual({ item_code: "A", equals: "1" });
    expect(moved.notes).toEqual([]);
    expect(codes(movePage(pages, 0, -1).pages)).toEqual(codes(pages));
    expect(codes(movePage(pages, 2, 1).pages)).toEqual(codes(pages));
  });

  it("a condition the move made impossible is dropped, and the note says so", () => {
    const pages = [page(["A"]), page(["B"], { item_code: "A", equals: "1" })];
    // the conditioned page to the top: the first page is always shown
    const first = movePage(pages, 1, -1);
    expect(first.pages[0]!.condition).toBeNull();
    expect(first.notes).toEqual(["The first page is always shown: its condition on A was removed"]);
    // the question its condition names moves down onto the conditioned page
    const later = moveElement([page(["A", "X"]), page(["B"], { item_code: "A", equals: "1" })], 0, 0, 1);
    expect(codes(later.pages)).toEqual([["X", "A"], ["B"]]);
    expect(later.pages[1]!.condition).toEqual({ item_code: "A", equals: "1" });
    const across = moveElement(later.pages, 0, 1, 1);
    expect(codes(across.pages)).toEqual([["X"], ["A", "B"]]);
    expect(across.pages[1]!.condition).toBeNull();
    expect(across.notes).toEqual(["Page 2's condition was removed: A is no longer on an earlier page"]);
  });

  it("a Likert matrix's statements count as the questions a condition may name", () => {
    const likert = { title: "", condition: null, elements: [el("", "likert", "LK_1 = I like it\nLK_2 = Again")] };
    const pages = [likert, page(["B"], { item_code: "LK_2", equals: "1" })];
    expect(pruneConditions(pages).notes).toEqual([]);
  });
});
