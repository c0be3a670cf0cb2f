/**
 * Whether a postal code fits its province or state (decision 067): a Canadian postal code's first letter
 * names its province or territory; a US ZIP code is five digits (with an optional +4). A province/state the
 * table does not know is taken as a US state.
 */
const CANADIAN_FIRST_LETTERS: Record<string, string> = {
  "newfoundland and labrador": "A",
  "nova scotia": "B",
  "prince edward island": "C",
  "new brunswick": "E",
  quebec: "GHJ",
  "québec": "GHJ",
  ontario: "KLMNP",
  manitoba: "R",
  saskatchewan: "S",
  alberta: "T",
  "british columbia": "V",
  "northwest territories": "X",
  nunavut: "X",
  yukon: "Y",
};
const CANADIAN_ABBREVIATIONS: Record<string, string> = {
  nl: "A", ns: "B", pe: "C", nb: "E", qc: "GHJ", on: "KLMNP", mb: "R", sk: "S", ab: "T", bc: "V", nt: "X", nu: "X", yt: "Y",
};
const CANADIAN = /^([ABCEGHJ-NPRSTVXY])\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
const US_ZIP = /^\d{5}(-\d{4})?$/;

export const POSTAL_CODE_MESSAGE = "Postal Code does not fit the province or state";

/** The first letters a Canadian province's codes start with, or null for a US state (or unknown). */
export const canadianLettersOf = (state: string): string | null => {
  const key = state.trim().toLowerCase();
  return CANADIAN_FIRST_LETTERS[key] ?? CANADIAN_ABBREVIATIONS[key] ?? null;
};

export function postalCodeFits(state: string, postalCode: string): boolean {
  const code = postalCode.trim();
  const letters = canadianLettersOf(state);
  if (letters === null) return US_ZIP.test(code);
  const match = CANADIAN.exec(code);
  return match !== null && letters.includes(match[1]!.toUpperCase());
}
