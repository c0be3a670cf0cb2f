import { DomainError, knownState, type Alongside, type Claimed, type DomainEvent, type EventStore, type ReadStreamResult } from "../kernel";
import { orderDecider, spendDecider, type ItemState, type OrderCommand, type SpendCommand, type SpendState } from "./decide";
import { orderStreamId, pointsStreamId, type OrderLine } from "./events";

/** How the member's points state can be had without waiting on a batch: their balance row's claim, or their stream read. */
export type MemberSources = { claim?: Promise<Claimed | undefined>; read?: Promise<ReadStreamResult<DomainEvent>> };

async function memberState(store: EventStore, participantId: string, sources: MemberSources): Promise<{ state: SpendState; revision: number; claimed: boolean } | undefined> {
  const known = knownState(store, pointsStreamId(participantId), spendDecider);
  if (known) return { state: known.state as SpendState, revision: known.revision, claimed: known.claimed };
  const claim = sources.claim ? await sources.claim : undefined;
  if (claim) return { state: claim.state as SpendState, revision: claim.revision, claimed: true };
  if (!sources.read) return undefined;
  const read = await sources.read;
  return { state: read.events.reduce((s, e) => spendDecider.evolve(s, e as never), spendDecider.initialState()), revision: read.currentRevision, claimed: false };
}

/**
 * A one-line cart's spend and order, decided beside its reservation and appended with it in one transaction
 * (decision 137): one commit for the checkout instead of three. The member's state is this process's last (no batch
 * of it underway), the balance row's claim, or the stream read; a refusal, a repeat, or a state not to be had here
 * answers null, and the checkout then spends and places in its own steps, which tell a refusal from the stream.
 * The spend's answer carries the member's state after it (their balance).
 */
export function spendAndPlaceBeside(
  store: EventStore,
  participantId: string,
  orderId: string,
  sources: MemberSources,
  steps: { lines: (item: ItemState) => OrderLine[]; spend: (lines: OrderLine[]) => SpendCommand; place: (lines: OrderLine[]) => OrderCommand },
): Alongside {
  return async ({ state, now }) => {
    const from = await memberState(store, participantId, sources);
    if (!from) return null;
    const lines = steps.lines(state as ItemState);
    const spend = steps.spend(lines);
    const spent = spendDecider.decide(from.state, spend, now);
    if (spent instanceof DomainError || spent.length === 0) return null;
    const place = steps.place(lines);
    const placed = orderDecider.decide(orderDecider.initialState(), place, now);
    if (placed instanceof DomainError || placed.length === 0) return null;
    const after = spent.reduce(spendDecider.evolve, from.state);
    return [
      { streamId: pointsStreamId(participantId), command: spend, events: spent, expectedRevision: from.revision >= 0 ? from.revision : "no_stream", after: { decider: spendDecider, state: after, claimed: from.claimed } },
      { streamId: orderStreamId(orderId), command: place, events: placed, expectedRevision: "no_stream" },
    ];
  };
}
