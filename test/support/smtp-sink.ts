import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ArrivedMail = { envelopeTo: string[]; mail: ParsedMail; at: number };

export type SmtpSink = {
  /** SMTP_URL for the app or startMailWorker */
  url: string;
  /** every message taken, in order */
  arrived: ArrivedMail[];
  /** the messages whose envelope names this address (case-insensitive) */
  arrivedFor(to: string): ArrivedMail[];
  /** the next messages are refused with these SMTP replies, one each (451: try again; 550: permanent) */
  refuseNext(...replies: { code: number; message: string }[]): void;
  /** resolves with the first message to `to` once it arrived */
  waitFor(to: string, timeoutMs?: number): Promise<ArrivedMail>;
  close(): Promise<void>;
};

/**
 * A real SMTP server in this process (smtp-server, decision 059) for tests and benchmarks: no TLS, no
 * authentication, every message parsed with mailparser. Listens on a free port of 127.0.0.1.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const arrived: ArrivedMail[] = [];
  const refusals: { code: number; message: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", () => undefined);
      stream.on("end", () => {
        const refusal = refusals.shift();
        if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        simpleParser(Buffer.concat(chunks)).then((mail) => {
          arrived.push({ envelopeTo, mail, at: Date.now() });
          callback();
        }, callback);
      });
    },
  });
  // A client that vanishes mid-message (a SIGKILLed worker) resets its socket: smtp-server emits that as an "error" on
  // the server, which, unheard, is an uncaught exception in the test process. The message is simply not taken; the
  // sender's retry is what the tests check.
  server.on("error", (err: Error & { code?: string }) => {
    if (err.code !== "ECONNRESET" && err.code !== "EPIPE") console.warn("[smtp-sink]", err.message);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const arrivedFor = (to: string) => arrived.filter((a) => a.envelopeTo.some((t) => t.toLowerCase() === to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrived,
    arrivedFor,
    refuseNext: (...replies) => void refusals.push(...replies),
    async waitFor(to, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = arrivedFor(to)[0];
        if (found) return found;
        if (Date.now() > until) throw new Error(`no mail to ${to} arrived within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header as it arrived (mailparser turns List-Unsubscribe into an object; the raw line is what a client reads). */
export function rawHeader(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? "";
  return line.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim();
}
