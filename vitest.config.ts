import { defineConfig } from "vitest/config";
import { randomBytes } from "node:crypto";

// one name for this run, inherited by every worker: the apps the tests start copy one demo-seeded
// template database of this run instead of seeding their own (test/support/seeded-template.ts)
// (base-36 start time, then a random tail: test/support/seeded-template.ts drops old runs' templates)
process.env.ROLLCALL_TEST_RUN ??= `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;

/**
 * The integration files that run one at a time, after the others (decisions 055, 139): they count sign-ins per
 * address (the rate limit is per IP, shared by every app here, and the other files clear it), time live delivery,
 * or kill a worker part way through an export (the kill must land mid-file). The event store's contract suites and
 * the runner's and handler's tests run beside the others: the transactions they hold open for up to 2 s hold back
 * only readers of their own database (decisions 002 and 025); so does the production start's test (its builds go
 * to a directory of its own), and the files that kill their own projector or processes, or stop a Redis of their
 * own, and the fuzz test (the memory it measures is its own server process's; decision 062).
 */
const SERIAL_INTEGRATION = [
  "test/integration/export-worker-kill.int.test.ts",
  "test/integration/sign-in-limits.int.test.ts",
  "test/integration/live-isolation.int.test.ts",
  "test/integration/live-sessions.int.test.ts",
  "modules/kernel/live/live.int.test.ts",
];

/** The browser tests whose checks are timed (decision 051): they run alone, after the others. */
const TIMED_E2E = ["test/e2e/board-latency.e2e.test.ts", "test/e2e/check-in.e2e.test.ts", "test/e2e/exports.e2e.test.ts"];

// unit: pure tests beside the code; integration: real PostgreSQL and Redis; e2e: Chromium on a built app
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          // pure tests (no mocks, no module state): one module graph per worker, not one per file (decision 139)
          isolate: false,
          sequence: { groupOrder: 0 },
          include: ["modules/**/*.test.ts", "projections/**/*.test.ts", "workers/**/*.test.ts", "app/**/*.test.ts", "test/unit/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/*.e2e.test.ts", "node_modules/**"],
          testTimeout: 10_000,
        },
      },
      {
        test: {
          name: "integration",
          // two files at a time: each starts its own app on its own database (Redis keys, queues and live
          // channels are named after the database), so these files share no state (decision 055)
          sequence: { groupOrder: 1 },
          fileParallelism: true,
          // a worker runs its files one after another in one process, the server's modules loaded once
          // (each file still starts its own app on its own database): isolating each file re-imported the
          // whole server, 5 to 20 s a file on a loaded machine (decision 083)
          isolate: false,
          include: ["**/*.int.test.ts", "test/contract/**/*.test.ts"],
          exclude: [...SERIAL_INTEGRATION, "node_modules/**", "build/**"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration-serial",
          // one file at a time, after the others (decision 055)
          sequence: { groupOrder: 2 },
          fileParallelism: false,
          include: SERIAL_INTEGRATION,
          exclude: ["node_modules/**", "build/**"],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          sequence: { groupOrder: 3 },
          include: ["test/e2e/**/*.e2e.test.ts"],
          exclude: [...TIMED_E2E, "node_modules/**"],
          // every browser test fails on a Content-Security-Policy violation (decision 030)
          setupFiles: ["test/e2e/production-runtime.ts", "test/e2e/csp-guard.ts"],
          // two files at a time (each its own app, database and browser): most of a browser test is waiting
          // on the page or the server, so two share the two cores well. The files whose checks are timed
          // run after them, one at a time (below).
          fileParallelism: true,
          // a worker runs its files one after another in one process, the server's modules loaded once
          // (each file still starts its own app on its own database and browser; decision 083)
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e-timed",
          sequence: { groupOrder: 4 },
          include: [...TIMED_E2E],
          setupFiles: ["test/e2e/production-runtime.ts", "test/e2e/csp-guard.ts"],
          // one file at a time, alone on the machine: timed checks (a live update within a second, a progress
          // bar seen moving, the click-to-row figure) must not depend on a neighbour's load; apps side by side
          // also share the server's oldest running transaction (decision 002)
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
