/** Who was checked in, as the board shows it: carried on the events so the board needs no join. */
export type MemberRef = { participantId: string; organizationId: string; memberId: string; firstName: string; lastName: string };

export type CheckInSource = "staff" | "kiosk" | "bulk";

export type CheckInEvent =
  | {
      type: "MemberCheckedIn";
      data: MemberRef & { checkInId: string; checkInTime: string; dayStart: string; dayEnd: string; source: CheckInSource };
    }
  | {
      type: "MemberCheckedOut";
      data: MemberRef & {
        checkInId: string;
        checkOutTime: string;
        pickUpName: string;
        pickUpContactNumber: string;
        pickUpRelationship: string;
        source: CheckInSource;
      };
    };

/** One stream per member: two devices checking the same member in race on one stream revision. */
export const checkInStream = (participantId: string) => `checkin-${participantId}`;
