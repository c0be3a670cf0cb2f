/** The staff lists' page sizes (spec-1 section 9: list-table defaults page size 10, choices 10, 20, 40, 60, 80). Pure. */
export const STAFF_PAGE_SIZES = [10, 20, 40, 60, 80] as const;
export const STAFF_DEFAULT_PAGE_SIZE = 10;
