import { actingAsMetadata, withActingMetadata } from "./acting-as";
import type { Clock } from "./clock";
import { commandEvents, handleCommand, type CommandResult, type CommandSuccess, type Command, type Decider, type HandleOptions } from "./command-handler";
import { DomainError, isWrongExpectedRevision } from "./errors";
import type { AppendResult, DomainEvent, EventStore, ExpectedRevision, NewEvent, ReadStreamResult, RecordedEvent, StreamAppend } from "./event-store/types";

/** The most commands one batch decides and appends together. */
export const MAX_BATCH = 200;

/**
 * A command on another stream decided beside a batched one, to be appended with it in one transaction (decision 137):
 * its events, the revision they were decided at, and the state after them (remembered as the stream's known state,
 * as a claim when it was decided from one).
 */
export type AlongsideDecision = { streamId: string; command: Command; events: DomainEvent[]; expectedRevision: ExpectedRevision; after?: { decider: unknown; state: unknown; claimed: boolean } };
/**
 * Asked, once a batched command is decided with events, for the decisions on other streams that go with it; null:
 * none (the caller takes its next steps itself). Not asked when the store cannot append to several streams at once.
 */
export type Alongside = (decided: { events: DomainEvent[]; state: unknown; now: Date }) => Promise<AlongsideDecision[] | null>;
/**
 * A batched command's answer carries, when its alongside decisions were appended with it, what each wrote, in order:
 * its events and the state after them (the decision's `after`, when it named one).
 */
export type AlongsideEvents = { alongside?: { events: RecordedEvent[]; state?: unknown }[] };

type Pending = {
  command: Command;
  alongside?: Alongside;
  /** who acts, read in the command's own request (a batch runs in the first one's) */
  acting: ReturnType<typeof actingAsMetadata>;
  firstRead?: Promise<ReadStreamResult<DomainEvent>>;
  claimed?: Promise<Claimed | undefined>;
  settle: (result: CommandResult<unknown, DomainEvent>) => void;
  fail: (error: unknown) => void;
};

/**
 * A stream's state at a revision, claimed by someone who did not read the stream (a read model that folds it,
 * decision 125): the claimer vouches that the state is the fold of the stream's events up to that revision, as far
 * as the commands decided on it look. Nothing proves it is current until an append carries its revision.
 */
export type Claimed = { state: unknown; revision: number };

type Line = {
  queue: Pending[];
  maxRetries: number;
  /**
   * the stream as the last batch left it: the next batch decides on it without reading (a conflict reads);
   * `claimed` when it came from a claimed state (only appends are decided from it, kept after as a claim too)
   */
  known?: { state: unknown; revision: number; claimed?: boolean };
};

/** per store (two apps in one process, each on its own database, never share a batch), then per stream */
const storeLines = new WeakMap<EventStore, Map<string, Line>>();
const linesOf = (store: EventStore) => {
  let lines = storeLines.get(store);
  if (!lines) storeLines.set(store, (lines = new Map()));
  return lines;
};

/** How many streams' last known states a store keeps once their batches are done (least recently used out first). */
export const KNOWN_STATES_MAX = 1_000;
type Known = { decider: unknown; state: unknown; revision: number; claimed?: boolean };
/**
 * The state each stream's last batch left, kept after the batch is done (decision 119): the next command for the
 * stream starts from it without reading. It may be stale (another process, or another path of this one, wrote
 * since): an append proves it by its expected revision, and a batch that would append nothing reads the stream's
 * revision before it answers (a refusal or a no-op is never told from a state not known to be current).
 */
const storeKnown = new WeakMap<EventStore, Map<string, Known>>();
const knownOf = (store: EventStore) => {
  let known = storeKnown.get(store);
  if (!known) storeKnown.set(store, (known = new Map()));
  return known;
};
function remember(store: EventStore, streamId: string, decider: unknown, known: { state: unknown; revision: number; claimed?: boolean } | undefined) {
  const all = knownOf(store);
  all.delete(streamId);
  if (!known) return;
  all.set(streamId, { decider, ...known });
  if (all.size > KNOWN_STATES_MAX) all.delete(all.keys().next().value!);
}

/**
 * Whether this process knows the stream's state without reading it: its commands are being decided in batches now,
 * or a batch left its state (decision 119). A command asked for now starts from that state, so a read of the stream
 * made for it would go unused.
 */
export const batchUnderway = (store: EventStore, streamId: string): boolean => linesOf(store).has(streamId) || knownOf(store).has(streamId);

/**
 * The state a stream's last batch left for this decider (decision 119), when no batch of it is underway: what a
 * decision beside another stream's batch (decision 137) starts from. It may be stale: the append proves it.
 */
export function knownState(store: EventStore, streamId: string, decider: unknown): { state: unknown; revision: number; claimed: boolean } | undefined {
  if (linesOf(store).has(streamId)) return undefined;
  const known = knownOf(store).get(streamId);
  return known && known.decider === decider ? { state: known.state, revision: known.revision, claimed: known.claimed === true } : undefined;
}

/** After an append beside a batch: the stream's state kept as its known one, unless a batch of it is underway or knows a later one. */
function rememberAlongside(store: EventStore, decision: AlongsideDecision, revision: number) {
  if (!decision.after || linesOf(store).has(decision.streamId)) return;
  const known = knownOf(store).get(decision.streamId);
  if (known && known.revision > revision) return;
  remember(store, decision.streamId, decision.after.decider, { state: decision.after.state, revision, claimed: decision.after.claimed });
}

/**
 * Group commit on ONE stream (decision 116): the commands for a stream that many write at once (a store
 * item on sale) are decided together, one after another on the same state, and their events appended in one
 * statement with one expected revision. Commands arriving while a batch is being written wait for the next
 * batch, which starts from the state the last one left (no read); a conflict (another process wrote) reads
 * the stream and decides the whole batch again. Each command is answered as `handleCommand` answers it: its
 * own events, the state after them, or its own refusal; a command seen in the stream already (a resend) is
 * answered from its events when the batch read the stream; deciding from the known state, the decider must
 * treat a repeat as a no-op itself.
 */
export function handleInBatch<S, C extends Command, E extends DomainEvent>(
  deps: { store: EventStore; clock: Clock },
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  { maxRetries = 5, firstRead, claimed, alongside }: Pick<HandleOptions, "maxRetries" | "firstRead"> & { claimed?: Promise<Claimed | undefined>; alongside?: Alongside } = {},
): Promise<CommandResult<S, E> & AlongsideEvents> {
  const lines = linesOf(deps.store);
  return new Promise((settle, fail) => {
    let line = lines.get(streamId);
    const start = !line;
    if (!line) {
      const known = knownOf(deps.store).get(streamId);
      line = { queue: [], maxRetries, known: known && known.decider === decider ? { state: known.state, revision: known.revision, claimed: known.claimed } : undefined };
      lines.set(streamId, line);
    }
    line.maxRetries = Math.max(line.maxRetries, maxRetries);
    line.queue.push({ command, alongside, acting: actingAsMetadata(), firstRead, claimed, settle: settle as Pending["settle"], fail });
    // the first command waits one turn of the event loop: those asked for in the same turn join its batch
    if (start) setImmediate(() => void drain(deps, decider as unknown as Decider<unknown, Command, DomainEvent>, streamId, line!));
  });
}

async function drain(deps: { store: EventStore; clock: Clock }, decider: Decider<unknown, Command, DomainEvent>, streamId: string, line: Line) {
  while (line.queue.length > 0) {
    const batch = line.queue.splice(0, MAX_BATCH);
    try {
      line.known = await runBatch(deps, decider, streamId, batch, line);
    } catch (error) {
      line.known = undefined;
      for (const p of batch) p.fail(error);
    }
  }
  linesOf(deps.store).delete(streamId);
  // a state that came from a claim is kept as a claim (decision 133 amends 125): the next command appends from it,
  // and anything else it would tell (a refusal, a repeat, a no-op) is decided again on the stream read then
  remember(deps.store, streamId, decider, line.known);
}

type Outcome =
  | { kind: "refused"; error: DomainError }
  | { kind: "replayed"; events: RecordedEvent[]; state: unknown }
  | { kind: "decided"; from: number; count: number; state: unknown; alongside?: { decision: AlongsideDecision; events: NewEvent[] }[] };

/** The decisions beside a command, kept only for streams no other command of the batch (nor the batch's own) writes. */
async function alongsideOf(p: Pending, decided: { events: DomainEvent[]; state: unknown; now: Date }, streamId: string, taken: Set<string>) {
  const decisions = await p.alongside!(decided).catch(() => null);
  if (!decisions || decisions.length === 0 || decisions.some((d) => d.events.length === 0 || d.streamId === streamId || taken.has(d.streamId))) return undefined;
  if (new Set(decisions.map((d) => d.streamId)).size !== decisions.length) return undefined;
  for (const d of decisions) taken.add(d.streamId);
  return decisions.map((decision) => ({ decision, events: commandEvents(decision.command, decision.events, decision.streamId, decided.now, p.acting) }));
}

async function runBatch(deps: { store: EventStore; clock: Clock }, decider: Decider<unknown, Command, DomainEvent>, streamId: string, batch: Pending[], line: Line): Promise<Line["known"]> {
  /** commands' decisions on other streams go in the batch's append (decision 137) until such an append fails */
  let together = deps.store.appendToStreams !== undefined && batch.some((p) => p.alongside);
  for (let attempt = 0; ; attempt++) {
    let state: unknown;
    let revision: number;
    /** decided on a state read just now; a known state, or a read made before waiting, may be stale */
    let fresh = false;
    /** decided on a claimed state (decision 125): good for appends only, which prove its revision */
    let claimed = false;
    const earlier = new Map<string, RecordedEvent[]>();
    const claim = attempt === 0 && !line.known && batch[0]!.claimed ? await batch[0]!.claimed : undefined;
    if (attempt === 0 && line.known) {
      ({ state, revision } = line.known);
      claimed = line.known.claimed === true;
    } else if (claim) {
      ({ state, revision } = claim);
      claimed = true;
    } else {
      fresh = !(attempt === 0 && batch[0]!.firstRead);
      const read = attempt === 0 && batch[0]!.firstRead ? await batch[0]!.firstRead : await deps.store.readStream(streamId);
      state = decider.initialState();
      for (const event of read.events) {
        state = decider.evolve(state, event);
        const id = event.metadata.commandId;
        earlier.set(id, [...(earlier.get(id) ?? []), event]);
      }
      revision = read.currentRevision;
    }

    const now = deps.clock.now();
    const outcomes: Outcome[] = [];
    const toAppend: NewEvent[] = [];
    const taken = new Set<string>();
    for (const p of batch) {
      const { commandId } = p.command.metadata;
      const seen = earlier.get(commandId);
      if (seen) {
        outcomes.push({ kind: "replayed", events: seen, state });
        continue;
      }
      const decision = decider.decide(state, p.command, now);
      if (decision instanceof DomainError) {
        outcomes.push({ kind: "refused", error: decision });
        continue;
      }
      for (const event of decision) state = decider.evolve(state, event);
      const alongside = together && p.alongside && decision.length > 0 ? await alongsideOf(p, { events: decision, state, now }, streamId, taken) : undefined;
      outcomes.push({ kind: "decided", from: toAppend.length, count: decision.length, state, alongside });
      toAppend.push(...commandEvents(p.command, decision, streamId, now, p.acting));
    }

    // a claimed state only appends: a refusal, a repeat or a no-op from it is decided again on the stream read now
    if (claimed && outcomes.some((o) => o.kind !== "decided" || o.count === 0)) continue;
    // nothing to append: the answers (refusals, no-ops) hold only if the state was the stream's latest; an append
    // proves it by its expected revision, without one the stream's revision is read (decision 119)
    // (the next attempt reads the stream: it never comes back here)
    if (toAppend.length === 0 && !fresh && (await deps.store.readStream(streamId, { last: 1 })).currentRevision !== revision) continue;
    let positions: number[] = [];
    let first = revision + 1;
    const along = outcomes.flatMap((o) => (o.kind === "decided" && o.alongside ? o.alongside : []));
    let alongResults: AppendResult[] = [];
    if (toAppend.length > 0) {
      try {
        let result: AppendResult;
        const expectedRevision = revision >= 0 ? revision : "no_stream";
        if (along.length > 0) {
          const appends: StreamAppend[] = [{ streamId, events: toAppend, expectedRevision }, ...along.map((a) => ({ streamId: a.decision.streamId, events: a.events, expectedRevision: a.decision.expectedRevision }))];
          try {
            const results = await deps.store.appendToStreams!(appends);
            result = results[0]!;
            alongResults = results.slice(1);
          } catch {
            // a stream moved (this one, or one beside it), or some of it is stored: the batch again on its stream
            // read now, without the decisions beside it (their callers take those steps themselves)
            together = false;
            continue;
          }
        } else {
          result = await deps.store.appendToStream(streamId, toAppend, { expectedRevision });
        }
        // stored already (resends decided on a known state): each command alone, from a read, answers as it should
        if (result.duplicate) return alone(deps, decider, streamId, batch, line.maxRetries);
        positions = result.positions;
        first = result.nextExpectedRevision - toAppend.length + 1;
        revision = result.nextExpectedRevision;
      } catch (error) {
        if (isWrongExpectedRevision(error) && attempt < line.maxRetries) continue;
        // some of the batch stored already, or one command's trouble: each alone, so one cannot fail the others
        if (batch.length > 1) return alone(deps, decider, streamId, batch, line.maxRetries);
        throw error;
      }
    }

    let k = 0;
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if (o.kind === "refused") return p.settle({ ok: false, error: o.error });
      if (o.kind === "replayed") return p.settle({ ok: true, events: o.events, state: o.state, nextExpectedRevision: revision, replayed: true });
      const events = toAppend.slice(o.from, o.from + o.count).map((e, j) => ({ ...e, streamId, revision: first + o.from + j, position: positions[o.from + j] ?? 0 }));
      const success: CommandSuccess<unknown, DomainEvent> & AlongsideEvents = { ok: true, events, state: o.state, nextExpectedRevision: first + o.from + o.count - 1, replayed: false };
      if (o.alongside) {
        success.alongside = o.alongside.map((a) => {
          const result = alongResults[k++]!;
          rememberAlongside(deps.store, a.decision, result.nextExpectedRevision);
          const from = result.nextExpectedRevision - a.events.length + 1;
          return { events: a.events.map((e, j) => ({ ...e, streamId: a.decision.streamId, revision: from + j, position: result.positions[j] ?? 0 })), state: a.decision.after?.state };
        });
      }
      p.settle(success);
    });
    return { state, revision, claimed };
  }
}

/** The batch taken apart: each command through `handleCommand` in its own request's name; the next batch reads. */
async function alone(deps: { store: EventStore; clock: Clock }, decider: Decider<unknown, Command, DomainEvent>, streamId: string, batch: Pending[], maxRetries: number) {
  for (const p of batch) {
    await withActingMetadata(p.acting, () => handleCommand(deps, decider, streamId, p.command, { maxRetries })).then(p.settle, p.fail);
  }
  return undefined;
}
