import { randomBytes, randomInt } from "node:crypto";
import { claimUnique, idFrom, newId, type Clock, type CommandMetadata, type EventStore } from "../kernel";
import { codeAt, SECURITY_CODE_SPACE } from "./code-permutation";
import { securityCodeBlockStream, securityCodeKeyStream, type SecurityCodeBlockClaimed, type SecurityCodeKeyChosen } from "./events";

/** A process takes its codes 25 at a time: one append buys 25 check-ins their codes (docs/decisions/043). */
export const SECURITY_CODE_BLOCK = 25;
/** 15,625 blocks of 25 codes in an organization's day. */
export const SECURITY_CODE_BLOCKS = SECURITY_CODE_SPACE / SECURITY_CODE_BLOCK;
/**
 * How many random blocks a process tries before giving up. An organization that has handed out 20,000
 * codes today holds 800 of 15,625 blocks: a try fails 5% of the time, 25 in a row would mean the store is
 * failing, not that codes ran out.
 */
export const SECURITY_CODE_ATTEMPTS = 25;
/** Organization-days a process remembers (a day's key and its open block); the oldest is forgotten first. */
const DAYS_KEPT = 4096;

type Deps = { store: EventStore; clock: Clock };
type Day = { organizationId: string; day: string };
type DayCodes = { key: Buffer; block: number | null; next: number; refill: Promise<boolean> | null };

/**
 * Hands out the codes of organization-days for one process. Each day has a secret key (the first event of
 * its own stream, shared by every process); a process claims a random free block of 25 indexes of the
 * day's permutation (`SecurityCodeBlockClaimed`, `no_stream`: no other process can hold it) and gives its
 * codes out one by one. Codes are unique per organization and day because blocks are; a block's codes left
 * when a process stops are simply never used.
 */
export class SecurityCodeAllocator {
  readonly holder = newId();
  private readonly days = new Map<string, Promise<DayCodes>>();

  /** The next code of the day, or null when no free block was found. */
  async take(deps: Deps, visit: Day, meta: CommandMetadata): Promise<string | null> {
    const day = await this.dayOf(deps, visit, meta);
    for (;;) {
      if (day.block !== null && day.next < SECURITY_CODE_BLOCK) return codeAt(day.key, day.block * SECURITY_CODE_BLOCK + day.next++);
      if (!day.refill) day.refill = this.claimBlock(deps, visit, day, meta).finally(() => (day.refill = null));
      if (!(await day.refill)) return null;
    }
  }

  private dayOf(deps: Deps, visit: Day, meta: CommandMetadata): Promise<DayCodes> {
    const name = `${visit.organizationId}:${visit.day}`;
    let day = this.days.get(name);
    if (!day) {
      day = this.loadKey(deps, visit, meta).then((key) => ({ key, block: null, next: 0, refill: null }));
      // a failure is not kept: the next check-in asks the store again
      day.catch(() => this.days.delete(name));
      this.days.set(name, day);
      if (this.days.size > DAYS_KEPT) this.days.delete(this.days.keys().next().value as string);
    }
    return day;
  }

  private async loadKey(deps: Deps, visit: Day, meta: CommandMetadata): Promise<Buffer> {
    const stream = securityCodeKeyStream(visit.organizationId, visit.day);
    const chosen: SecurityCodeKeyChosen = { type: "SecurityCodeKeyChosen", data: { ...visit, key: randomBytes(16).toString("hex") } };
    if (await claimUnique(deps, stream, chosen, (e) => e.data.key, this.metaOf(meta, stream))) return Buffer.from(chosen.data.key, "hex");
    const { events } = await deps.store.readStream<SecurityCodeKeyChosen>(stream, { maxCount: 1 });
    if (!events[0]) throw new Error(`no security code key in ${stream}`);
    return Buffer.from(events[0].data.key, "hex");
  }

  private async claimBlock(deps: Deps, visit: Day, day: DayCodes, meta: CommandMetadata): Promise<boolean> {
    for (let attempt = 0; attempt < SECURITY_CODE_ATTEMPTS; attempt++) {
      const block = randomInt(SECURITY_CODE_BLOCKS);
      const stream = securityCodeBlockStream(visit.organizationId, visit.day, block);
      const claim: SecurityCodeBlockClaimed = { type: "SecurityCodeBlockClaimed", data: { ...visit, block, holder: this.holder } };
      if (await claimUnique<SecurityCodeBlockClaimed>(deps, stream, claim, (e) => e.data.holder, this.metaOf(meta, stream))) {
        day.block = block;
        day.next = 0;
        return true;
      }
    }
    return false;
  }

  private metaOf(meta: CommandMetadata, stream: string): CommandMetadata {
    return { ...meta, commandId: idFrom(this.holder, stream), correlationId: meta.correlationId ?? meta.commandId, causationId: meta.commandId };
  }
}

const allocators = new WeakMap<EventStore, SecurityCodeAllocator>();

/** A free code of the organization's day for one visit, from this process's allocator for the store; null when none was found. */
export function claimSecurityCode(deps: Deps, visit: Day, meta: CommandMetadata): Promise<string | null> {
  let allocator = allocators.get(deps.store);
  if (!allocator) allocators.set(deps.store, (allocator = new SecurityCodeAllocator()));
  return allocator.take(deps, { organizationId: visit.organizationId, day: visit.day }, meta);
}
