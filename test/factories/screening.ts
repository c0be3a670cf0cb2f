import { idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { defaultSettings, loadOrganization, updateOrganizationSettings } from "../../modules/organizations";
import { DEFAULT_SCREENING_QUESTIONS, setScreeningQuestions } from "../../modules/screening";

type Deps = { store: EventStore; clock: Clock };

/** The demo organizations' addresses: turning a setting on saves the whole settings form, which needs one. */
/** The support phone the failed-screening dialog shows. */
const DEMO_PHONE = "416-555-0142";
const DEMO_ADDRESS = { address: "", street_address: "24 Maple Street", city: "Toronto", state: "Ontario", postal_code: "M4M 1A1", unit: "" };

/**
 * The demo organization's screening questions (set by its admin) and, when `on`, daily screening
 * switched on in its settings. Command ids derive from the organization: running it twice writes once.
 */
export async function seedDemoScreening(deps: Deps, org: { id: string; name: string; type: "school" | "other" }, admin: { userId: string }, on: boolean) {
  const commandId = idFrom("seed-screening-questions", org.id);
  const questions = await setScreeningQuestions(deps, {
    type: "SetScreeningQuestions",
    data: { questions: DEFAULT_SCREENING_QUESTIONS, actor: { userId: admin.userId, level: 3, roleName: "ADMIN" } },
    metadata: { commandId, organizationId: org.id, actorId: admin.userId, correlationId: commandId },
  });
  if (!questions.ok) throw new Error(`seeding the screening questions of ${org.name}: ${questions.error.message}`);
  if (!on) return;
  const current = (await loadOrganization(deps.store, org.id))?.settings ?? defaultSettings(org.name, org.type);
  const settingsCommandId = idFrom("seed-screening-on", org.id);
  const settings = await updateOrganizationSettings(deps, {
    type: "UpdateOrganizationSettings",
    data: { organizationId: org.id, settings: { ...current, address: current.address.street_address ? current.address : DEMO_ADDRESS, phone_number: current.phone_number || DEMO_PHONE, is_daily_screening_form: true } },
    metadata: { commandId: settingsCommandId, organizationId: org.id, actorId: admin.userId, correlationId: settingsCommandId },
  });
  if (!settings.ok) throw new Error(`turning daily screening on for ${org.name}: ${settings.error.message}`);
}
