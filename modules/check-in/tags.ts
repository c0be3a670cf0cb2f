import { isKiosk, type Auth, type Services } from "../identity";
import { DomainError, isUuid } from "../kernel";
import { timeZoneOf, todayIn } from "../organizations";
import { visitById } from "../../projections/check-in";
import { waitForProjection } from "../../projections/runner";

/**
 * How long after a kiosk check-in the kiosk may open (and reprint) its tags (docs/decisions/036). The
 * kiosk's list carries visit ids; a longer window would let someone at the shared screen read another
 * child's claim code off a tag page and collect them. Staff reprint at any time.
 */
export const KIOSK_TAG_WINDOW_MS = 10 * 60 * 1000;

const notFound = () => new DomainError("NOT_FOUND", "Check-in not found", 404);

/**
 * The name tag and claim tag of one visit of the caller's organization: the child's name, the visit's
 * security code (the same on every reprint: it is the event's), the organization and the local day. Another
 * organization's visit, or a visit too old for the kiosk, is 404. A visit made a moment ago may not be on
 * the board yet: the board is waited for once. A visit without a code (codes off) prints its name tag only.
 */
export async function checkInTags(services: Services, auth: Auth, checkInId: string) {
  if (!isUuid(checkInId)) throw notFound();
  let visit = await visitById(services.db, auth.organization.id, checkInId);
  if (!visit && (await waitForProjection(services, "check-in", { timeoutMs: 2_000 }))) visit = await visitById(services.db, auth.organization.id, checkInId);
  if (!visit) throw notFound();
  if (isKiosk(auth.user.roleLevel) && services.clock.now().getTime() - Date.parse(visit.check_in_time) > KIOSK_TAG_WINDOW_MS) throw notFound();
  const timeZone = timeZoneOf(auth.organization.settings);
  return {
    id: visit.id,
    first_name: visit.first_name,
    last_name: visit.last_name,
    full_name: visit.full_name,
    member_id: visit.member_id,
    security_code: visit.security_code,
    day: todayIn(timeZone, new Date(visit.check_in_time)),
    organization_name: auth.organization.name,
  };
}

export type CheckInTags = Awaited<ReturnType<typeof checkInTags>>;
