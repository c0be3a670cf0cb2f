/**
 * The profile form's further option lists (spec-2 section 3 "Option lists", spec-1 section 9). Pure:
 * part of the browser face. Where the spec names how many entries a list has but not the entries (how
 * they heard, provinces, states), the entries are the usual ones (decision 065).
 */

export const PROGRAMME_INTEREST_OPTIONS = ["Sport", "Mental Wellness Support", "Academic Support", "Employment Support", "Other"] as const;

/** 13 answers (spec-2 names five of them: Community Agency, Family, Friends, School, Internet). */
export const HOW_HEARD_OPTIONS = [
  "Community Agency",
  "Family",
  "Friends",
  "School",
  "Internet",
  "Social Media",
  "Poster or Flyer",
  "Newspaper",
  "Radio",
  "Television",
  "Community Event",
  "Coach or Staff",
  "Other",
] as const;

/** Household income brackets A to L (spec-1 section 9): the letter is stored, the label shown. */
export const HOUSEHOLD_INCOME_OPTIONS = [
  { value: "A", label: "Under 20,000" },
  { value: "B", label: "20,001-30,000" },
  { value: "C", label: "30,001-40,000" },
  { value: "D", label: "40,001-50,000" },
  { value: "E", label: "50,001-60,000" },
  { value: "F", label: "60,001-70,000" },
  { value: "G", label: "70,001-80,000" },
  { value: "H", label: "80,001-90,000" },
  { value: "I", label: "90,001-100,000" },
  { value: "J", label: "Over 100,001" },
  { value: "K", label: "Prefer not to disclose" },
  { value: "L", label: "Not available" },
] as const;
export const HOUSEHOLD_INCOME_VALUES = HOUSEHOLD_INCOME_OPTIONS.map((o) => o.value);

export const BIRTHPLACE_OPTIONS = [
  "No",
  "Yes, born in Canada with a parent born abroad",
  "Yes, born in Canada with parents born in Canada",
  "Yes, Indigenous to Canada",
  "Don't know",
  "Prefer not to answer",
] as const;

/** Canada's 13 provinces and territories. */
export const CANADIAN_PROVINCES = [
  "Alberta",
  "British Columbia",
  "Manitoba",
  "New Brunswick",
  "Newfoundland and Labrador",
  "Northwest Territories",
  "Nova Scotia",
  "Nunavut",
  "Ontario",
  "Prince Edward Island",
  "Quebec",
  "Saskatchewan",
  "Yukon",
] as const;

/** The 50 US states. */
export const US_STATES = [
  "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida", "Georgia",
  "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine", "Maryland",
  "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey",
  "New Mexico", "New York", "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina",
  "South Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming",
] as const;

/** Canada's postal code (A1A 1A1) and the US ZIP code (12345 or 12345-6789). */
const CANADIAN_POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
const US_ZIP_CODE = /^\d{5}(-\d{4})?$/;

/** The country of a province or state; null for an unknown one. */
export function countryOfProvince(province: string): "Canada" | "United States" | null {
  if ((CANADIAN_PROVINCES as readonly string[]).includes(province)) return "Canada";
  if ((US_STATES as readonly string[]).includes(province)) return "United States";
  return null;
}

/** Whether a postal code fits the province or state's country (any code fits when there is no province). */
export function postalCodeFits(postalCode: string, province: string): boolean {
  const country = countryOfProvince(province);
  if (country === "Canada") return CANADIAN_POSTAL_CODE.test(postalCode.trim());
  if (country === "United States") return US_ZIP_CODE.test(postalCode.trim());
  return CANADIAN_POSTAL_CODE.test(postalCode.trim()) || US_ZIP_CODE.test(postalCode.trim());
}
