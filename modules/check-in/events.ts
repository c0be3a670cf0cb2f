/** Who was checked in, as the board shows it: carried on the events so the board needs no join. */
export type MemberRef = { participantId: string; organizationId: string; memberId: string; firstName: string; lastName: string };

export type CheckInSource = "staff" | "kiosk" | "bulk";

/** Who took the child home: an authorised person named by id, or someone else released by a staff override. */
export type PickedUpBy = { pickUpName: string; pickUpContactNumber: string; pickUpRelationship: string };

export type CheckInEvent =
  | {
      type: "MemberCheckedIn";
      data: MemberRef & {
        checkInId: string;
        checkInTime: string;
        dayStart: string;
        dayEnd: string;
        source: CheckInSource;
        /**
         * The visit's security code, printed on the child's name tag and the adult's claim tag
         * (docs/decisions/036); absent when the organization gives no codes and in events before 036.
         */
        securityCode?: string;
      };
    }
  | {
      /**
       * A staff member released a child who is picked up by an adult to someone not on the child's
       * pick-up list, with a reason (docs/decisions/026). Always followed, in the same append, by the
       * visit's MemberCheckedOut; it changes no state of its own.
       */
      type: "PickUpOverridden";
      data: MemberRef &
        PickedUpBy & {
          checkInId: string;
          checkOutTime: string;
          reason: string;
          /** the staff user who overrode the list */
          overriddenBy: string | null;
        };
    }
  | {
      type: "MemberCheckedOut";
      data: MemberRef &
        PickedUpBy & {
          checkInId: string;
          checkOutTime: string;
          source: CheckInSource;
          /**
           * The authorised person's id when the child was released to one (`parent:…`, `contact:…`,
           * `pickup:…`); 'override' after a PickUpOverridden; absent for NA and in events before decision 026.
           */
          pickUpPersonId?: string;
        };
    };

export type PickUpOverridden = Extract<CheckInEvent, { type: "PickUpOverridden" }>;

/** One stream per member: two devices checking the same member in race on one stream revision. */
export const checkInStream = (participantId: string) => `checkin-${participantId}`;

/**
 * The secret of an organization's day from which its codes are drawn (docs/decisions/043): the first and
 * only event of its own stream, chosen by the first process to need it, read by every other.
 */
export type SecurityCodeKeyChosen = { type: "SecurityCodeKeyChosen"; data: { organizationId: string; day: string; key: string } };

/**
 * A block of 25 of the day's codes taken by one process (the holder), the first and only event of the block's
 * own stream (claimUnique): two processes can never hold one block, so no two visits of a day share a code.
 */
export type SecurityCodeBlockClaimed = { type: "SecurityCodeBlockClaimed"; data: { organizationId: string; day: string; block: number; holder: string } };

/** One stream per organization and local day (docs/decisions/036, 043). */
export const securityCodeKeyStream = (organizationId: string, day: string) => `securitycodekey-${organizationId}-${day}`;
/** One stream per organization, local day and block of codes. */
export const securityCodeBlockStream = (organizationId: string, day: string, block: number) => `securitycodeblock-${organizationId}-${day}-${block}`;
