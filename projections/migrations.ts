import { kernelMigrations, type MigrationSet } from "../modules/kernel";
import { appointmentsMigration } from "./appointments";
import { assetsMigration } from "./assets";
import { auditMigration } from "./audit";
import { checkInMigration, checkInSecurityCodeMigration } from "./check-in";
import { eventStatsMigration } from "./event-stats";
import { exportsMigration } from "./exports";
import { flagsMigration } from "./flags";
import { identityGuardiansMigration, identityInvitationsMigration, identityMigration, identityProfileMigration, identityUserListMigration, identityUserSearchMigration } from "./identity";
import { mailMigration } from "./mail";
import { notesAttachmentMigration, notesMigration } from "./notes";
import { organizationRequestsMigration, organizationStatusMigration, organizationsMigration } from "./organizations";
import { participantsMigration, participantsProfileMigration } from "./participants";
import { programsAttendanceMigration, programsBuilderMigration, programsMigration, programsPersonTalliesMigration } from "./programs";
import { requestsMigration } from "./requests";
import { messageAttachmentsMigration, messagesMigration } from "./messages";
import { announcementAttachmentsMigration, announcementsMigration, smsOutboxMigration, smsRefMigration } from "./announcements";
import { surveyBuilderMigration, surveyEvaluationMigration, surveyParentsMigration, surveyRollupsMigration, surveysMigration } from "./surveys";
import { pointsBoardOrderMigration, pointsMigration, pointsPeriodsMigration, pointsReservationsMigration, pointsStreamBalanceMigration } from "./points";
import { integrationsMigration, webhookBatchMigration, webhookBatchRowMigration } from "./integrations";
import { reportsMigration } from "./reports";
import { screeningMigration } from "./screening";
import { waiversMigration, waiverVersionsMigration } from "./waivers";
import { resourcesMigration } from "./resources";
import { challengesMigration } from "./challenges";

/** Every migration of the app, kernel first; names sort into the order they run. */
export const allMigrations: MigrationSet = {
  ...kernelMigrations,
  "0100-projection-event-stats": eventStatsMigration,
  "0200-projection-organizations": organizationsMigration,
  "0201-projection-organizations-requests": organizationRequestsMigration,
  "0202-projection-organizations-status": organizationStatusMigration,
  "0300-projection-identity": identityMigration,
  "0301-projection-identity-profile": identityProfileMigration,
  "0302-projection-identity-user-list": identityUserListMigration,
  "0303-projection-identity-invitations": identityInvitationsMigration,
  "0304-projection-identity-guardians": identityGuardiansMigration,
  "0305-projection-identity-user-search": identityUserSearchMigration,
  "0400-projection-participants": participantsMigration,
  "0401-projection-participants-profile": participantsProfileMigration,
  "0500-projection-programs": programsMigration,
  "0501-projection-programs-builder": programsBuilderMigration,
  "0502-projection-programs-attendance": programsAttendanceMigration,
  "0503-projection-programs-person-tallies": programsPersonTalliesMigration,
  "0600-projection-check-in": checkInMigration,
  "0601-projection-check-in-security-code": checkInSecurityCodeMigration,
  "0700-projection-waivers": waiversMigration,
  "0800-projection-flags": flagsMigration,
  "1000-projection-exports": exportsMigration,
  "0900-projection-screening": screeningMigration,
  "1100-projection-notes": notesMigration,
  "1101-projection-notes-attachment": notesAttachmentMigration,
  "1200-projection-assets": assetsMigration,
  "1300-projection-audit": auditMigration,
  "1400-projection-appointments": appointmentsMigration,
  "1500-mail": mailMigration,
  "1600-projection-requests": requestsMigration,
  "1700-projection-messages": messagesMigration,
  "1800-projection-surveys": surveysMigration,
  "1900-projection-points": pointsMigration,
  "2000-integrations": integrationsMigration,
  "2001-webhook-batches": webhookBatchMigration,
  "2101-points-periods": pointsPeriodsMigration,
  "2102-points-reservations": pointsReservationsMigration,
  "2201-projection-announcements": announcementsMigration,
  "2202-sms-outbox": smsOutboxMigration,
  "2203-announcement-attachments": announcementAttachmentsMigration,
  "2204-message-attachments": messageAttachmentsMigration,
  "2205-sms-ref-index": smsRefMigration,
  "2301-projection-reports": reportsMigration,
  "2401-waiver-versions": waiverVersionsMigration,
  "2501-resources": resourcesMigration,
  "2601-challenges": challengesMigration,
  "2701-survey-evaluation": surveyEvaluationMigration,
  "2801-survey-builder": surveyBuilderMigration,
  "2901-survey-parents": surveyParentsMigration,
  "3201-survey-rollups": surveyRollupsMigration,
  "3301-points-stream-balance": pointsStreamBalanceMigration,
  "3401-webhook-batch-rows": webhookBatchRowMigration,
  "4001-points-board-order": pointsBoardOrderMigration,
};
