import type { Kysely } from "kysely";
import { io as connect } from "socket.io-client";
import { SessionStore, type SessionTables } from "../../../modules/identity";
import { newId, systemClock } from "../../../modules/kernel";
import { dayBoundsIn, DEFAULT_TIME_ZONE, todayIn } from "../../../modules/organizations";
import { freePort } from "../../e2e/harness";
import { createDefaultGroups, createUser } from "../../factories/identity";
import { spawnApp, type AppProcess } from "../../support/app-process";
import { kioskClient } from "../kiosk-client";
import { cpuMsOf, percentile } from "../stats";
import { emitScreening, type Emit } from "./events";
import type { Generated } from "./generate";
import type { Store } from "./stores";

/** Kiosks at a human pace (issue 23): one scan every 2 s each, ~250 scans a second for 500 of them. */
const KIOSKS = Number(process.env.SCALE_KIOSKS ?? 500);
const SCANS_PER_SECOND = Number(process.env.SCALE_KIOSK_RATE ?? 250);
const SECONDS = Number(process.env.SCALE_KIOSK_SECONDS ?? 30);

export type KioskFigures = {
  kiosks: number;
  scans: number;
  perSecond: number;
  refused: number;
  p50: number;
  p99: number;
  board: { count: number; missing: number; p95: number; p99: number };
  catchUpSeconds: number;
  cpuPerScanMs: Record<string, number>;
};

const cpuMs = (p: AppProcess) => cpuMsOf(p.child.pid);

/**
 * The largest organization's members scanning at kiosks against a store: a kiosk user and an admin are added
 * to the organization (default groups, as the app's registration makes them), today's screening filled for the
 * members used where the organization asks for it, then a web and a projector process start on the store (the
 * projector first catches up what the bench's rebuilds did not build: timed), and KIOSKS kiosks, each owning
 * members who travel alone, scan in and out at SCANS_PER_SECOND together for SECONDS, through HTTP as the kiosk.
 * The admin's board client counts each scan's `check-in:changed` after the kiosk's answer.
 */
export async function measureKiosks(s: Store, g: Generated, redisUrl: string, label: string): Promise<KioskFigures> {
  const org = g.orgs[0]!;
  const deps = { store: s.store, clock: systemClock };
  const groups = await createDefaultGroups(deps, org.id, org.type);
  const suffix = `${label}.${org.id.slice(0, 8)}`;
  const kioskUser = await createUser(deps, { organizationId: org.id, username: `kiosk.${suffix}@scale.bench`, firstName: "Front", lastName: "Desk", userGroupId: groups.kiosk!.id, password: newId() });
  const adminUser = await createUser(deps, { organizationId: org.id, username: `admin.${suffix}@scale.bench`, firstName: "Bench", lastName: "Admin", userGroupId: groups.admin!.id, password: newId() });

  const now = new Date();
  const day = dayBoundsIn(DEFAULT_TIME_ZONE, now);
  const eligible = g.members[0]!.filter((m) => m.active && m.waiver && !m.stopFlagged && m.independent);
  if (org.screening) {
    const streams = new Map<string, Parameters<Emit>[]>();
    const emit: Emit = (streamId, event, metadata) => streams.set(streamId, [...(streams.get(streamId) ?? []), [streamId, event, metadata]]);
    for (const m of eligible) emitScreening(emit, org, m, todayIn(DEFAULT_TIME_ZONE, now), now);
    for (const [streamId, events] of streams) {
      await s.store.appendToStream(streamId, events.map(([, e, metadata]) => ({ type: e.type, data: e.data, eventId: newId(), metadata })), { expectedRevision: "any" }).catch(() => undefined);
    }
  }

  const port = await freePort();
  const env = { DATABASE_URL: s.url, REDIS_URL: redisUrl, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", LOG_LEVEL: "warn" };
  const caughtUpFrom = performance.now();
  const projector = spawnApp({ ...env, ROLE: "projector", PORT: String(await freePort()) }, `projector (${label})`);
  const web = spawnApp({ ...env, ROLE: "web" }, `web (${label})`);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await web.waitForHealth(port, 120_000);
    for (;;) {
      const report = (await (await fetch(`${baseUrl}/api/health`)).json()) as { projections: { lag: number }[] };
      if (report.projections.every((p) => p.lag === 0)) break;
      if (performance.now() - caughtUpFrom > 3_600_000) throw new Error("the projector did not catch up in an hour");
      await new Promise((r) => setTimeout(r, 250));
    }
    const catchUpSeconds = (performance.now() - caughtUpFrom) / 1000;

    const sessions = new SessionStore(s.db as unknown as Kysely<SessionTables>);
    const csrf = newId().replace(/-/g, "");
    const headersOf = async (userId: string) => ({ "content-type": "application/json", cookie: `rollcall_session=${(await sessions.create(userId, org.id, new Date())).token}; rollcall_csrf=${csrf}`, "x-csrf-token": csrf });
    const adminHeaders = await headersOf(adminUser);
    const board = connect(baseUrl, { transports: ["websocket"], forceNew: true, extraHeaders: { cookie: adminHeaders.cookie } });
    await new Promise<void>((resolve, reject) => (board.once("connect", resolve), board.once("connect_error", reject)));
    const ack = (await board.emitWithAck("subscribe", { organizationId: org.id, topic: "check-in" })) as { ok?: boolean };
    if (ack && ack.ok === false) throw new Error(`the board could not follow check-in: ${JSON.stringify(ack)}`);
    const responded = new Map<string, number>();
    const early = new Set<string>();
    const boardMs: number[] = [];
    board.on("check-in:changed", (row: { id: string; check_out_time: string | null }) => {
      const key = `${row.id}:${row.check_out_time ? "out" : "in"}`;
      const at = responded.get(key);
      if (at === undefined) early.add(key);
      else {
        boardMs.push(performance.now() - at);
        responded.delete(key);
      }
    });

    const kiosks = Math.min(KIOSKS, eligible.length);
    const paceMs = (1000 * kiosks) / SCANS_PER_SECOND;
    const owned = Array.from({ length: kiosks }, (_, k) => eligible.filter((_, i) => i % kiosks === k));
    const kioskHeaders = await Promise.all(Array.from({ length: kiosks }, () => headersOf(kioskUser)));
    const client = kioskClient(baseUrl, kiosks);
    const inside = new Set<string>();
    const latencies: number[] = [];
    let refused = 0;
    const cpuBefore = { web: cpuMs(web), projector: cpuMs(projector) };
    const started = performance.now();
    const end = started + SECONDS * 1000;
    await Promise.all(
      owned.map(async (list, k) => {
        let next = performance.now() + Math.random() * paceMs;
        for (let i = 0; performance.now() < end; i++) {
          await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
          next += paceMs;
          const m = list[i % list.length]!;
          const type = inside.has(m.memberId) ? "out" : "in";
          const t = performance.now();
          const response = await client.post(
            "/api/check-in",
            { ...kioskHeaders[k]!, "idempotency-key": newId() },
            JSON.stringify({ memberId: m.memberId, type, start: day.start, end: day.end, pick_up_name: "", pick_up_contact_number: "", pick_up_relationship: "" }),
          );
          latencies.push(performance.now() - t);
          const body = JSON.parse(response.text) as { code?: string; data?: { id: string | null } };
          if (response.status !== 200) {
            refused++;
            // a visit of today's generated history still open: the next scan checks it out
            if (body.code === "ALREADY_CHECKED_IN") inside.add(m.memberId);
            continue;
          }
          const key = `${body.data?.id}:${type}`;
          if (early.delete(key)) boardMs.push(0);
          else responded.set(key, performance.now());
          if (type === "in") inside.add(m.memberId);
          else inside.delete(m.memberId);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 1500));
    const scans = latencies.length;
    const cpuPerScanMs = { web: (cpuMs(web) - cpuBefore.web) / scans, projector: (cpuMs(projector) - cpuBefore.projector) / scans };
    latencies.sort((a, b) => a - b);
    boardMs.sort((a, b) => a - b);
    client.close();
    board.disconnect();
    return {
      kiosks,
      scans,
      perSecond: scans / seconds,
      refused,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      board: { count: boardMs.length, missing: responded.size, p95: percentile(boardMs, 95), p99: percentile(boardMs, 99) },
      catchUpSeconds,
      cpuPerScanMs,
    };
  } finally {
    for (const p of [web, projector]) p.child.kill("SIGTERM");
    await Promise.all([web.exitWithin(20_000), projector.exitWithin(20_000)]);
  }
}
