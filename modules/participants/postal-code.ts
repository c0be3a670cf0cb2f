const CANADIAN = /\b([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])[ -]?(\d[ABCEGHJ-NPRSTV-Z]\d)\b/i;
const US_ZIP = /\b(\d{5})(?:-(\d{4}))?\b/g;

/**
 * The postal code written in a participant's address (the address is one line of text): a Canadian one
 * ('M5V 1A1', upper-case with its space) or a US ZIP code (the last five digits, with a +4); '' when none.
 * The event report's postal_code and the program report's fsa (decisions 047, 050).
 */
export function postalCodeOf(address: string): string {
  const ca = CANADIAN.exec(address);
  if (ca) return `${ca[1]} ${ca[2]}`.toUpperCase();
  const us = [...address.matchAll(US_ZIP)].at(-1);
  return us ? (us[2] ? `${us[1]}-${us[2]}` : us[1]!) : "";
}
