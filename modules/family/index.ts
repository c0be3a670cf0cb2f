/** The family's face of the app: a parent's children (or a member themselves) as the home page shows them. */
export { familyHomeOf, familyWaiverLink, RECENT_VISITS, type FamilyHome, type MonthVisit } from "./service";
