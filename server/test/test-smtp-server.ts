import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server on loopback for tests (issues 10 and 11 read their e-mails here):
 * it requires the credentials of its URL, keeps every message it accepts, parsed, and can
 * be told to refuse the next ones at a given step.
 */

export interface ReceivedEmail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  raw: string;
}

export type RefusalStep = "MAIL FROM" | "RCPT TO" | "DATA";

export interface TestSmtpServer {
  /** smtp://user:pass@127.0.0.1:port — what SMTP_URL would hold. */
  url: string;
  port: number;
  received: ReceivedEmail[];
  /** Refuses the next `times` messages at `step` with this SMTP reply code. */
  refuse(step: RefusalStep, code: number, times?: number): void;
  /** Holds every DATA this long before answering (makes concurrent senders overlap). */
  delayMs: number;
  /** Resolves once `count` messages have arrived in all. */
  waitFor(count: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

const USER = "tiangue";
const PASS = "clave-de-prueba";

class SmtpReply extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Listens on `port` (0: any free port). */
export async function startTestSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const refusals: { step: RefusalStep; code: number; left: number }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];

  const refusal = (step: RefusalStep): SmtpReply | null => {
    const found = refusals.find((r) => r.step === step && r.left > 0);
    if (!found) return null;
    found.left--;
    return new SmtpReply(found.code, `Rechazado en ${step} por la prueba`);
  };

  const state = { delayMs: 0 };
  const server = new SMTPServer({
    // Plain SMTP with AUTH on loopback: the built-in certificate would only add warnings.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
      else callback(new SmtpReply(535, "Credenciales inválidas"));
    },
    onMailFrom(_address, _session, callback) {
      callback(refusal("MAIL FROM"));
    },
    onRcptTo(_address, _session, callback) {
      callback(refusal("RCPT TO"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        void (async () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
          const refused = refusal("DATA");
          if (refused) return callback(refused);
          const parsed = await simpleParser(raw);
          received.push({
            from: parsed.from?.text ?? "",
            to: session.envelope.rcptTo.map((r) => r.address),
            replyTo: parsed.replyTo?.text,
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId ?? "",
            raw,
          });
          callback(null);
          for (const waiter of waiters.filter((w) => received.length >= w.count)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        })();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;

  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    refuse(step, code, times = 1) {
      refusals.push({ step, code, left: times });
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    waitFor(count) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve) => waiters.push({ count, resolve: () => resolve(received) }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
