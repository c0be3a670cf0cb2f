/**
 * `npm run bench:scale` (issue 23): years of data for many organizations on one database. Generates a
 * store (test/bench/scale/generate.ts; SCALE / SCALE_ORGS / SCALE_MEMBERS / SCALE_YEARS, see shape.ts) in a
 * database of its own, `rollcall_scale_<stamp>`, checks its hash chains with `npm run audit:verify`, builds the
 * read models with the real projector's rebuild, and prints: the generation rate, the disk per million
 * events, then for that store AND a baseline store (the largest organization alone, one week of activity)
 * in the same run the p95 of participant search, the board for a day, a member's audit replay and the
 * flagged list; the rebuild of the largest read model (RSS every 10 s); the start-up of a web process; kiosks at a
 * human pace (SCALE_KIOSKS, default 500, a scan every 2 s each) with the board's latency (test/bench/scale/kiosks.ts);
 * before them, a projector's catch-up after an hour of peak load written while it was stopped (catch-up.ts).
 * Both databases are dropped at the end unless SCALE_KEEP=1. docs/scaling.md says how to run it.
 */
import { statfsSync } from "node:fs";
import os from "node:os";
import { dropDatabase } from "../../../modules/kernel";
import { ensureBuild } from "../../../runtime/app-build";
import { buildLayout } from "../../../runtime/build-layout.js";
import { ensureServerBundle } from "../../../runtime/server-bundle";
import { testServices } from "../../support/services";
import { generate, type Phase } from "./generate";
import { measureCatchUp } from "./catch-up";
import { measureKiosks } from "./kiosks";
import { measureReads, webStartUp, type Timing } from "./measure";
import { baselineShape, describeShape, shapeFromEnv, type ScaleShape } from "./shape";
import { buildReadModels, cpuMeter, mb, openStore, READ_MODELS, readAllRate, runScript, sizesOf } from "./stores";

const shape = shapeFromEnv();
const { databaseUrl, redisUrl } = await testServices();
const stamp = `${new Date().toISOString().slice(0, 10).replace(/-/g, "")}_${process.pid}`;
const urlOf = (name: string) => {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
const bigUrl = urlOf(`rollcall_scale_${stamp}`);
const baseUrl = urlOf(`rollcall_scale_${stamp}_empty`);
const keep = process.env.SCALE_KEEP === "1";

/** A rough count: registrations (4 events) and ~14 events a member-year (visits, screenings, notes, flags). */
const estimate = (s: ScaleShape) => s.orgSizes.reduce((a, b) => a + b, 0) * (4 + (s.days / 365) * 14);

const big = await openStore(bigUrl);
const { rows: server } = await big.pool.query("select current_setting('server_version') as v, current_setting('data_directory', true) as dir");
let free = "unknown";
try {
  const fs = statfsSync(server[0].dir ?? "/");
  const bytes = fs.bavail * fs.bsize;
  free = mb(bytes);
  // about 1.6 kB an event with its indexes and read models (measured); never more than a third of what is free
  if (estimate(shape) * 1600 > bytes / 3 && process.env.SCALE_FORCE !== "1") {
    console.error(`About ${Math.round(estimate(shape) / 1e6)} million events would need ~${mb(estimate(shape) * 1600)}, over a third of the ${free} free: refused (SCALE_FORCE=1 overrides).`);
    await big.close();
    await dropDatabase(bigUrl);
    process.exit(1);
  }
} catch {
  // the data directory is not readable from here: no check
}
console.log(`Rollcall scale benchmark · node ${process.version} · ${os.cpus().length} cores (shared) · PostgreSQL ${server[0].v} · ${free} free for its data`);
console.log(`store: ${describeShape(shape)}, ~${Math.round(estimate(shape)).toLocaleString("en")} events expected · database ${bigUrl.replace(/\/\/[^@]*@/, "//")}`);

let exitCode = 0;
const base = await openStore(baseUrl);
// stopped by a signal: drop what this run created all the same (unless kept)
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping${keep ? "" : ", dropping the bench's databases"}`);
    void (keep ? Promise.resolve() : Promise.all([dropDatabase(bigUrl), dropDatabase(baseUrl)])).finally(() => process.exit(130));
  });
}
try {
  // 1. generation
  const t0 = performance.now();
  const g = await generate(shape, { pool: big.pool, store: big.store, label: "scale", meter: cpuMeter(big.pool) });
  const genSeconds = (performance.now() - t0) / 1000;
  await big.pool.query("analyze events");
  console.log(`\ngenerated ${g.events.toLocaleString("en")} events in ${genSeconds.toFixed(1)} s: ${(g.events / genSeconds).toFixed(0)} events/s overall`);
  const phase = (label: string, p: Phase) => {
    const node = (p.cpu.nodeMs * 1000) / Math.max(1, p.events);
    const pg = (p.cpu.pgMs * 1000) / Math.max(1, p.events);
    console.log(
      `  ${label.padEnd(40)} ${p.events.toLocaleString("en").padStart(11)} events ${(p.events / Math.max(p.seconds, 0.001)).toFixed(0).padStart(7)} events/s   CPU an event: node ${node.toFixed(0)} µs, PostgreSQL ${pg.toFixed(0)} µs (on 2 idle cores ~${(1e6 / Math.max(node, pg, 1)).toFixed(0)} events/s)`,
    );
  };
  phase("bulk INSERT (unnest, 5,000 rows)", g.bulk);
  phase("event store append path (1 an append)", g.appended);

  // 2. the hash chains, checked by the audit tool itself
  const verify = await runScript("scripts/audit-verify.ts", [], bigUrl, "audit:verify");
  console.log(`\nnpm run audit:verify (exit ${verify.code}): ${verify.output.trim().split("\n").slice(-1)[0]}`);
  if (verify.code !== 0) exitCode = 1;

  // 3. read models, by the projector's rebuild
  const tRm = performance.now();
  await buildReadModels(big, "scale");
  console.log(`  ${READ_MODELS.length} read models built in ${((performance.now() - tRm) / 1000).toFixed(1)} s`);

  // 4. disk
  const sizes = await sizesOf(big);
  const perMillion = (bytes: number) => mb((bytes / sizes.events) * 1e6);
  const readModelBytes = sizes.readModels.reduce((a, r) => a + r.bytes, 0);
  console.log(`\ndisk for ${sizes.events.toLocaleString("en")} events (database ${mb(sizes.database)}), per million events (the events table: its partitions and the stream heads):`);
  console.log(`  events table      ${perMillion(sizes.table).padStart(10)}   (${mb(sizes.table)})`);
  console.log(`  its indexes       ${perMillion(sizes.indexes).padStart(10)}   (${mb(sizes.indexes)})`);
  console.log(`  read models       ${perMillion(readModelBytes).padStart(10)}   (${mb(readModelBytes)}: ${sizes.readModels.map((r) => `${r.name} ${mb(r.bytes)}`).join(", ")})`);
  console.log(`  total             ${perMillion(sizes.table + sizes.indexes + readModelBytes).padStart(10)}`);

  // 5. the baseline store, then the reads against both
  const bShape = baselineShape(shape);
  const gb = await generate(bShape, { pool: base.pool, store: base.store, label: "baseline", meter: cpuMeter(base.pool) });
  await base.pool.query("analyze events");
  await buildReadModels(base, "baseline");
  console.log(`\nbaseline store: ${describeShape(bShape)}, ${gb.events.toLocaleString("en")} events`);
  const reads = await measureReads(big, g);
  const baseReads = await measureReads(base, gb);
  const row = (label: string, a: Timing, b: Timing) =>
    console.log(
      `  ${label.padEnd(30)} ${a.p95.toFixed(1).padStart(7)} ms  ${b.p95.toFixed(1).padStart(7)} ms  ${(a.p95 / b.p95).toFixed(2).padStart(5)}x   ${a.p95 < 100 ? "ok  " : "MISS"}   (p50 ${a.p50.toFixed(1)} / ${b.p50.toFixed(1)} ms; ${a.note} / ${b.note})`,
    );
  console.log(`\nreads in the largest organization, p95 (goal < 100 ms)  scale store  baseline  ratio  goal`);
  row("participant search", reads.search, baseReads.search);
  row("board for a day", reads.board, baseReads.board);
  row("audit replay of a member", reads.audit, baseReads.audit);
  row("flagged list", reads.flagged, baseReads.flagged);

  // 6. the largest read model, rebuilt by `npm run projections:rebuild` in a process of its own
  // the board's: the most rows (a visit each) and, built through apply, the most bytes (decision 122)
  const largest = sizes.readModels.find((r) => r.name === "check-in")!;
  console.log(`\nnpm run projections:rebuild -- ${largest.name} (the largest read model, ${mb(largest.bytes)}):`);
  const floor = await readAllRate(big);
  console.log(
    `  reading $all alone (the floor)   ${floor.perSecond.toFixed(0).padStart(8)} events/s   CPU an event: node ${((floor.cpu.nodeMs * 1000) / floor.events).toFixed(1)} µs, PostgreSQL ${((floor.cpu.pgMs * 1000) / floor.events).toFixed(1)} µs`,
  );
  // the projector's own apply, every event through Node (how every rebuild ran before decision 122), as the
  // baseline of the run; then the default, set-based where the projection has a form in SQL. Each swaps its
  // table in; a checksum of the rows tells whether the two built the same
  const backendsOf = async () => (await big.pool.query<{ pid: number }>("select pid from pg_stat_activity where application_name = 'rollcall-rebuild'")).rows.map((r) => r.pid);
  const checksum = async () =>
    (await big.pool.query<{ sum: string }>(`select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as sum from rm_check_ins as t`)).rows[0]!.sum;
  const rebuilds: { how: string; rate: number; sum: string }[] = [];
  for (const [how, env] of [
    ["through apply (baseline)", { REBUILD_IN_SQL: "0" }],
    ["default (in SQL where it has a form)", {}],
  ] as const) {
    const rebuild = await runScript("scripts/projections-rebuild.ts", [largest.name], bigUrl, "rebuild", { env, backendsOf });
    const rate = Number([...rebuild.output.matchAll(/"eventsPerSecond":(\d+)/g)].at(-1)?.[1] ?? 0);
    const inSql = /"inSql":true/.test(rebuild.output);
    rebuilds.push({ how, rate, sum: await checksum() });
    console.log(
      `  rebuild, ${how.padEnd(36)} ${rate.toFixed(0).padStart(8)} events/s   goal >= 200,000: ${rate >= 200_000 ? "ok" : "MISS"}; ${inSql ? "in SQL" : "through apply"}, exit ${rebuild.code}, ` +
        `${rebuild.seconds.toFixed(1)} s with the process start, its CPU ${((rebuild.cpuMs * 1000) / sizes.events).toFixed(0)} µs an event (start included), ` +
        `peak RSS ${rebuild.peakRssMb.toFixed(0)} MB, its backends' peak ${rebuild.peakBackendMb.toFixed(0)} MB private; load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
    );
    if (rebuild.code !== 0) {
      console.log(rebuild.output);
      exitCode = 1;
    }
  }
  const same = rebuilds[0]!.sum === rebuilds[1]!.sum;
  console.log(`  the two rebuilds' tables: ${same ? "the same rows" : "DIFFERENT rows"} (md5 ${rebuilds.map((r) => r.sum.slice(0, 12)).join(" / ")})`);
  if (!same) exitCode = 1;

  // 7. a web process starting against each store: the prebuilt server `npm start` runs (decision 121), and
  // `node --import tsx server.ts` (how it started before) against the scale store as the baseline of the run
  ensureBuild("production", { quiet: true });
  await ensureServerBundle({ log: () => undefined });
  const prebuilt = buildLayout().serverBundlePath;
  const upBig = await webStartUp(bigUrl, redisUrl, prebuilt);
  const upBase = await webStartUp(baseUrl, redisUrl, prebuilt);
  const upTsx = await webStartUp(bigUrl, redisUrl, "server.ts");
  const line = (up: { seconds: number; cpuSeconds: number }) => `${up.seconds.toFixed(2)} s (CPU ${up.cpuSeconds.toFixed(2)} s)`;
  console.log(
    `\nweb process start-up to a healthy /api/health, the prebuilt server (npm start): ${line(upBig)} against the scale store, ` +
      `${line(upBase)} against the baseline (goal < 10 s: ${upBig.seconds < 10 ? "ok" : "MISS"}); ` +
      `tsx server.ts against the scale store: ${line(upTsx)}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
  );

  // 8. a projector stopped for an hour of peak load, catching up (SCALE_PEAK_MINUTES=0 skips)
  if (Number(process.env.SCALE_PEAK_MINUTES ?? 60) > 0) {
    console.log(`\na projector stopped for ${process.env.SCALE_PEAK_MINUTES ?? 60} minutes of peak load (${process.env.SCALE_PEAK_RATE ?? 250} check-ins and check-outs a second), then started:`);
    const c = await measureCatchUp(big, g, redisUrl);
    console.log(`  before: every projection caught up from the bench's rebuilds in ${c.rest.toFixed(1)} s`);
    console.log(
      `  the hour: ${c.events.toLocaleString("en")} events written in ${c.writeSeconds.toFixed(1)} s; caught up in ${c.seconds.toFixed(1)} s with the process start (${c.perSecond.toFixed(0)} events/s), ` +
        `projector CPU ${c.cpuSeconds.toFixed(1)} s, peak RSS ${c.peakRssMb.toFixed(0)} MB`,
    );
  }

  // 9. kiosks at a human pace against each store (web and projector processes of their own; SCALE_KIOSKS=0 skips)
  if (Number(process.env.SCALE_KIOSKS ?? 500) > 0) {
    const onBig = await measureKiosks(big, g, redisUrl, "scale");
    const onBase = await measureKiosks(base, gb, redisUrl, "baseline");
    const within = (a: number, b: number) => (a <= b * 1.1 ? "within 10 %" : `${((a / b - 1) * 100).toFixed(0)} % over`);
    console.log(`\nkiosks at a human pace: ${onBig.kiosks} / ${onBase.kiosks} kiosks, ${onBig.perSecond.toFixed(0)} / ${onBase.perSecond.toFixed(0)} scans/s (scale store / baseline)`);
    console.log(`  the projector catching up what the bench's rebuilds left, before: ${onBig.catchUpSeconds.toFixed(1)} s / ${onBase.catchUpSeconds.toFixed(1)} s`);
    console.log(
      `  check-in p50 ${onBig.p50.toFixed(1)} / ${onBase.p50.toFixed(1)} ms, p99 ${onBig.p99.toFixed(1)} / ${onBase.p99.toFixed(1)} ms (goal < 25 ms: ${onBig.p99 < 25 ? "ok" : "MISS"}; ${within(onBig.p99, onBase.p99)})` +
        `; refused ${onBig.refused} / ${onBase.refused} of ${onBig.scans} / ${onBase.scans}`,
    );
    console.log(
      `  board p95 ${onBig.board.p95.toFixed(1)} / ${onBase.board.p95.toFixed(1)} ms, p99 ${onBig.board.p99.toFixed(1)} / ${onBase.board.p99.toFixed(1)} ms (goal p99 < 50 ms: ${onBig.board.p99 < 50 ? "ok" : "MISS"}; ${within(onBig.board.p99, onBase.board.p99)})` +
        `; ${onBig.board.count} / ${onBase.board.count} seen, ${onBig.board.missing} / ${onBase.board.missing} never came`,
    );
    console.log(`  CPU a scan: web ${onBig.cpuPerScanMs.web!.toFixed(2)} / ${onBase.cpuPerScanMs.web!.toFixed(2)} ms, projector ${onBig.cpuPerScanMs.projector!.toFixed(2)} / ${onBase.cpuPerScanMs.projector!.toFixed(2)} ms`);
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await big.close();
  await base.close();
  if (keep) console.log(`\nkept (SCALE_KEEP=1): ${bigUrl} and ${baseUrl}`);
  else {
    await dropDatabase(bigUrl);
    await dropDatabase(baseUrl);
  }
}
process.exit(exitCode);
