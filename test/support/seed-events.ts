import { newId, type EventStore, type NewEvent } from "../../modules/kernel";
import { testMetadata } from "./events";

const TYPES = ["MemberCheckedIn", "MemberCheckedOut", "NoteAdded", "FlagRaised", "ScreeningFilled"] as const;

/** Appends `count` events over `streams` streams of a few categories and organizations, 1-5 per append. */
export async function seedEvents(store: EventStore, count: number, { streams = 500, concurrency = 8 } = {}) {
  const ids = Array.from({ length: streams }, (_, i) => `${["member", "note", "flag"][i % 3]}-${newId()}`);
  let written = 0;
  let n = 0;
  const worker = async () => {
    while (written < count) {
      const size = Math.min(1 + (n++ % 5), count - written);
      written += size;
      const events: NewEvent[] = Array.from({ length: size }, (_, i) => ({
        type: TYPES[(n + i) % TYPES.length]!,
        data: { n: n + i, note: "seeded" },
        eventId: newId(),
        metadata: testMetadata({ organizationId: `org-${n % 4}` }),
      }));
      await store.appendToStream(ids[n % ids.length]!, events, { expectedRevision: "any" });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
