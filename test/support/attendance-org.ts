import type { Kysely } from "kysely";
import { expect } from "vitest";
import { todayIn } from "../../modules/organizations";
import { addDays } from "../../modules/programs";
import type { ReadModels } from "../../projections";
import { DEMO_FLAGGED_PARTICIPANT_IDS, DEMO_VISITOR_PARTICIPANT_IDS } from "../factories/demo-seed";
import { eventually } from "./eventually";
import { HttpClient, clearSignInLimits } from "./http-client";
import { startInProcessApp, type InProcessApp } from "./in-process-app";
import { testServices } from "./services";

export type AttendanceMember = { id: string; is_waiver_signed: boolean };

/** A response's JSON body, after checking its status (the body shown when it differs). */
export async function jsonOf<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/**
 * The demo app in process with Northside ready for attendance tests (the points and challenges integration tests):
 * these users signed in, every weekday a program day for a cycle around today (so a session can be dated today), and
 * the members a test may mark: active, waiver signed, neither flagged nor visiting (in the report's order).
 */
export async function startAttendanceOrg(name: string, emails: readonly string[]) {
  const app: InProcessApp = await startInProcessApp(name);
  const db = app.app.core.db as Kysely<ReadModels>;
  await clearSignInLimits((await testServices()).redisUrl);
  const clients = emails.map(() => new HttpClient(app.baseUrl));
  for (const [i, email] of emails.entries()) await clients[i]!.signIn(email);
  const admin = clients[0]!;
  const current = (await (await admin.request("GET", "/api/setting/organization")).json()) as Record<string, unknown> & { time_zone: string };
  const today = todayIn(current.time_zone, new Date());
  const features = current.features as Record<string, Record<string, unknown>>;
  const program = { ...features.program, is_enabled: true, program_cycle_start: addDays(today, -30), program_cycle_end: addDays(today, 60), has_saturday: true, has_sunday: true };
  await jsonOf(await admin.request("PUT", "/api/setting/organization", { body: { ...current, features: { ...features, program } } }));
  await eventually(
    async () => (await (await admin.request("GET", "/api/setting/organization")).json()) as { features: { program: { has_sunday: boolean } } },
    (x) => x.features.program.has_sunday === true,
  );
  const report = await jsonOf<{ data: AttendanceMember[] }>(await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active"));
  const members = report.data.filter((m) => m.is_waiver_signed && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id) && !DEMO_VISITOR_PARTICIPANT_IDS.has(m.id));
  return { app, db, clients, today, members };
}
