import { createTransport, type Transporter } from "nodemailer";
import type { Database } from "../../../db/client";
import * as repo from "./mail.repository";

/** The few logger methods the outbox uses; Fastify's (pino) logger is one. */
export interface MailLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailWorkerOptions {
  db: Database;
  log: MailLogger;
  /** SMTP_URL (smtp://user:pass@host:587, smtps://… for TLS from the start); unset: log only. */
  smtpUrl?: string;
  /** MAIL_FROM ('Tiangue <pedidos@tiangue.sv>'); required with smtpUrl. */
  from?: string;
  /** How long a claim holds a message; a worker that dies leaves it due again after this. */
  leaseMs?: number;
  /** Waits after the 1st, 2nd… failed attempt; the last one repeats. */
  retryDelaysMs?: readonly number[];
  /** Attempts before a message is given up as `failed`. */
  maxAttempts?: number;
  /** How often the outbox is read when nothing woke the worker. */
  pollIntervalMs?: number;
  /** Finished messages (sent, logged, failed) are deleted after this many days. */
  retentionDays?: number;
}

/**
 * How long a claimed message is a worker's: a process that dies mid-send leaves it to be
 * sent again this long after it was claimed (issue 26: 90 s, not 5 minutes, so a sign-in
 * link is not held that long after a restart). A send is abandoned at half of it (45 s),
 * longer than a slow SMTP server takes to accept a message.
 */
export const DEFAULT_LEASE_MS = 90_000;
/** 1 min, 5 min, 30 min, 2 h, 6 h, 12 h: about 21 hours from the first attempt to the last. */
export const DEFAULT_RETRY_DELAYS_MS = [
  60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000,
];
export const DEFAULT_MAX_ATTEMPTS = 7;
export const DEFAULT_POLL_INTERVAL_MS = 15_000;
export const DEFAULT_RETENTION_DAYS = 90;
/** The purge of old messages runs at most this often (and at start). */
const PURGE_EVERY_MS = 6 * 60 * 60_000;

/**
 * After a wake the worker looks again a few times in quick succession: an enqueue happens
 * inside the caller's transaction, whose row other connections see only once it commits.
 */
const RECHECK_AFTER_WAKE_MS = [50, 200, 1000, 3000];
/** A send that outlives half the lease is abandoned, so the lease never runs out mid-send. */
const sendTimeout = (leaseMs: number) => Math.floor(leaseMs / 2);
/** Recording a sent message is retried: failing it would send the message again. */
const MARK_SENT_TRIES = 3;
const MARK_SENT_RETRY_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SmtpError {
  message?: string;
  code?: string;
  command?: string;
  responseCode?: number;
  permanent?: boolean;
  response?: string;
}

/**
 * A permanent refusal of this recipient or this message (5xx on RCPT TO or DATA): sending
 * it again would be refused again. Anything else — connection, authentication, a 4xx, a
 * 5xx on MAIL FROM — may be fixed by the server or the operator, so it is retried.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const e = error as SmtpError;
  const command = e.command?.toUpperCase() ?? "";
  return e.permanent === true && (command.startsWith("RCPT") || command === "DATA");
}

/** The error as kept in `last_error`: the SMTP reply when there is one, never a stack. */
function describe(error: unknown): string {
  const e = error as SmtpError;
  const text = e.response || e.message || String(error);
  return [e.code, e.command, text].filter(Boolean).join(" · ").slice(0, 1000);
}

/** The domain of MAIL_FROM, for the Message-ID. */
function fromDomain(from: string): string {
  const match = /@([^\s>]+)/.exec(from);
  return match ? match[1] : "tiangue.localhost";
}

/**
 * Sends the outbox: claims one due message at a time (several processes may run this
 * on one database, see claimDueEmail), sends it, and records the outcome.
 */
export class MailWorker {
  private readonly db: Database;
  private readonly log: MailLogger;
  private readonly transport: Transporter | null;
  private readonly from: string;
  private readonly leaseMs: number;
  private readonly retryDelaysMs: readonly number[];
  private readonly maxAttempts: number;
  private readonly pollIntervalMs: number;
  private readonly retentionDays: number;
  private lastPurgeAt = 0;

  private started = false;
  private stopRequested = false;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<number> | undefined;
  /** How many quick rechecks are left since the last wake. */
  private rechecks: number[] = [];

  constructor(options: MailWorkerOptions) {
    this.db = options.db;
    this.log = options.log;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
    if (this.retryDelaysMs.length === 0)
      throw new Error("retryDelaysMs necesita al menos un valor");
    if (options.smtpUrl && !options.from) {
      throw new Error("MAIL_FROM es obligatorio cuando SMTP_URL está configurado");
    }
    this.from = options.from ?? "Tiangue <no-reply@tiangue.localhost>";
    this.transport = options.smtpUrl
      ? createTransport({
          url: options.smtpUrl,
          // Well under the lease, and a stuck server does not hold the worker for minutes.
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 60_000,
        })
      : null;
  }

  /** Whether messages are really sent (SMTP configured) or only logged. */
  get sending(): boolean {
    return this.transport !== null;
  }

  /** Starts polling; the first look is immediate (messages left by a previous run). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopRequested = false;
    this.schedule(0);
  }

  /** A message was just enqueued in this process: look now rather than at the next poll. */
  wake(): void {
    this.rechecks = [...RECHECK_AFTER_WAKE_MS];
    if (this.started && !this.draining) this.schedule(0);
  }

  /** Stops polling and waits for the message being sent, if any (SIGTERM). */
  async stop(): Promise<void> {
    this.started = false;
    this.stopRequested = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.draining;
    this.transport?.close();
  }

  /**
   * Sends every message due now, one after another, and resolves with how many were
   * handled (sent, logged, or failed and rescheduled). Never two drains at once.
   */
  runOnce(): Promise<number> {
    this.draining ??= this.drain().finally(() => (this.draining = undefined));
    return this.draining;
  }

  /** Deletes finished messages past their retention; resolves with how many. */
  purge(): Promise<number> {
    this.lastPurgeAt = Date.now();
    return repo.deleteFinishedBefore(this.db, this.retentionDays);
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    // The timer alone never keeps the process (or a test) alive.
    this.timer = setTimeout(() => void this.tick(), delay).unref();
  }

  private async tick() {
    this.timer = undefined;
    let handled = 0;
    try {
      handled = await this.runOnce();
      if (Date.now() - this.lastPurgeAt >= PURGE_EVERY_MS) await this.purge();
    } catch (error) {
      this.log.error({ err: error }, "Bandeja de correo: no se pudo leer la base de datos");
    }
    if (!this.started) return;
    if (handled > 0) this.rechecks = [...RECHECK_AFTER_WAKE_MS];
    this.schedule(this.rechecks.shift() ?? this.pollIntervalMs);
  }

  private async drain(): Promise<number> {
    let handled = 0;
    // Checked between messages: stop() waits for the send in flight, not for the whole queue.
    while (!this.stopRequested) {
      const claim = await repo.claimDueEmail(this.db, this.leaseMs);
      if (!claim) break;
      await this.deliver(claim);
      handled++;
    }
    return handled;
  }

  private async deliver(claim: repo.OutboxEmailRow) {
    const about = { id: claim.id, kind: claim.kind, to: claim.recipient, subject: claim.subject };
    if (claim.attempts > this.maxAttempts) {
      // Its last attempt was claimed by a process that died before recording the outcome.
      await repo.markAttemptFailed(this.db, claim, claim.lastError ?? "Intento interrumpido", null);
      this.log.error(about, "Correo descartado tras agotar sus intentos");
      return;
    }
    if (!this.transport) {
      // Only who and what: the body may carry a sign-in link or a customer's details.
      this.log.info(about, "Correo no enviado: SMTP_URL no está configurado");
      await repo.markLogged(this.db, claim);
      return;
    }

    try {
      await this.transport.sendMail({
        from: this.from,
        to: claim.recipient,
        replyTo: claim.replyTo ?? undefined,
        subject: claim.subject,
        text: claim.textBody,
        html: claim.htmlBody,
        // The same Message-ID on every attempt: should a message ever go out twice (the
        // process died between the server's "250 OK" and our record of it), mail systems
        // can tell it is one message.
        messageId: `<outbox-${claim.id}-${claim.createdAt.getTime()}@${fromDomain(this.from)}>`,
        signal: AbortSignal.timeout(sendTimeout(this.leaseMs)),
      });
    } catch (error) {
      const permanent = isPermanentRefusal(error);
      const retryInMs =
        permanent || claim.attempts >= this.maxAttempts
          ? null
          : this.retryDelaysMs[Math.min(claim.attempts, this.retryDelaysMs.length) - 1];
      await repo.markAttemptFailed(this.db, claim, describe(error), retryInMs);
      const details = { ...about, attempt: claim.attempts, error: describe(error) };
      if (retryInMs === null) this.log.error(details, "Correo no enviado: se abandona");
      else this.log.warn({ ...details, retryInMs }, "Correo no enviado: se reintentará");
      return;
    }

    for (let tries = 1; ; tries++) {
      try {
        if (!(await repo.markSent(this.db, claim))) {
          this.log.warn(about, "Correo enviado después de vencer su reserva");
        }
        return;
      } catch (error) {
        if (tries >= MARK_SENT_TRIES) throw error;
        await sleep(MARK_SENT_RETRY_MS);
      }
    }
  }
}
