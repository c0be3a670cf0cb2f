/**
 * Read models follow the store a few milliseconds behind, and a long transaction elsewhere on the server
 * can hold the read horizon back for a while (docs/decisions/002): reads until `ok` holds or `timeoutMs`
 * has passed, and returns the last value read (the caller's expectation then fails with it).
 */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, { timeoutMs = 15_000, everyMs = 25 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
