/**
 * Loaded with `--import` into an app process started with --expose-gc (the fuzz test measures the server's
 * memory): SIGUSR2 runs a full garbage collection and prints `gc-done <n>`, so the test reads a settled RSS.
 */
let runs = 0;
process.on("SIGUSR2", () => {
  (globalThis as { gc?: () => void }).gc?.();
  runs++;
  process.stdout.write(`gc-done ${runs}\n`);
});
