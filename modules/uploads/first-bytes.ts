import { Readable } from "node:stream";
import { SNIFF_BYTES } from "./sniff";

/** The first bytes of a stream, and a stream that still yields every byte. */
export async function firstBytes(stream: Readable): Promise<{ bytes: Buffer; stream: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const taken: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    taken.push(next.value);
    size += next.value.length;
  }
  async function* all() {
    for (const chunk of taken) yield chunk;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { bytes: Buffer.concat(taken), stream: Readable.from(all()) };
}
