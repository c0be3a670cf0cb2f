import type { KernelTables } from "../modules/kernel";
import type { AppointmentTables } from "./appointments";
import type { AssetTables } from "./assets";
import type { AuditTables } from "./audit";
import type { CheckInTables } from "./check-in";
import type { EventStatsTables } from "./event-stats";
import type { ExportTables } from "./exports";
import type { FlagTables } from "./flags";
import type { RequestTables } from "./requests";
import type { MessageTables } from "./messages";
import type { AnnouncementTables } from "./announcements";
import type { IdentityTables } from "./identity";
import type { MailTables } from "./mail";
import type { NoteTables } from "./notes";
import type { OrganizationRequestTables, OrganizationTables } from "./organizations";
import type { ParticipantTables } from "./participants";
import type { ProgramTables } from "./programs";
import type { ScreeningTables } from "./screening";
import type { SurveyTables } from "./surveys";
import type { PointTables } from "./points";
import type { IntegrationTables, WebhookTables } from "./integrations";
import type { WaiverTables } from "./waivers";
import type { ReportTables } from "./reports";
import type { ResourceTables } from "./resources";
import type { ChallengeTables } from "./challenges";

/** Every read-model table, as Kysely sees them. */
export type ReadModels = KernelTables & EventStatsTables & OrganizationTables & OrganizationRequestTables & IdentityTables & ParticipantTables & CheckInTables & ProgramTables & WaiverTables & FlagTables & ScreeningTables & ExportTables & NoteTables & AssetTables & AuditTables & AppointmentTables & MailTables & RequestTables & MessageTables & AnnouncementTables & SurveyTables & PointTables & IntegrationTables & WebhookTables & ReportTables & ResourceTables & ChallengeTables;
