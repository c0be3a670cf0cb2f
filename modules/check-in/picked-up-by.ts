/**
 * Who took a child home, as the board's Picked Up By column and the check-in CSV's 'Picked up by' write
 * it: the adult's name, with the relationship in brackets when one is known ('Dana Lee (Aunt)').
 * Empty when nobody collected the child: not checked out yet, or checked out as travelling
 * independently ('NA', decision 026), where the board says 'Travels independently' and the CSV is blank.
 * The check-in export writes the same rule in SQL (projections/check-in/export-rows.ts: the worker may
 * import this module only through its index, whose import cycle with the projections it must not start);
 * test/integration/exports-agree-with-screens.int.test.ts holds the two to each other.
 */
export function pickedUpByText(name: string | null | undefined, relationship: string | null | undefined): string {
  const who = (name ?? "").trim();
  if (!who || who === "NA") return "";
  const how = (relationship ?? "").trim();
  return how && how !== "NA" ? `${who} (${how})` : who;
}
