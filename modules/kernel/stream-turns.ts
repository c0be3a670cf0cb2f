const turns = new Map<string, Promise<void>>();

/**
 * One stream's commands run one at a time in this process (decision 047): fifty registrations for the last
 * places append in turn instead of retrying against each other. Other processes are kept apart by the
 * append's expected revision (handleCommand decides again on a conflict). A turn runs whether the one before
 * it succeeded or not.
 */
export function inTurn<T>(streamId: string, work: () => Promise<T>): Promise<T> {
  const before = turns.get(streamId);
  const mine = before ? before.then(work) : work();
  const done = mine.then(
    () => undefined,
    () => undefined,
  );
  turns.set(streamId, done);
  void done.then(() => {
    if (turns.get(streamId) === done) turns.delete(streamId);
  });
  return mine;
}
