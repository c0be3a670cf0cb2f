import type { ChallengeAudience } from "./events";

/** What a member's audience check needs: their user group (null: none), the programs they are registered in, their date of birth. */
export type MemberFacts = { groupId: string | null; programIds: readonly string[]; dob: string | null };

export function ageOn(dob: string, day: string): number {
  const [y, m, d] = dob.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = day.split("-").map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/** Whether a member is in a challenge's audience on a day: each part set must match (groups: any of them; programs: registered in any; ages inclusive). */
export function inChallengeAudience(audience: ChallengeAudience, member: MemberFacts, day: string): boolean {
  if (audience.groupIds.length > 0 && (!member.groupId || !audience.groupIds.includes(member.groupId))) return false;
  if (audience.programIds.length > 0 && !audience.programIds.some((p) => member.programIds.includes(p))) return false;
  if (audience.ageMin !== null || audience.ageMax !== null) {
    if (!member.dob) return false;
    const age = ageOn(member.dob, day);
    if (audience.ageMin !== null && age < audience.ageMin) return false;
    if (audience.ageMax !== null && age > audience.ageMax) return false;
  }
  return true;
}

/** Whether a day is within a challenge's days (both inclusive). */
export const openOn = (c: { startsOn: string; endsOn: string }, day: string) => c.startsOn <= day && day <= c.endsOn;
