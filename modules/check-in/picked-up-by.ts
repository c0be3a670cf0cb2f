/**
 * Who took a child home, as the board's Picked Up By column and the check-in CSV's 'Picked up by' write
 * it: the adult's name, with the relationship in brackets when one is known ('Dana Lee (Aunt)').
 * Empty when nobody collected the child: not checked out yet, or checked out as travelling
 * independently ('NA', decision 026), where the board says 'Travels independently' and the CSV is blank.
 */
export function pickedUpByText(name: string | null | undefined, relationship: string | null | undefined): string {
  const who = (name ?? "").trim();
  if (!who || who === "NA") return "";
  const how = (relationship ?? "").trim();
  return how && how !== "NA" ? `${who} (${how})` : who;
}
