import type { Services } from "../identity";
import { DomainError, idFrom } from "../kernel";
import { pointsDecider, type PointsCommand } from "./decide";
import { pointsStreamId, type PointSource } from "./events";
import { runOn } from "./run";

/**
 * A participant's LATEST attendance mark of one program session or one event (decision 087), as the points need
 * it: `markId` names that mark (its event id, and the participant for an event's marks of many), `earns` whether
 * it attends (present or late; an event's present), `source` the session or the event.
 */
export type AttendanceMark = {
  markId: string;
  organizationId: string;
  participantId: string;
  source: PointSource;
  earns: boolean;
  /** the award's reason ('Attended Homework Club on 2026-11-23'), or why it was taken back */
  reason: string;
  markedBy: string | null;
};

/**
 * The command one mark sends to the member's points stream (decision 087): award the points with the session or
 * event as the source (the decider keeps one standing award per source), or take the standing award back. Given
 * the latest mark whichever mark is being handled, the decision converges on what the attendance says now, and
 * an old mark read again (a replay, a second delivery) can never undo a newer one. The command id derives from
 * the mark: read twice, it appends nothing the second time. Null: nothing to do (no points and none to take back).
 */
export function attendanceCommand(mark: AttendanceMark, points: number): PointsCommand | null {
  if (points <= 0 && mark.earns) return null;
  const commandId = idFrom("attendance-points", mark.markId);
  const base = { organizationId: mark.organizationId, participantId: mark.participantId, entryId: idFrom("point-entry", commandId) };
  const metadata = { commandId, organizationId: mark.organizationId, actorId: mark.markedBy };
  const reason = mark.reason.slice(0, 200);
  if (mark.earns) return { type: "AwardPoints", data: { ...base, amount: points, category: "attendance", reason, source: mark.source }, metadata };
  return { type: "RevokeSourceAward", data: { ...base, category: "attendance", source: mark.source, reason }, metadata };
}

/** Sends a mark's command; a refusal is final for that mark (points spent already stay: decision 087). */
export async function applyAttendanceMark(services: Pick<Services, "store" | "clock">, mark: AttendanceMark, points: number) {
  const command = attendanceCommand(mark, points);
  if (!command) return [];
  try {
    return (await runOn(services, pointsDecider, pointsStreamId(mark.participantId), command, 50)).events;
  } catch (error) {
    if (error instanceof DomainError) return [];
    throw error;
  }
}
