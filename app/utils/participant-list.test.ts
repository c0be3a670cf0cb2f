import { describe, expect, it } from "vitest";
import { listSearchParams, pageFromInput } from "./participant-list";
import { listStateOf, participantReportQuery, reportParamsOf } from "#modules/participants";

describe("the participant list's query", () => {
  it("'Go to page' accepts only whole pages from 1 to the total, as 0-based pages", () => {
    expect(pageFromInput("1", 20)).toBe(0);
    expect(pageFromInput(" 20 ", 20)).toBe(19);
    for (const bad of ["0", "21", "-1", "2.5", "", "abc", "1e1"]) expect(pageFromInput(bad, 20), bad).toBeNull();
    expect(pageFromInput("1", 0)).toBeNull();
  });

  it("puts only what differs from the defaults in the URL, and reads a URL forgivingly", () => {
    expect(listSearchParams({ page: 0, size: 10, search: "", sort: "created_date,desc", status: "" }).toString()).toBe("");
    expect(listSearchParams({ page: 2, size: 20, search: "kim", sort: "full_name,asc", status: "Alumni" }).toString()).toBe("page=2&size=20&search=kim&sort=full_name%2Casc&status=Alumni");
    expect(listStateOf(new URLSearchParams("page=2&size=20&search=%20kim%20&sort=full_name,asc&status=Inactive"))).toEqual({ page: 2, size: 20, search: "kim", sort: "full_name,asc", status: "Inactive" });
    expect(listStateOf(new URLSearchParams("page=-4&size=15&sort=dob&status=Gone"))).toEqual({ page: 0, size: 10, search: "", sort: "created_date,desc", status: "" });
  });

  it("parses the report call's query: statuses repeated, comma-separated or with [], a bare sort field", () => {
    const parse = (q: string) => participantReportQuery.parse(reportParamsOf(new URLSearchParams(q)));
    expect(parse("")).toEqual({ page: 0, size: 10, statuses: [], search: "", sort: "created_date,desc" });
    expect(parse("statuses=Active,Alumni&statuses=Inactive").statuses).toEqual(["Active", "Alumni", "Inactive"]);
    expect(parse("statuses[]=Alumni&page=3&size=1000&search=%20Kim&sort=full_name")).toEqual({
      page: 3,
      size: 1000,
      statuses: ["Alumni"],
      search: "Kim",
      sort: "full_name,asc",
    });
    expect(() => parse("size=15")).toThrow("Size must be 10, 20, 40, 60, 80 (or 1000 for an export)");
  });
});
