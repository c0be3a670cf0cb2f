import { describe, expect, it } from "vitest";
import { isAboveLowest, isAdminOrAbove, isKiosk, isMemberLevel, isOrganizationOrAbove, isStaff, PERSON_LEVELS } from "./levels";
import { LEVEL } from "./types";

const ALL = [null, undefined, 0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
const which = (predicate: (level: number | null | undefined) => boolean) => ALL.filter((level) => predicate(level));

describe("role-level predicates (spec-1 section 6)", () => {
  it("name each band of levels; the kiosk is never staff nor admin", () => {
    expect(which(isMemberLevel)).toEqual([1]);
    expect(which(isKiosk)).toEqual([7]);
    expect(which(isStaff)).toEqual([2, 3, 4, 5, 6]);
    expect(which(isAdminOrAbove)).toEqual([3, 4, 5, 6]);
    expect(which(isOrganizationOrAbove)).toEqual([4, 5, 6]);
    expect(which(isAboveLowest)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it("list the people's levels lowest first, without the kiosk", () => {
    expect(PERSON_LEVELS).toEqual([1, 2, 3, 4, 5, 6]);
    expect(PERSON_LEVELS).not.toContain(LEVEL.kiosk);
  });
});
