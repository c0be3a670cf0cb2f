/** The participants module's browser-safe face: the pick-up permission texts the check-in screens show. Pure. */
export { ADULT_PICK_UP, INDEPENDENT_TRAVEL } from "./options";
