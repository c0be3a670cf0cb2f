/**
 * Loaded with `--import` into an app process started with --expose-gc (the fuzz test measures the server's
 * memory): SIGUSR2 runs a full garbage collection and prints `gc-done <n> heap <bytes>`, the JavaScript heap
 * and the external (Buffer) memory still in use after it, so the test reads settled figures (the heap, and the RSS from /proc).
 */
let runs = 0;
process.on("SIGUSR2", () => {
  (globalThis as { gc?: () => void }).gc?.();
  runs++;
  // the JavaScript heap in use and the memory of Buffers and ArrayBuffers outside it (external)
  const { heapUsed, external } = process.memoryUsage();
  process.stdout.write(`gc-done ${runs} heap ${heapUsed + external}\n`);
});
